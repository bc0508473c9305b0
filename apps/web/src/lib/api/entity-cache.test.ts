import { describe, expect, it } from 'vitest';
import { dehydrate, QueryClient } from '@tanstack/react-query';
import { createFlushablePersister, registerPersistFlush } from '../query-persister';
import { fromListCache, ItemNotFoundError, removeCached, upsertCached } from './entity-cache';

const list = ['maps'];
const item = (id: string) => ['maps', id];

describe('entity cache helpers', () => {
  it('a write wins over reads that were in flight when it was made, in memory and in storage', async () => {
    const client = new QueryClient();
    const storage = new Map<string, string>();
    const persister = createFlushablePersister(
      { getItem: (k) => storage.get(k) ?? null, setItem: (k, v) => void storage.set(k, v), removeItem: (k) => void storage.delete(k) },
      'cache',
      60_000,
    );
    const stop = registerPersistFlush(persister.flush);
    const unsubscribe = client.getQueryCache().subscribe(() => void persister.persistClient({ timestamp: 0, buster: '', clientState: dehydrate(client) }));
    client.setQueryData(list, [{ id: 'a', name: 'old' }]);
    let answerList!: (value: unknown) => void;
    let answerItem!: (value: unknown) => void;
    const listRead = client.fetchQuery({ queryKey: list, queryFn: () => new Promise((r) => (answerList = r)), staleTime: 0 }).catch(() => null);
    const itemRead = client.fetchQuery({ queryKey: item('a'), queryFn: () => new Promise((r) => (answerItem = r)) }).catch(() => null);
    await upsertCached(client, list, item('a'), { id: 'a', name: 'new' });
    // The old values arrive after the write.
    answerList([{ id: 'a', name: 'old' }]);
    answerItem({ id: 'a', name: 'old' });
    await Promise.all([listRead, itemRead]);
    expect(client.getQueryData(list)).toEqual([{ id: 'a', name: 'new' }]);
    expect(client.getQueryData(item('a'))).toEqual({ id: 'a', name: 'new' });
    // Persisted at once, although the throttle window is a minute.
    expect(storage.get('cache')).toContain('"name":"new"');
    expect(storage.get('cache')).not.toContain('"name":"old"');
    unsubscribe();
    stop();
  });

  it('adds, replaces and removes items in the list and detail caches', async () => {
    const client = new QueryClient();
    client.setQueryData(list, [{ id: 'a', name: 'A' }]);
    await upsertCached(client, list, item('b'), { id: 'b', name: 'B' });
    await upsertCached(client, list, item('a'), { id: 'a', name: 'A2' });
    expect(client.getQueryData(list)).toEqual([
      { id: 'a', name: 'A2' },
      { id: 'b', name: 'B' },
    ]);
    expect(client.getQueryData(item('b'))).toEqual({ id: 'b', name: 'B' });
    await removeCached(client, list, item('b'), 'b');
    expect(client.getQueryData(list)).toEqual([{ id: 'a', name: 'A2' }]);
    expect(client.getQueryData(item('b'))).toBeUndefined();
  });

  it('leaves an unloaded list unloaded', async () => {
    const client = new QueryClient();
    await upsertCached(client, list, item('a'), { id: 'a' });
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
