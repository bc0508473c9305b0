import { create } from '@bufbuild/protobuf';
import { describe, expect, it } from 'vitest';
import { SanctionKind, SanctionSchema, SanctionScope } from '../../gen/sro/moderation/moderation_pb';
import { SCOPE_NAMES, scopeText, toSanctionRecord } from './sanction-records';

describe('sanction records', () => {
  it('tells each scope apart: a game ban is not read as a ban everywhere', () => {
    const read = (scope: SanctionScope) => toSanctionRecord(create(SanctionSchema, { kind: SanctionKind.BAN, scope, scopeId: 'c-1', scopeName: 'Prime' }));
    expect([SanctionScope.CHANNEL, SanctionScope.DIMENSION, SanctionScope.EVERYWHERE, SanctionScope.GAME].map((s) => scopeText(read(s)))).toEqual([
      'Channel: Prime',
      'Dimension: Prime',
      'Everywhere',
      'Game sessions',
    ]);
    expect(read(SanctionScope.GAME).scope).toBe('game');
    expect(SCOPE_NAMES.game).toBe(SanctionScope.GAME);
  });
});
