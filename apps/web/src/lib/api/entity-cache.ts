import type { QueryClient, QueryKey } from '@tanstack/react-query';
import { flushPersistedCache } from '../query-persister';

/** docs/product.md#texts-and-errors: a cached item that is absent. */
export const itemNotFoundText = (id: string) => `Item with ID ${id} not found`;

export class ItemNotFoundError extends Error {
  constructor(id: string) {
    super(itemNotFoundText(id));
    this.name = 'ItemNotFoundError';
  }
}

interface WithId {
  id: string;
}

/**
 * A write must win over every earlier read: reads of `keys` still in flight (started before the write, so holding
 * the old values) are cancelled first — their answers are dropped — then the write is applied to the cache and
 * persisted at once (not a second later: a reload in between restored the old values). `refetch` (prefixes) are
 * queries the write changes in ways the client cannot compute (pages, totals): in-flight reads of them are
 * replaced by reads that start after the write.
 */
export async function applyWrite(client: QueryClient, keys: QueryKey[], apply: () => void, refetch: QueryKey[] = []): Promise<void> {
  await Promise.all(keys.map((queryKey) => client.cancelQueries({ queryKey, exact: true })));
  apply();
  flushPersistedCache();
  for (const queryKey of refetch) void client.invalidateQueries({ queryKey }, { cancelRefetch: true });
}

/** Puts a created or edited item into its list and detail caches at once. */
export function upsertCached<T extends WithId>(client: QueryClient, listKey: QueryKey, itemKey: QueryKey, item: T): Promise<void> {
  return applyWrite(client, [listKey, itemKey], () => {
    client.setQueryData<T[]>(listKey, (list) => {
      if (!list) return list;
      const at = list.findIndex((entry) => entry.id === item.id);
      return at === -1 ? [...list, item] : list.map((entry, i) => (i === at ? item : entry));
    });
    client.setQueryData(itemKey, item);
  });
}

/** Drops a deleted item from its list and detail caches; as it is, for use inside applyWrite. */
export function dropCached<T extends WithId>(client: QueryClient, listKey: QueryKey, itemKey: QueryKey, id: string): void {
  client.setQueryData<T[]>(listKey, (list) => list?.filter((entry) => entry.id !== id));
  client.removeQueries({ queryKey: itemKey, exact: true });
}

/** Drops a deleted item from its list and detail caches. */
export function removeCached<T extends WithId>(client: QueryClient, listKey: QueryKey, itemKey: QueryKey, id: string): Promise<void> {
  return applyWrite(client, [listKey, itemKey], () => dropCached<T>(client, listKey, itemKey, id));
}

/** A detail query may start from the list cache (and is as fresh as that list). */
export function fromListCache<T extends WithId>(client: QueryClient, listKey: QueryKey, id: string) {
  return {
    initialData: () => client.getQueryData<T[]>(listKey)?.find((entry) => entry.id === id),
    initialDataUpdatedAt: () => client.getQueryState(listKey)?.dataUpdatedAt,
  };
}
