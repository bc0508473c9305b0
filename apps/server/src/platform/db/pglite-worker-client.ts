import type { Results } from "@electric-sql/pglite";
import { extname } from "node:path";
import { fileURLToPath } from "node:url";
import { Worker } from "node:worker_threads";
import type { ThreadCall, ThreadReply, ThreadRequest, ThreadStart } from "./pglite-thread-protocol.js";

interface QueryOptions {
  rowMode?: "array" | "object";
  /** Only parsers that keep a type as text can cross to the database's thread (drizzle's are such). */
  parsers?: Record<number, unknown>;
}

/** What drizzle's pglite driver and our stores use of a PGlite instance, inside a transaction too. */
export interface PgliteQueries {
  query<T>(sql: string, params?: unknown[], options?: QueryOptions): Promise<Results<T>>;
  exec(sql: string): Promise<Results[]>;
  transaction<T>(callback: (tx: PgliteQueries) => Promise<T>): Promise<T>;
}

/**
 * PGlite on its own thread (pglite-thread.ts), with the calls of a PGlite instance that this server makes. Each
 * call is a message; results, errors (with their SQLSTATE `code`) and LISTEN notices come back as messages.
 */
export class PgliteWorkerClient implements PgliteQueries {
  private readonly pending = new Map<number, { resolve: (value: unknown) => void; reject: (error: unknown) => void }>();
  private readonly listeners = new Map<string, Set<(payload: string) => void>>();
  private nextId = 1;
  private exited: Error | undefined;
  /** Time with calls pending (the database thread working or about to), for the load watch. */
  private busyTotalMs = 0;
  private busySince = 0;

  private constructor(private readonly worker: Worker) {}

  static async start(dataDir: string | undefined): Promise<PgliteWorkerClient> {
    const client = new PgliteWorkerClient(spawnThread({ dataDir }));
    try {
      await client.started();
    } catch (error) {
      await client.worker.terminate(); // e.g. a data dir PGlite cannot open: no thread left behind
      throw error;
    }
    client.worker.unref();
    return client;
  }

  private started(): Promise<void> {
    return new Promise((resolve, reject) => {
      const fail = (error: unknown) => {
        this.exited = error instanceof Error ? error : new Error(String(error));
        for (const { reject: rejectCall } of this.pending.values()) rejectCall(this.exited);
        this.pending.clear();
        reject(this.exited);
      };
      this.worker.on("error", fail);
      this.worker.on("exit", (code) => fail(new Error(`the database thread stopped (exit code ${code})`)));
      this.worker.on("message", (message: ThreadReply) => {
        if ("ready" in message) return resolve();
        if ("failed" in message) return fail(toError(message.failed));
        if ("notify" in message) {
          for (const listener of this.listeners.get(message.notify) ?? []) listener(message.payload);
          return;
        }
        const call = this.pending.get(message.id);
        if (!call) return;
        this.pending.delete(message.id);
        if (this.pending.size === 0) {
          this.worker.unref();
          this.busyTotalMs += performance.now() - this.busySince;
        }
        if ("error" in message) call.reject(toError(message.error));
        else call.resolve(message.result);
      });
    });
  }

  private call<T>(call: ThreadCall): Promise<T> {
    if (this.exited) return Promise.reject(this.exited);
    const id = this.nextId++;
    // Like PGlite on this thread, an idle database keeps no process alive; a pending call does.
    if (this.pending.size === 0) {
      this.worker.ref();
      this.busySince = performance.now();
    }
    return new Promise<T>((resolve, reject) => {
      this.pending.set(id, { resolve: resolve as (value: unknown) => void, reject });
      const request: ThreadRequest = { ...call, id };
      this.worker.postMessage(request);
    });
  }

  /** Milliseconds so far during which at least one call was pending. */
  busyMs(): number {
    return this.busyTotalMs + (this.pending.size > 0 ? performance.now() - this.busySince : 0);
  }

  query<T>(sql: string, params?: unknown[], options?: QueryOptions, tx?: number): Promise<Results<T>> {
    const textTypes = options?.parsers ? Object.keys(options.parsers).map(Number) : undefined;
    return this.call({ op: "query", sql, params, rowMode: options?.rowMode, textTypes, tx });
  }

  exec(sql: string, tx?: number): Promise<Results[]> {
    return this.call({ op: "exec", sql, tx });
  }

  /** Commits when `callback` resolves, rolls back when it throws (and rethrows), like PGlite's own. */
  async transaction<T>(callback: (tx: PgliteQueries) => Promise<T>): Promise<T> {
    const id = await this.call<number>({ op: "begin" });
    const tx: PgliteQueries = {
      query: (sql, params, options) => this.query(sql, params, options, id),
      exec: (sql) => this.exec(sql, id),
      transaction: () => Promise.reject(new Error("nested transactions: use a savepoint")),
    };
    let result: T;
    try {
      result = await callback(tx);
    } catch (error) {
      await this.call({ op: "end", tx: id, commit: false }).catch(() => {});
      throw error;
    }
    await this.call({ op: "end", tx: id, commit: true });
    return result;
  }

  /** Like PGlite's listen: the returned function stops this callback. */
  async listen(channel: string, callback: (payload: string) => void): Promise<() => Promise<void>> {
    let set = this.listeners.get(channel);
    if (!set) {
      this.listeners.set(channel, (set = new Set()));
      await this.call({ op: "listen", channel });
    }
    set.add(callback);
    return async () => {
      set.delete(callback);
      if (set.size > 0 || this.listeners.get(channel) !== set) return;
      this.listeners.delete(channel);
      if (!this.exited) await this.call({ op: "unlisten", channel });
    };
  }

  async close(): Promise<void> {
    try {
      if (!this.exited) await this.call({ op: "close" });
    } finally {
      await this.worker.terminate();
    }
  }
}

/** An error from the database's thread, with its fields (SQLSTATE `code`, `detail`, `constraint`, …) restored. */
function toError(fields: Record<string, unknown>): Error {
  const error = new Error(typeof fields.message === "string" ? fields.message : "database error");
  Object.assign(error, fields);
  return error;
}

/**
 * The built server runs pglite-thread.js. Tests run the TypeScript sources, so there the thread first registers
 * tsx (a dev dependency) to load pglite-thread.ts.
 */
function spawnThread(start: ThreadStart): Worker {
  const self = fileURLToPath(import.meta.url);
  const entry = new URL(`./pglite-thread${extname(self)}`, import.meta.url);
  if (extname(self) !== ".ts") return new Worker(entry, { workerData: start });
  const bootstrap = `import("tsx/esm/api").then((tsx) => { tsx.register(); return import(${JSON.stringify(entry.href)}); });`;
  return new Worker(bootstrap, { eval: true, workerData: start });
}
