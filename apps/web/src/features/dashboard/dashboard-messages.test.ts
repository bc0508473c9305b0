import { describe, expect, it } from 'vitest';
import { serverCountLabel } from './dashboard-messages';

describe('serverCountLabel', () => {
  it('turns the sentinels into words and counts into numbers', () => {
    expect(serverCountLabel(-2)).toBe('Loading...');
    expect(serverCountLabel(-1)).toBe('Local Mode');
    expect(serverCountLabel(0)).toBe('0');
    expect(serverCountLabel(1200)).toBe('1,200');
  });
});
