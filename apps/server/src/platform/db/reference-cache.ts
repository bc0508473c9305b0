import { ANY_TABLE, type TableChanges } from "./table-changes.js";

export interface ReferenceCache<T> {
  /** The cached result, or a fresh read when there is none (concurrent callers share one read). */
  read(): Promise<T>;
}

/**
 * An in-memory copy of a small, often-read, rarely-written query result (the map list, the dimension list),
 * dropped whenever one of `tables` changes on any node (table-changes.ts). While changes from other nodes cannot be
 * heard, every call reads the database. A read that was running when a change arrived serves the callers that were
 * already waiting for it but is not kept: it may have started before the change.
 */
export function referenceCache<T>(changes: TableChanges, tables: readonly string[], load: () => Promise<T>): ReferenceCache<T> {
  let cached: Promise<T> | undefined;
  changes.subscribe((table) => {
    if (table === ANY_TABLE || tables.includes(table)) cached = undefined;
  });
  return {
    read() {
      if (!changes.reliable) return load();
      if (cached) return cached;
      const pending = load();
      cached = pending;
      pending.catch(() => {
        if (cached === pending) cached = undefined;
      });
      return pending;
    },
  };
}
