import { describe, expect, it } from 'vitest';
import { columnKey, parseTableQuery, selectedColumns, textMatches } from './index.js';

const COLUMNS = [
  { id: 'name', labels: ['Username'] },
  { id: 'ownerId', labels: ['Owner'] },
  { id: 'mapPath', labels: ['Map Path'] },
  { id: 'id', labels: ['ID'] },
];

describe('parseTableQuery', () => {
  it('is a trimmed, lower-cased substring without in:', () => {
    expect(parseTableQuery('  NoVa ')).toEqual({ text: 'nova', columns: null });
    expect(parseTableQuery('login:x')).toEqual({ text: 'login:x', columns: null });
  });

  it("takes columns after the last 'in:', in key form (lower case, spaces dropped)", () => {
    expect(parseTableQuery('nova in:name,Realm')).toEqual({ text: 'nova', columns: ['name', 'realm'] });
    expect(parseTableQuery('big city in: Map Path , owner')).toEqual({ text: 'big city', columns: ['mappath', 'owner'] });
    expect(parseTableQuery('a in:x b IN:y')).toEqual({ text: 'a in:x b', columns: ['y'] });
    expect(parseTableQuery('nova in:')).toEqual({ text: 'nova', columns: null });
  });
});

describe('selectedColumns', () => {
  it('names columns by id or header label, case-insensitively, spaces dropped', () => {
    expect(selectedColumns(parseTableQuery('x in:owner'), COLUMNS)).toEqual(new Set(['ownerId']));
    expect(selectedColumns(parseTableQuery('x in:mappath'), COLUMNS)).toEqual(new Set(['mapPath']));
    expect(selectedColumns(parseTableQuery('x in:Map Path,USERNAME'), COLUMNS)).toEqual(new Set(['mapPath', 'name']));
    expect(selectedColumns(parseTableQuery('x in:ownerid,id'), COLUMNS)).toEqual(new Set(['ownerId', 'id']));
    expect(selectedColumns(parseTableQuery('x'), COLUMNS)).toBeNull();
  });

  it('selects nothing for names that are no column', () => {
    expect(selectedColumns(parseTableQuery('x in:nosuch'), COLUMNS)).toEqual(new Set());
  });
});

describe('textMatches', () => {
  it('matches substrings of any cell value', () => {
    expect(textMatches('Nova Prime', 'va pr')).toBe(true);
    expect(textMatches(42, '4')).toBe(true);
    expect(textMatches(['a', 'Bob'], 'bob')).toBe(true);
    expect(textMatches(null, 'x')).toBe(false);
    expect(textMatches(null, '')).toBe(true);
  });

  it('keys drop every kind of whitespace', () => {
    expect(columnKey(' Map\tPath ')).toBe('mappath');
  });
});
