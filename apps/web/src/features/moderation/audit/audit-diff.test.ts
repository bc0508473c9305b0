import { describe, expect, it } from 'vitest';
import { changedCount, diffJson, flattenJson, RAW_FIELD } from './audit-diff';

describe('audit diff', () => {
  it('flattens nested objects to dotted paths, lists of records by index, lists of values whole', () => {
    const flat = flattenJson(
      JSON.stringify({
        name: 'Pia',
        owner: { id: 'u1', profile: { city: 'Neo' } },
        tags: ['a', 'b'],
        slots: [{ item: 'x' }, { item: 'y' }],
        empty: {},
        none: null,
        title: '',
      }),
    );
    expect(Object.fromEntries(flat)).toEqual({
      name: 'Pia',
      'owner.id': 'u1',
      'owner.profile.city': 'Neo',
      tags: '["a","b"]',
      'slots[0].item': 'x',
      'slots[1].item': 'y',
      empty: '{}',
      none: 'null',
      title: '""',
    });
  });

  it('marks changed, added, removed and unchanged fields, keeping the entity order', () => {
    const rows = diffJson(
      JSON.stringify({ id: 'c1', name: 'Pia', stats: { level: 3, xp: 10 }, realm: 'nova' }),
      JSON.stringify({ id: 'c1', name: 'Pia N', stats: { level: 3, xp: 12 }, playTime: 5 }),
    );
    expect(rows).toEqual([
      { field: 'id', before: 'c1', after: 'c1', change: 'unchanged' },
      { field: 'name', before: 'Pia', after: 'Pia N', change: 'changed' },
      { field: 'stats.level', before: '3', after: '3', change: 'unchanged' },
      { field: 'stats.xp', before: '10', after: '12', change: 'changed' },
      { field: 'realm', before: 'nova', after: undefined, change: 'removed' },
      { field: 'playTime', before: undefined, after: '5', change: 'added' },
    ]);
    expect(changedCount(rows)).toBe(4);
  });

  it('tells a number from the same digits as text, and compares lists whole', () => {
    expect(diffJson('{"v":1}', '{"v":"1"}')[0]).toMatchObject({ change: 'changed' });
    expect(diffJson('{"ids":["a","b"]}', '{"ids":["b","a"]}')[0]).toEqual({ field: 'ids', before: '["a","b"]', after: '["b","a"]', change: 'changed' });
  });

  it('treats an empty side as no fields: a create adds every field, a delete removes every field', () => {
    expect(diffJson('', '{"name":"Downtown"}')).toEqual([{ field: 'name', before: undefined, after: 'Downtown', change: 'added' }]);
    expect(diffJson('{"name":"Downtown"}', '')).toEqual([{ field: 'name', before: 'Downtown', after: undefined, change: 'removed' }]);
    expect(diffJson('', '')).toEqual([]);
  });

  it('shows a side that is not JSON whole instead of dropping it', () => {
    expect(diffJson('not json', '{"a":1}')).toEqual([
      { field: RAW_FIELD, before: 'not json', after: undefined, change: 'removed' },
      { field: 'a', before: undefined, after: '1', change: 'added' },
    ]);
    expect(Object.fromEntries(flattenJson('"just text"'))).toEqual({ [RAW_FIELD]: 'just text' });
  });
});
