import { describe, expect, it } from 'vitest';
import { filterRows, flattenFields, parseTableQuery, rowMatchesQuery } from './table-query';

const rows = [
  { id: 'c1', name: 'Nova', realm: 'human', owner: { username: 'alice' } },
  { id: 'c2', name: 'Ghost', realm: 'cyborg', owner: { username: 'NOVAK' } },
  { id: 'c3', name: 'Rook', realm: 'cyborg', owner: { username: 'bob' } },
];

describe('parseTableQuery', () => {
  it('lower-cases plain text and searches every column', () => {
    expect(parseTableQuery('  NoVa ')).toEqual({ text: 'nova', columns: null });
  });

  it("splits the 'text in:col1,col2' suffix", () => {
    expect(parseTableQuery('nova in:name,Realm')).toEqual({ text: 'nova', columns: ['name', 'realm'] });
    expect(parseTableQuery('big city in: name , realm')).toEqual({ text: 'big city', columns: ['name', 'realm'] });
  });

  it('treats an empty column list as all columns', () => {
    expect(parseTableQuery('nova in:')).toEqual({ text: 'nova', columns: null });
  });

  it('does not mistake words containing "in:" for the suffix', () => {
    expect(parseTableQuery('login:x')).toEqual({ text: 'login:x', columns: null });
  });
});

describe('rowMatchesQuery / filterRows', () => {
  it('matches a case-insensitive substring in any field, nested ones included', () => {
    expect(filterRows(rows, 'nova').map((r) => r.id)).toEqual(['c1', 'c2']);
    expect(filterRows(rows, 'BOB').map((r) => r.id)).toEqual(['c3']);
  });

  it('restricts matching to the named columns', () => {
    expect(filterRows(rows, 'nova in:name').map((r) => r.id)).toEqual(['c1']);
    expect(filterRows(rows, 'nova in:owner.username').map((r) => r.id)).toEqual(['c2']);
    expect(filterRows(rows, 'cyborg in:name').map((r) => r.id)).toEqual([]);
  });

  it('names columns by header label or id, case-insensitively, spaces dropped', () => {
    const maps = [
      { id: 'm1', name: 'Downtown', mapPath: '/Game/Maps/Downtown' },
      { id: 'm2', name: 'Game Hall', mapPath: '/Other/Hall' },
    ];
    const columns = [
      { id: 'name', labels: ['Name'] },
      { id: 'mapPath', labels: ['Map Path'] },
    ];
    const hits = (input: string) => maps.filter((m) => rowMatchesQuery(m, parseTableQuery(input), columns)).map((m) => m.id);
    expect(hits('game in:mappath')).toEqual(['m1']);
    expect(hits('game in:Map Path')).toEqual(['m1']);
    expect(hits('GAME in:NAME')).toEqual(['m2']);
    expect(hits('game in:nosuchcolumn')).toEqual([]);
  });

  it('lets everything through for empty text', () => {
    expect(filterRows(rows, '')).toHaveLength(3);
    expect(rowMatchesQuery({}, { text: '', columns: ['x'] })).toBe(true);
  });

  it('flattens nested fields into dotted names', () => {
    expect(flattenFields({ a: 1, b: { c: 'x', d: [1, 2] } })).toEqual({ a: 1, 'b.c': 'x', 'b.d': [1, 2] });
  });
});
