import { createContext, use, useCallback, useEffect, useMemo, useState, type ReactNode } from 'react';

interface GlobalSearch {
  query: string;
  setQuery: (query: string) => void;
  /** Some table on screen filters by the query: only then does the header offer the search box. */
  offered: boolean;
  /** A table that reads the query says so while it is mounted (useTableSearch). */
  register: () => () => void;
}

const GlobalSearchContext = createContext<GlobalSearch | null>(null);

/** The admin header's search text, read by whichever table is on screen. */
export function GlobalSearchProvider({ children }: { children: ReactNode }) {
  const [query, setQuery] = useState('');
  const [readers, setReaders] = useState(0);
  // Stable, so a reader's effect runs once per mount.
  const register = useCallback(() => {
    setReaders((n) => n + 1);
    return () => setReaders((n) => n - 1);
  }, []);
  const value = useMemo<GlobalSearch>(() => ({ query, setQuery, offered: readers > 0, register }), [query, readers, register]);
  return <GlobalSearchContext value={value}>{children}</GlobalSearchContext>;
}

const INERT: GlobalSearch = { query: '', setQuery: () => {}, offered: false, register: () => () => {} };

/** Outside a provider (unit tests, public pages) it is an inert empty search. */
export function useGlobalSearch(): GlobalSearch {
  return use(GlobalSearchContext) ?? INERT;
}

/**
 * The header's search text, for a table that filters by it. Calling this is what makes the header offer the box: a
 * page whose tables cannot filter locally (server-paged lists with filters of their own) never calls it.
 */
export function useTableSearch(): string {
  const { query, register } = useGlobalSearch();
  useEffect(() => register(), [register]);
  return query;
}
