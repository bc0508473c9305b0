/**
 * The embedded database's own thread: PGlite runs every statement synchronously in WebAssembly, so on the server's
 * thread each query (and each WAL segment or checkpoint) held up every request. Here it runs beside the event
 * loop; `pglite-worker-client.ts` is the other end. One PGlite instance, one session, as before.
 */
import { PGlite, type Transaction } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { parentPort, workerData } from "node:worker_threads";
import { preparedStatements } from "./pglite-statements.js";
import type { ThreadReply, ThreadRequest, ThreadStart } from "./pglite-thread-protocol.js";

const port = parentPort!;
const { dataDir } = workerData as ThreadStart;
const reply = (message: ThreadReply) => port.postMessage(message);

/** Plain fields only: an Error's class does not cross threads, its SQLSTATE `code`, `detail`, … must. */
function describe(error: unknown): Record<string, unknown> {
  if (typeof error !== "object" || error === null) return { message: String(error) };
  // Emscripten's file-system errors are plain objects ({ errno, … }), not Errors.
  const fields: Record<string, unknown> =
    error instanceof Error ? { name: error.name, message: error.message } : { message: `database failed: ${JSON.stringify(error)}` };
  for (const [key, value] of Object.entries(error)) {
    if (value === undefined || typeof value === "function" || typeof value === "object") continue;
    fields[key] = value;
  }
  return fields;
}

/** Drizzle passes parsers that keep some types as text; only their type ids cross the thread. */
const keepAsText = (types: number[] | undefined) => (types?.length ? Object.fromEntries(types.map((type) => [type, (value: string) => value])) : undefined);

async function main() {
  // One options object: `new PGlite(undefined, options)` (in-memory) silently drops the extensions.
  const db = new PGlite({ dataDir, extensions: { pg_trgm } });
  await db.waitReady;
  // PGlite is one session, so a SET holds for its whole life: zero-filling each new 16 MB WAL segment bought
  // nothing (fsync is off in PGlite) and cost ~45 ms per segment.
  await db.exec("SET wal_init_zero = off");

  interface OpenTransaction {
    tx: Transaction;
    commit: () => void;
    rollback: (reason: unknown) => void;
    /** PGlite's own transaction: settles after COMMIT or ROLLBACK. */
    finished: Promise<unknown>;
  }
  const statements = preparedStatements(db);
  const transactions = new Map<number, OpenTransaction>();
  let nextTransaction = 1;
  const unlisteners = new Map<string, () => Promise<void>>();
  const target = (tx: number | undefined) => {
    if (tx === undefined) return db;
    const open = transactions.get(tx);
    if (!open) throw new Error(`transaction ${tx} is not open`);
    return open.tx;
  };

  const handle = async (request: ThreadRequest): Promise<unknown> => {
    switch (request.op) {
      case "query": {
        const options = { rowMode: request.rowMode, parsers: keepAsText(request.textTypes) };
        return statements.query(target(request.tx), request.tx !== undefined, request.sql, request.params, options);
      }
      case "exec":
        return target(request.tx).exec(request.sql);
      case "begin": {
        const id = nextTransaction++;
        return new Promise<number>((begun, failed) => {
          // PGlite commits when the callback's promise resolves and rolls back when it rejects; the client's
          // "end" decides which. Other statements wait meanwhile, as on the server's thread before.
          const finished = db.transaction(
            (tx) =>
              new Promise<void>((commit, rollback) => {
                transactions.set(id, { tx, commit, rollback, finished });
                begun(id);
              }),
          );
          finished.catch(failed); // could not begin (once begun, this is a no-op)
        });
      }
      case "end": {
        const open = transactions.get(request.tx);
        if (!open) throw new Error(`transaction ${request.tx} is not open`);
        transactions.delete(request.tx);
        if (request.commit) open.commit();
        else open.rollback(new RollbackRequested());
        try {
          await open.finished;
        } catch (error) {
          if (!(error instanceof RollbackRequested)) throw error;
        }
        return undefined;
      }
      case "listen": {
        if (!unlisteners.has(request.channel)) {
          const channel = request.channel;
          unlisteners.set(channel, await db.listen(channel, (payload) => reply({ notify: channel, payload })));
        }
        return undefined;
      }
      case "unlisten": {
        await unlisteners.get(request.channel)?.();
        unlisteners.delete(request.channel);
        return undefined;
      }
      case "close":
        await db.close();
        return undefined;
    }
  };

  port.on("message", (request: ThreadRequest) => {
    handle(request).then(
      (result) => reply({ id: request.id, result }),
      (error: unknown) => reply({ id: request.id, error: describe(error) }),
    );
  });
  reply({ ready: true });
}

class RollbackRequested extends Error {}

main().catch((error: unknown) => reply({ failed: describe(error) }));
