/** Messages between the server's thread and the embedded database's thread (pglite-thread.ts). */

export interface ThreadStart {
  /** undefined: in memory. */
  dataDir: string | undefined;
}

/** What the server asks of the database's thread; each request carries an id its reply repeats. */
export type ThreadCall =
  | { op: "query"; sql: string; params?: unknown[]; rowMode?: "array" | "object"; textTypes?: number[]; tx?: number }
  | { op: "exec"; sql: string; tx?: number }
  | { op: "begin" }
  | { op: "end"; tx: number; commit: boolean }
  | { op: "listen"; channel: string }
  | { op: "unlisten"; channel: string }
  | { op: "close" };

export type ThreadRequest = ThreadCall & { id: number };

export type ThreadReply =
  | { id: number; result: unknown }
  | { id: number; error: Record<string, unknown> }
  | { notify: string; payload: string }
  | { ready: true }
  | { failed: Record<string, unknown> };
