import type { PersistedClient, Persister } from '@tanstack/react-query-persist-client';

type KeyValueStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

export interface FlushablePersister extends Persister {
  /** Writes the latest cache state now instead of at the end of the throttle window. */
  flush: () => void;
}

/**
 * The query cache in localStorage, written at most once per `throttleMs`, plus `flush()`: a write (create, edit,
 * delete) and leaving the page persist at once. With only the throttle, a reload within a second of a Save
 * restored the cache from before it: the old name, fresh for another minute.
 */
export function createFlushablePersister(storage: KeyValueStorage, key: string, throttleMs = 1000): FlushablePersister {
  let latest: PersistedClient | null = null;
  let timer: ReturnType<typeof setTimeout> | null = null;
  const flush = () => {
    if (timer !== null) clearTimeout(timer);
    timer = null;
    if (!latest) return;
    const client = latest;
    latest = null;
    try {
      storage.setItem(key, JSON.stringify(client));
    } catch {
      // Quota or disabled storage: an older copy must not be restored in place of this one.
      storage.removeItem(key);
    }
  };
  return {
    persistClient(client) {
      latest = client;
      timer ??= setTimeout(flush, throttleMs);
    },
    restoreClient() {
      const stored = storage.getItem(key);
      return stored ? (JSON.parse(stored) as PersistedClient) : undefined;
    },
    removeClient() {
      latest = null;
      storage.removeItem(key);
    },
    flush,
  };
}

let flushRegistered: (() => void) | null = null;

/** The app's persister registers its flush here, so the api layer can call it without holding the persister. */
export function registerPersistFlush(flush: () => void): () => void {
  flushRegistered = flush;
  return () => {
    if (flushRegistered === flush) flushRegistered = null;
  };
}

export function flushPersistedCache(): void {
  flushRegistered?.();
}
