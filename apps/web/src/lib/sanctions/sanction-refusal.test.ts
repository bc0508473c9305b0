import { describe, expect, it } from 'vitest';
import { create } from '@bufbuild/protobuf';
import { Code, ConnectError } from '@connectrpc/connect';
import { SanctionKind, SanctionSchema, SanctionScope, type Sanction } from '../../gen/sro/moderation/moderation_pb';
import { endsText, sanctionKindLabel, scopeText, stateText, subjectText, toSanctionRecord } from './sanction-records';
import { refusingSanction, sanctionRefusalOf, sanctionRefusalText, untilText } from './sanction-refusal';

const UTC = new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeStyle: 'short', timeZone: 'UTC' });
const ENDS = Date.UTC(2030, 0, 15, 14, 30);
const record = (fields: Partial<Omit<Sanction, '$typeName' | '$unknown'>>) =>
  toSanctionRecord(
    create(SanctionSchema, { id: 's', kind: SanctionKind.MUTE, scope: SanctionScope.CHANNEL, scopeId: 'ch-1', scopeName: 'General', ...fields }),
  );

describe('sanction refusal text', () => {
  it('says what, where, until when (local time) or permanently, then the moderators’ message', () => {
    expect(sanctionRefusalText(record({ expiresAtMs: BigInt(ENDS), playerMessage: 'Cool off.' }), UTC)).toBe(
      'You are muted in the channel General until 15 Jan 2030, 14:30. Message from the moderators: Cool off.',
    );
    expect(sanctionRefusalText(record({ kind: SanctionKind.BAN, scope: SanctionScope.DIMENSION, scopeName: 'Prime', expiresAtMs: 0n }), UTC)).toBe(
      'You are banned in every channel of the dimension Prime permanently.',
    );
    expect(sanctionRefusalText(record({ scope: SanctionScope.EVERYWHERE, scopeName: '', expiresAtMs: BigInt(ENDS) }), UTC)).toBe(
      'You are muted everywhere until 15 Jan 2030, 14:30.',
    );
    expect(sanctionRefusalText(record({ scopeName: '', expiresAtMs: 0n }), UTC)).toBe('You are muted in this channel permanently.');
    expect(untilText(0)).toBe('permanently');
  });

  it('reads the Sanction from a PERMISSION_DENIED error’s details; other errors have none', () => {
    const sanction = create(SanctionSchema, { id: 's-9', kind: SanctionKind.MUTE, scope: SanctionScope.EVERYWHERE, expiresAtMs: 0n });
    const error = new ConnectError('muted', Code.PermissionDenied, undefined, [{ desc: SanctionSchema, value: sanction }]);
    expect(refusingSanction(error)?.id).toBe('s-9');
    expect(sanctionRefusalOf(error)).toBe('You are muted everywhere permanently.');
    expect(sanctionRefusalOf(new ConnectError('nope', Code.PermissionDenied))).toBeNull();
    expect(sanctionRefusalOf(new Error('boom'))).toBeNull();
  });

  it('names lists’ cells: subject, kind, scope, end, state', () => {
    const accountBan = record({ kind: SanctionKind.BAN, scope: SanctionScope.EVERYWHERE, characterId: '', accountId: 'u-1', accountName: 'player' });
    expect(sanctionKindLabel(accountBan)).toBe('Account ban');
    expect(subjectText(accountBan)).toBe('player (account)');
    expect(scopeText(accountBan)).toBe('Everywhere');
    const mute = record({ characterId: 'c-1', characterName: 'Pia', active: true });
    expect([sanctionKindLabel(mute), subjectText(mute), scopeText(mute), stateText(mute)]).toEqual(['Mute', 'Pia', 'Channel: General', 'Active']);
    expect(stateText(record({ revokedAtMs: 5n }))).toBe('Revoked');
    expect(stateText(record({}))).toBe('Expired');
    expect(endsText(0)).toBe('permanent');
    expect(endsText(ENDS, UTC)).toBe('15 Jan 2030, 14:30');
  });
});
