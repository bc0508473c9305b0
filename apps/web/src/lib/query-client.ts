import { QueryClient } from '@tanstack/react-query';
import { ItemNotFoundError } from './api/entity-cache';
import { onSignOut } from './auth/sign-out-cleanup';
import { QUERY_CACHE_STORAGE_KEY } from './query-cache-key';
import { createFlushablePersister } from './query-persister';
import { mayAnswerDifferently } from './rpc/rpc-error';

/** docs/product.md#states-and-transitions, #constants-and-limits: entity caches live in localStorage and are fresh for one minute. */
export const QUERY_STALE_TIME_MS = 60_000;

export function createAppQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: QUERY_STALE_TIME_MS,
        // Kept long enough to be worth persisting across reloads.
        gcTime: 24 * 60 * 60 * 1000,
        // Once, and only when a second try may answer differently: a refused or too slow search shows at once.
        retry: retryOnce,
      },
    },
  });
}

export function retryOnce(failureCount: number, error: unknown): boolean {
  return failureCount < 1 && !(error instanceof ItemNotFoundError) && mayAnswerDifferently(error);
}

export function createQueryPersister(storage: Pick<Storage, 'getItem' | 'setItem' | 'removeItem'> = window.localStorage) {
  return createFlushablePersister(storage, QUERY_CACHE_STORAGE_KEY, 1000);
}

/**
 * The persister's view of localStorage, closed by sign-out: the persister writes at most once a second, so a write
 * it had scheduled (or one that a clear of the cache schedules) would otherwise put the cache back after sign-out.
 */
export function signOutGatedStorage(storage: Storage = window.localStorage) {
  let open = true;
  return {
    storage: {
      getItem: (key: string) => storage.getItem(key),
      setItem: (key: string, value: string) => {
        if (open) storage.setItem(key, value);
      },
      removeItem: (key: string) => storage.removeItem(key),
    },
    close: () => {
      open = false;
    },
  };
}

/** Another user on this browser must not see the previous user's cached data. */
export function clearQueryCacheOnSignOut(client: QueryClient, storage: Storage = window.localStorage, closePersistence = () => {}): () => void {
  return onSignOut(() => {
    closePersistence();
    client.clear();
    storage.removeItem(QUERY_CACHE_STORAGE_KEY);
  });
}
