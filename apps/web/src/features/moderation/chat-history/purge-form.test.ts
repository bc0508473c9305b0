import { describe, expect, it } from 'vitest';
import { PURGE_CHARACTER_REQUIRED, PURGE_RANGE_ERROR, purgedText, purgeRequestOf, type PurgeForm } from './purge-form';

const form: PurgeForm = { characterId: 'c-1', accountId: 'acc-1', scope: 'character', from: '', to: '', reason: ' Spam ' };

describe('purge form', () => {
  it('asks for a character or its account, never both', () => {
    expect(purgeRequestOf(form).request).toEqual({ characterId: 'c-1', accountId: '', fromMs: 0, toMs: 0, reason: 'Spam' });
    expect(purgeRequestOf({ ...form, scope: 'account' }).request).toMatchObject({ characterId: '', accountId: 'acc-1' });
  });

  it('names what is missing or wrong', () => {
    expect(purgeRequestOf({ ...form, characterId: null }).errors.character).toBe(PURGE_CHARACTER_REQUIRED);
    expect(purgeRequestOf({ ...form, scope: 'account', accountId: null }).errors.character).toBe(PURGE_CHARACTER_REQUIRED);
    expect(purgeRequestOf({ ...form, reason: '  ' }).errors.reason).toMatch(/required/);
    expect(purgeRequestOf({ ...form, from: '2025-03-01T19:00', to: '2025-03-01T18:00' }).errors.range).toBe(PURGE_RANGE_ERROR);
  });

  it("turns the window into inclusive milliseconds; 'To' covers its minute", () => {
    const r = purgeRequestOf({ ...form, from: '2025-03-01T18:00', to: '2025-03-01T18:30' }).request!;
    expect(r.fromMs).toBe(new Date('2025-03-01T18:00').getTime());
    expect(r.toMs).toBe(new Date('2025-03-01T18:30').getTime() + 59_999);
  });

  it('says how many were deleted', () => {
    expect(purgedText(0)).toMatch(/nothing was deleted/);
    expect(purgedText(1)).toBe('1 message deleted');
    expect(purgedText(12)).toBe('12 messages deleted');
    expect(purgedText(12_345)).toBe('12,345 messages deleted');
  });

  it('says when more remain (the server deletes at most 5,000 per call)', () => {
    expect(purgedText(5000, true)).toBe('5,000 messages deleted; more remain. Continue to delete the next ones.');
    expect(purgedText(10_000, false)).toBe('10,000 messages deleted');
  });
});
