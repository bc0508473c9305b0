import { describe, expect, it } from 'vitest';
import {
  durationFields,
  durationSeconds,
  durationText,
  initialValues,
  kindChoices,
  sanctionFormSchema,
  suggestionText,
  texts,
  toIssueInput,
  type SanctionFormValues,
} from './sanction-form-schema';

const target = { characterId: 'c-pia', characterName: 'Pia Nightshade', accountId: 'u-player' };
const valid = (changes: Partial<SanctionFormValues> = {}): SanctionFormValues => ({
  ...initialValues({ channelId: 'ch-1' }, false),
  reason: 'Spam',
  ...changes,
});

/** Each failing field with its message. */
function errors(values: SanctionFormValues): Record<string, string> {
  const result = sanctionFormSchema.safeParse(values);
  if (result.success) return {};
  return Object.fromEntries(result.error.issues.map((i) => [i.path.join('.'), i.message]));
}

describe('sanction form schema', () => {
  it('takes the game scope for a ban only, sent without a scope id', () => {
    expect(errors(valid({ scope: 'game' }))).toEqual({ scope: texts.gameScopeBansOnly });
    expect(errors(valid({ scope: 'game', kind: 'ban' }))).toEqual({});
    expect(toIssueInput(valid({ scope: 'game', kind: 'ban' }), target)).toMatchObject({ kind: 'ban', scope: 'game', scopeId: '', characterId: 'c-pia' });
  });

  it("starts as a one-hour mute in the narrowest scope known: the line's channel, the character's dimension, else everywhere", () => {
    expect(initialValues({ channelId: 'ch-1' }, false)).toMatchObject({
      subject: 'character',
      kind: 'mute',
      scope: 'channel',
      channelId: 'ch-1',
      duration: '3600',
    });
    expect(initialValues({ dimensionId: 'dim-1' }, false)).toMatchObject({ scope: 'dimension', dimensionId: 'dim-1', channelId: '' });
    expect(initialValues({}, true)).toMatchObject({ scope: 'everywhere', channelId: '', isAdmin: true });
  });

  it('requires a reason (not only spaces) of at most 500 characters, and a player message of at most 500', () => {
    expect(errors(valid({ reason: '   ' }))).toEqual({ reason: texts.reasonRequired });
    expect(texts.reasonRequired).toBe('Reason is required');
    expect(errors(valid({ reason: 'x'.repeat(501) }))).toEqual({ reason: 'Reason must be at most 500 characters' });
    expect(errors(valid({ reason: 'x'.repeat(500), playerMessage: 'y'.repeat(501) }))).toEqual({
      playerMessage: 'Player message must be at most 500 characters',
    });
    expect(errors(valid())).toEqual({});
  });

  it('asks for the channel or the dimension its scope names', () => {
    expect(errors(valid({ scope: 'channel', channelId: '' }))).toEqual({ channelId: 'Channel is required for a channel sanction' });
    expect(errors(valid({ scope: 'dimension', dimensionId: '' }))).toEqual({ dimensionId: 'Dimension is required for a dimension sanction' });
    expect(errors(valid({ scope: 'dimension', dimensionId: 'd-prime' }))).toEqual({});
    expect(errors(valid({ scope: 'everywhere', channelId: '' }))).toEqual({});
  });

  it('takes a custom duration as a whole number of minutes, hours or days up to ten years', () => {
    expect(errors(valid({ duration: 'custom', customAmount: 0 }))).toEqual({ customAmount: 'Custom duration must be a whole number of 1 or more' });
    expect(errors(valid({ duration: 'custom', customAmount: 1.5 }))).toEqual({ customAmount: texts.customAmountInvalid });
    expect(errors(valid({ duration: 'custom', customAmount: Number.NaN }))).toEqual({ customAmount: texts.customAmountInvalid });
    expect(errors(valid({ duration: 'custom', customAmount: 3651, customUnit: 'days' }))).toEqual({ customAmount: texts.customTooLong });
    expect(durationSeconds(valid({ duration: 'custom', customAmount: 90, customUnit: 'minutes' }))).toBe(5400);
    expect(durationSeconds(valid({ duration: 'custom', customAmount: 7, customUnit: 'days' }))).toBe(604800);
    expect(durationSeconds(valid({ duration: '60' }))).toBe(60);
    expect(durationSeconds(valid({ duration: 'permanent' }))).toBe(-1);
  });

  it("offers 'Account ban' to admins only, and refuses it for anyone else", () => {
    expect(kindChoices(false).map((k) => k.label)).toEqual(['Mute', 'Ban']);
    expect(kindChoices(true).map((k) => k.label)).toEqual(['Mute', 'Ban', 'Account ban']);
    expect(errors(valid({ kind: 'account-ban' }))).toEqual({ kind: 'Kind: only admins issue account bans' });
    expect(errors(valid({ kind: 'account-ban', isAdmin: true, scope: 'channel', channelId: '' }))).toEqual({});
  });

  it('builds the request: a character sanction, an account-wide one, an account ban', () => {
    expect(toIssueInput(valid({ reason: '  Spam  ', playerMessage: ' stop ' }), target)).toEqual({
      kind: 'mute',
      scope: 'channel',
      scopeId: 'ch-1',
      characterId: 'c-pia',
      accountId: '',
      durationSeconds: 3600,
      reason: 'Spam',
      playerMessage: 'stop',
    });
    expect(toIssueInput(valid({ subject: 'account', kind: 'ban', scope: 'dimension', dimensionId: 'd-prime', duration: '86400' }), target)).toMatchObject({
      kind: 'ban',
      scope: 'dimension',
      scopeId: 'd-prime',
      characterId: '',
      accountId: 'u-player',
      durationSeconds: 86400,
    });
    expect(toIssueInput(valid({ kind: 'account-ban', isAdmin: true, duration: 'permanent' }), target)).toMatchObject({
      kind: 'ban',
      scope: 'everywhere',
      scopeId: '',
      characterId: '',
      accountId: 'u-player',
      durationSeconds: -1,
    });
  });

  it('turns a ladder step into the form: a preset, permanent, or custom in the largest whole unit', () => {
    expect(durationFields(3600)).toMatchObject({ duration: '3600' });
    expect(durationFields(-1)).toMatchObject({ duration: 'permanent' });
    expect(durationFields(7 * 86400)).toEqual({ duration: 'custom', customAmount: 7, customUnit: 'days' });
    expect(durationFields(2 * 3600)).toEqual({ duration: 'custom', customAmount: 2, customUnit: 'hours' });
    expect(durationFields(90)).toEqual({ duration: 'custom', customAmount: 2, customUnit: 'minutes' });
  });

  it("says what the history suggests: 'Suggested from history: …'", () => {
    expect(suggestionText({ kind: 'mute', durationSeconds: 3600 }, 0)).toBe('Suggested from history: Mute for 1 hour (no earlier sanctions).');
    expect(suggestionText({ kind: 'ban', durationSeconds: 7 * 86400 }, 2)).toBe('Suggested from history: Ban for 7 days (2 earlier sanctions).');
    expect(suggestionText({ kind: 'ban', durationSeconds: -1 }, 1)).toBe('Suggested from history: Ban permanently (1 earlier sanction).');
    expect(durationText(60)).toBe('1 minute');
    expect(durationText(45)).toBe('45 seconds');
  });
});
