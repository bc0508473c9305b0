import { useEffect, useState, type ReactNode } from 'react';
import { PersistQueryClientProvider } from '@tanstack/react-query-persist-client';
import { registerPersistFlush } from './query-persister';
import { clearQueryCacheOnSignOut, createAppQueryClient, createQueryPersister, signOutGatedStorage } from './query-client';

const PERSIST_MAX_AGE_MS = 24 * 60 * 60 * 1000;

/**
 * What is written to localStorage: successful queries (TanStack's default), except live figures marked
 * `meta: { persist: false }` (the operations wall): a reload must not show old figures as current.
 */
const shouldDehydrateQuery = (query: { state: { status: string }; meta?: Record<string, unknown> }) =>
  query.state.status === 'success' && query.meta?.persist !== false;

/** Server-state cache for the admin console, restored from localStorage on load. */
export function QueryProvider({ children }: { children: ReactNode }) {
  const [client] = useState(createAppQueryClient);
  const [gate] = useState(() => signOutGatedStorage());
  const [persister] = useState(() => createQueryPersister(gate.storage));
  useEffect(() => clearQueryCacheOnSignOut(client, window.localStorage, gate.close), [client, gate]);
  useEffect(() => {
    const unregister = registerPersistFlush(persister.flush);
    // A reload or a closed tab must not lose the last second of writes.
    window.addEventListener('pagehide', persister.flush);
    return () => {
      unregister();
      window.removeEventListener('pagehide', persister.flush);
    };
  }, [persister]);
  return (
    <PersistQueryClientProvider client={client} persistOptions={{ persister, maxAge: PERSIST_MAX_AGE_MS, dehydrateOptions: { shouldDehydrateQuery } }}>
      {children}
    </PersistQueryClientProvider>
  );
}
