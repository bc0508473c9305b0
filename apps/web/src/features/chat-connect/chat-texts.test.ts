import { describe, expect, it } from 'vitest';
import { BAN_OPTIONS, banFailedText, banMenuItemText, banSuccessText } from './chat-texts';

describe('ban choices', () => {
  it('labels match their durations (the old app called 60 s "5 minute")', () => {
    expect(BAN_OPTIONS.map((o) => [o.label, o.seconds])).toEqual([
      ['1 minute', 60],
      ['1 hour', 3600],
      ['1 day', 86400],
      ['permanently', -1],
    ]);
    expect(BAN_OPTIONS.map(banMenuItemText)).toEqual(['Ban for 1 minute', 'Ban for 1 hour', 'Ban for 1 day', 'Ban permanently']);
  });

  it('the success message says how long, in seconds and words, or permanently', () => {
    expect(banSuccessText('Pia Nightshade', BAN_OPTIONS[0]!)).toBe('Pia Nightshade is banned from this chat for 60s (1 minute).');
    expect(banSuccessText('Pia Nightshade', BAN_OPTIONS[2]!)).toBe('Pia Nightshade is banned from this chat for 86400s (1 day).');
    expect(banSuccessText('Pia Nightshade', BAN_OPTIONS[3]!)).toBe('Pia Nightshade is banned from this chat permanently.');
  });

  it("failures read 'Error banning user: …'", () => {
    expect(banFailedText('PERMISSION_DENIED: no')).toBe('Error banning user: PERMISSION_DENIED: no');
  });
});
