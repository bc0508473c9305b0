import type { QueryClient, QueryKey } from '@tanstack/react-query';

/** SPEC §8: a cached item that is absent. */
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

/** Puts a created or edited item into its list and detail caches at once. */
export function upsertCached<T extends WithId>(client: QueryClient, listKey: QueryKey, itemKey: QueryKey, item: T): void {
  client.setQueryData<T[]>(listKey, (list) => {
    if (!list) return list;
    const at = list.findIndex((entry) => entry.id === item.id);
    return at === -1 ? [...list, item] : list.map((entry, i) => (i === at ? item : entry));
  });
  client.setQueryData(itemKey, item);
}

/** Drops a deleted item from its list and detail caches. */
export function removeCached<T extends WithId>(client: QueryClient, listKey: QueryKey, itemKey: QueryKey, id: string): void {
  client.setQueryData<T[]>(listKey, (list) => list?.filter((entry) => entry.id !== id));
  client.removeQueries({ queryKey: itemKey, exact: true });
}

/** A detail query may start from the list cache (and is as fresh as that list). */
export function fromListCache<T extends WithId>(client: QueryClient, listKey: QueryKey, id: string) {
  return {
    initialData: () => client.getQueryData<T[]>(listKey)?.find((entry) => entry.id === id),
    initialDataUpdatedAt: () => client.getQueryState(listKey)?.dataUpdatedAt,
  };
}
