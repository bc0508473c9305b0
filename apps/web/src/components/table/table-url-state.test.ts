import { describe, expect, it } from 'vitest';
import { sortableIds, tableStateFromSearch, tableStateToSearch } from './table-url-state';

const read = (query: string) => tableStateFromSearch(new URLSearchParams(query));

describe('a table state in the URL', () => {
  it('reads sort (- for descending), a page counted from 1 and a page size, and writes them back', () => {
    const state = read('sort=-playTime&page=3&size=25');
    expect(state).toEqual({ sort: { id: 'playTime', desc: true }, pageIndex: 2, pageSize: 25, others: '' });
    expect(tableStateToSearch(state).toString()).toBe('sort=-playTime&page=3&size=25');
    expect(tableStateToSearch(read('sort=name')).toString()).toBe('sort=name');
  });

  it('leaves defaults out, so an unsorted first page of 10 is the bare path', () => {
    expect(tableStateToSearch(read('page=1&size=10')).toString()).toBe('');
  });

  it('reads what it cannot understand as the default, never as an error', () => {
    for (const query of ['page=0', 'page=-2', 'page=2.5', 'page=abc', 'page=1e400']) expect(read(query).pageIndex, query).toBe(0);
    for (const query of ['size=7', 'size=abc', 'size=10000']) expect(read(query).pageSize, query).toBe(10);
    for (const query of ['sort=', 'sort=-', 'sort=<script>', 'sort=--name']) expect(read(query).sort, query).toBeNull();
  });

  it("keeps the query's other parameters as they are", () => {
    const state = read('q=nova&page=2&tab=maps');
    expect(state.others).toBe('q=nova&tab=maps');
    expect(tableStateToSearch({ ...state, pageIndex: 0 }).toString()).toBe('q=nova&tab=maps');
  });

  it('sorts by the columns that allow it', () => {
    expect(sortableIds([{ id: 'name' }, { id: 'actions', enableSorting: false }, {}])).toEqual(['name']);
  });
});
