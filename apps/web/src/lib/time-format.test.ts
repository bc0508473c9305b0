import { describe, expect, it } from 'vitest';
import { durationValue, formatAge, formatPlayTime } from './time-format';

describe('time formatting', () => {
  it('formats playtime compactly', () => {
    expect(formatPlayTime(0)).toBe('0s');
    expect(formatPlayTime(45)).toBe('45s');
    expect(formatPlayTime(125)).toBe('2m');
    expect(formatPlayTime(3 * 3600 + 5 * 60)).toBe('3h 5m');
    expect(formatPlayTime(90061)).toBe('1d 1h 1m');
  });

  it('gives a total as a value and a unit', () => {
    expect(durationValue(30)).toEqual({ value: '30', unit: 'seconds' });
    expect(durationValue(60)).toEqual({ value: '1', unit: 'minute' });
    expect(durationValue(45_000)).toEqual({ value: '12.5', unit: 'hours' });
    expect(durationValue(10 * 86400)).toEqual({ value: '10', unit: 'days' });
    expect(durationValue(4_000_000 * 86400).value).toBe('4,000,000');
  });

  it("says 'just now' under 10 s and appends ' old' otherwise", () => {
    const now = 1_700_000_000_000;
    const ago = (s: number) => formatAge(now / 1000 - s, now);
    expect(ago(0)).toBe('just now');
    expect(ago(9)).toBe('just now');
    expect(ago(10)).toBe('10 seconds old');
    expect(ago(60)).toBe('1 minute old');
    expect(ago(3 * 3600)).toBe('3 hours old');
    expect(ago(2 * 86400)).toBe('2 days old');
    expect(ago(400 * 86400)).toBe('1 year old');
  });
});
