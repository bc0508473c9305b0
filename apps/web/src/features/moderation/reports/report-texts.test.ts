import { describe, expect, it } from 'vitest';
import { noteProblem, resolvedText } from './report-texts';

describe('report texts', () => {
  it('requires a note of 1..500 characters', () => {
    expect(noteProblem('   ')).toBe('Write a short note: it is kept with the resolution.');
    expect(noteProblem('ok')).toBeUndefined();
    expect(noteProblem('x'.repeat(501))).toBe('Keep the note to 500 characters (now 501).');
  });

  it('says what a resolution closed', () => {
    expect(resolvedText('dismissed', 1)).toBe('Reports dismissed: 1 report closed.');
    expect(resolvedText('deleted', 3)).toBe('Message deleted: 3 reports closed.');
  });
});
