import { describe, expect, it } from 'vitest';
import { QueryClient } from '@tanstack/react-query';
import { fromListCache, ItemNotFoundError, removeCached, upsertCached } from './entity-cache';

const list = ['maps'];
const item = (id: string) => ['maps', id];

describe('entity cache helpers', () => {
  it('adds, replaces and removes items in the list and detail caches', () => {
    const client = new QueryClient();
    client.setQueryData(list, [{ id: 'a', name: 'A' }]);
    upsertCached(client, list, item('b'), { id: 'b', name: 'B' });
    upsertCached(client, list, item('a'), { id: 'a', name: 'A2' });
    expect(client.getQueryData(list)).toEqual([
      { id: 'a', name: 'A2' },
      { id: 'b', name: 'B' },
    ]);
    expect(client.getQueryData(item('b'))).toEqual({ id: 'b', name: 'B' });
    removeCached(client, list, item('b'), 'b');
    expect(client.getQueryData(list)).toEqual([{ id: 'a', name: 'A2' }]);
    expect(client.getQueryData(item('b'))).toBeUndefined();
  });

  it('leaves an unloaded list unloaded', () => {
    const client = new QueryClient();
    upsertCached(client, list, item('a'), { id: 'a' });
    expect(client.getQueryData(list)).toBeUndefined();
    expect(client.getQueryData(item('a'))).toEqual({ id: 'a' });
  });

  it('seeds a detail from the list cache', () => {
    const client = new QueryClient();
    client.setQueryData(list, [{ id: 'a', name: 'A' }]);
    const seed = fromListCache<{ id: string }>(client, list, 'a');
    expect(seed.initialData()).toEqual({ id: 'a', name: 'A' });
    expect(seed.initialDataUpdatedAt()).toBeGreaterThan(0);
    expect(fromListCache(client, list, 'zz').initialData()).toBeUndefined();
  });

  it("names a missing item 'Item with ID {id} not found'", () => {
    expect(new ItemNotFoundError('x1').message).toBe('Item with ID x1 not found');
  });
});
