import { describe, expect, it } from 'vitest';
import { changedFields } from './changed-fields';

describe('changedFields', () => {
  it('keeps only the fields that changed, comparing arrays by value', () => {
    const before = { name: 'Alpha', version: '1', mapIds: ['a', 'b'], public: false };
    expect(changedFields(before, { ...before, mapIds: ['a', 'b'] })).toEqual({});
    expect(changedFields(before, { ...before, name: 'Beta', mapIds: ['b'], public: true })).toEqual({
      name: 'Beta',
      mapIds: ['b'],
      public: true,
    });
  });
});
