import pg from "pg";
import type { PgliteWorkerClient } from "./pglite-worker-client.js";

/** The channel the migration 0005 triggers notify on; the payload is the table's name. */
export const TABLE_CHANGES_CHANNEL = "sro_table_changes";

export type TableChangeListener = (table: string) => void;

/**
 * Which tables changed, for in-memory caches of database rows (reference-cache.ts).
 *
 * Writes on this node announce themselves at once (`announce`, after their commit), so a client reads its own
 * write; the database's triggers tell every node, including this one, on commit (LISTEN), which covers writes from
 * other nodes and scripts. While the LISTEN connection is down a notice can be missed, so `reliable` is false and
 * caches must read through; on every (re)connect all listeners hear "*" (anything may have changed).
 */
export interface TableChanges {
  subscribe(listener: TableChangeListener): () => void;
  announce(...tables: string[]): void;
  readonly reliable: boolean;
  close(): Promise<void>;
}

/** Any table: sent on (re)connect, when notices may have been missed. */
export const ANY_TABLE = "*";

function createHub() {
  const listeners = new Set<TableChangeListener>();
  return {
    subscribe(listener: TableChangeListener) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
    announce(...tables: string[]) {
      for (const table of tables) for (const listener of listeners) listener(table);
    },
  };
}

/** PGlite: one process owns the data dir, so notices come from this node only; they are delivered on commit. */
export async function pgliteTableChanges(client: Pick<PgliteWorkerClient, "listen">): Promise<TableChanges> {
  const hub = createHub();
  const unlisten = await client.listen(TABLE_CHANGES_CHANNEL, (table) => hub.announce(table));
  return { ...hub, reliable: true, close: () => unlisten() };
}

export interface PostgresTableChangesOptions {
  /** First delay before reconnecting the LISTEN connection; doubles up to 5 s. */
  retryMs?: number;
}

/** PostgreSQL: a dedicated connection LISTENs (a pooled one would be handed to other queries). */
export function postgresTableChanges(url: string, options: PostgresTableChangesOptions = {}): TableChanges {
  const hub = createHub();
  const firstRetryMs = options.retryMs ?? 250;
  let client: pg.Client | undefined;
  let listening = false;
  let closed = false;
  let retryMs = firstRetryMs;
  let retryTimer: NodeJS.Timeout | undefined;

  const dropped = (failed: pg.Client) => {
    if (client !== failed) return;
    client = undefined;
    listening = false;
    failed.end().catch(() => {});
    if (closed) return;
    retryTimer = setTimeout(connect, retryMs);
    retryTimer.unref();
    retryMs = Math.min(retryMs * 2, 5_000);
  };

  function connect() {
    if (closed) return;
    const next = new pg.Client({ connectionString: url, connectionTimeoutMillis: 5_000, keepAlive: true });
    client = next;
    next.on("error", () => dropped(next));
    next.on("end", () => dropped(next));
    next.on("notification", (message) => {
      if (message.channel === TABLE_CHANGES_CHANNEL && message.payload) hub.announce(message.payload);
    });
    next
      .connect()
      .then(() => next.query(`LISTEN ${TABLE_CHANGES_CHANNEL}`))
      .then(() => {
        if (client !== next) return;
        listening = true;
        retryMs = firstRetryMs;
        // Whatever changed while nobody listened is unknown.
        hub.announce(ANY_TABLE);
      })
      .catch(() => dropped(next));
  }
  connect();

  return {
    ...hub,
    get reliable() {
      return listening;
    },
    async close() {
      closed = true;
      clearTimeout(retryTimer);
      const current = client;
      client = undefined;
      listening = false;
      await current?.end().catch(() => {});
    },
  };
}

/**
 * Runs a write, then tells this node's caches at once (other nodes hear the database's notice). Also after a
 * failed write: it may have committed before the connection broke.
 */
export async function announceAfter<T>(changes: TableChanges, tables: string[], write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } finally {
    changes.announce(...tables);
  }
}
