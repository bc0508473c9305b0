import { describe, expect, it } from 'vitest';
import { deletedIdsOf, withoutDeleted } from './deleted-messages';

describe('deleted messages in a live view', () => {
  it('reads the ids of a deletion notice only', () => {
    expect(deletedIdsOf({ notice: { deletedMessageIds: ['7', '9'] } })).toEqual(['7', '9']);
    expect(deletedIdsOf({ notice: { deletedMessageIds: [] } })).toBeUndefined();
    expect(deletedIdsOf({})).toBeUndefined();
  });

  it('drops the deleted lines and keeps the rest in order', () => {
    const lines = [{ id: '1' }, { id: '2' }, { id: '' }, { id: '3' }];
    expect(withoutDeleted(lines, ['2', '3'])).toEqual([{ id: '1' }, { id: '' }]);
  });

  it('returns the same array when nothing shown was deleted (no re-render)', () => {
    const lines = [{ id: '1' }];
    expect(withoutDeleted(lines, ['5'])).toBe(lines);
  });
});
