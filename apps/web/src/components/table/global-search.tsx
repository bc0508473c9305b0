import { createContext, use, useMemo, useState, type ReactNode } from 'react';

interface GlobalSearch {
  query: string;
  setQuery: (query: string) => void;
}

const GlobalSearchContext = createContext<GlobalSearch | null>(null);

/** The admin header's search text, read by whichever table is on screen. */
export function GlobalSearchProvider({ children }: { children: ReactNode }) {
  const [query, setQuery] = useState('');
  const value = useMemo(() => ({ query, setQuery }), [query]);
  return <GlobalSearchContext value={value}>{children}</GlobalSearchContext>;
}

/** Outside a provider (unit tests, public pages) it is an inert empty search. */
export function useGlobalSearch(): GlobalSearch {
  return use(GlobalSearchContext) ?? { query: '', setQuery: () => {} };
}
