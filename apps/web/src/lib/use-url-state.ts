import { useCallback, useEffect, useRef } from 'react';
import { useSearchParams } from 'react-router';

/**
 * A page's state kept in the URL's query (filters, page), read with `fromSearch` and written with `toSearch`. Changes
 * replace the URL rather than push it, so Back leaves the page instead of undoing each keystroke.
 *
 * The router applies a URL change in a transition, and hands even the functional setter the rendered query. So a
 * second change made before the page renders the first (type an actor, Tab, pick an action) builds here on the query
 * last asked for, or it would put the old value back. Pass module-level functions: they are dependencies.
 */
export function useUrlState<T>(fromSearch: (params: URLSearchParams) => T, toSearch: (state: T) => URLSearchParams): [T, (change: (current: T) => T) => void] {
  const [params, setParams] = useSearchParams();
  const search = params.toString();
  const asked = useRef<string | null>(null);
  useEffect(() => {
    if (asked.current === search) asked.current = null;
  }, [search]);
  const setState = useCallback(
    (change: (current: T) => T) => {
      const next = toSearch(change(fromSearch(new URLSearchParams(asked.current ?? search))));
      asked.current = next.toString();
      setParams(next, { replace: true });
    },
    [fromSearch, toSearch, search, setParams],
  );
  return [fromSearch(params), setState];
}
