import { useEffect, useState } from 'react';

export type DefaultLoader<T> = () => Promise<{ default: T }>;

const loaded = new Map<DefaultLoader<unknown>, unknown>();

/**
 * A lazily loaded module's default export, without Suspense: null while loading, then the export (at once on
 * later mounts). React reveals Suspense content at most once per 300 ms after a fallback showed, which cost a
 * cold admin load two such waits (guard, then console) before the first request went out.
 */
export function useLazyDefault<T>(load: DefaultLoader<T>): T | null {
  const [value, setValue] = useState<T | null>(() => (loaded.get(load) as T | undefined) ?? null);
  const [error, setError] = useState<Error | null>(null);
  useEffect(() => {
    if (value !== null) return;
    let live = true;
    load().then(
      (module) => {
        loaded.set(load, module.default);
        // The export may be a component (a function): wrap it so React does not call it as an updater.
        if (live) setValue(() => module.default);
      },
      (reason: unknown) => live && setError(reason instanceof Error ? reason : new Error('module failed to load', { cause: reason })),
    );
    return () => {
      live = false;
    };
  }, [load, value]);
  // A failed chunk load surfaces like a failed React.lazy: thrown to the nearest error boundary.
  if (error !== null) throw error;
  return value;
}
