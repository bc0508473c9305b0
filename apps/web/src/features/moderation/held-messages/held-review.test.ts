import { describe, expect, it } from 'vitest';
import { denyReasonError, heldAgeText } from './held-review';

describe('held review rules', () => {
  it('a deny needs a reason of 1..500 characters', () => {
    expect(denyReasonError('   ')).toMatch(/Enter a reason/);
    expect(denyReasonError('No trading')).toBeUndefined();
    expect(denyReasonError('x'.repeat(501))).toContain('501');
  });

  it('tells how long a message has waited', () => {
    expect(heldAgeText(0, 42_000)).toBe('held 42 s ago');
    expect(heldAgeText(0, 3 * 60_000 + 5_000)).toBe('held 3 min ago');
    expect(heldAgeText(0, 2 * 3_600_000)).toBe('held 2 h ago');
    expect(heldAgeText(0, 3 * 86_400_000)).toBe('held 3 days ago');
  });
});
