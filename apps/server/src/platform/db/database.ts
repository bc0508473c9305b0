import { mkdirSync } from "node:fs";
import { fileURLToPath } from "node:url";
import type { PGlite } from "@electric-sql/pglite";
import { sql } from "drizzle-orm";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import { migrate as migratePg } from "drizzle-orm/node-postgres/migrator";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import pg from "pg";
import * as schema from "./schema.js";
import { PgliteWorkerClient } from "./pglite-worker-client.js";
import { watchPgliteLoad } from "./pglite-load-watch.js";
import { pgliteTableChanges, postgresTableChanges, type TableChanges } from "./table-changes.js";

export type Schema = typeof schema;
/** The query builder every store uses; the same on PGlite and PostgreSQL. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;

export interface Database {
  readonly db: Db;
  readonly kind: "pglite" | "postgres";
  /** The PostgreSQL pool (for metrics); absent on PGlite. */
  readonly pool?: pg.Pool;
  /** Which tables changed, on this node or any other (for the in-memory reference caches). */
  readonly changes: TableChanges;
  /** Cheap round trip for /readyz. */
  ping(): Promise<void>;
  close(): Promise<void>;
}

export interface DatabaseOptions {
  /** postgres://… selects PostgreSQL; otherwise PGlite under dataDir. */
  url?: string;
  dataDir: string;
  /** In-memory PGlite (tests). */
  memory?: boolean;
  poolSize?: number;
  /** Where PGlite's load watch says that the load is past what it carries (pglite-load-watch.ts). */
  warn?: (message: string) => void;
}

const migrationsFolder = fileURLToPath(new URL("../../../drizzle", import.meta.url));
// Any constant shared by all nodes: serialises migrations when several nodes start at once.
const MIGRATION_LOCK_KEY = 7_117_001;

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  return options.url ? openPostgres(options.url, options.poolSize ?? 10) : openPglite(options);
}

/** What drizzle's pglite driver calls on its client: PGlite's own signatures. */
type DrizzlePgliteCalls = Pick<PGlite, "query"> & { transaction<T>(callback: (tx: Pick<PGlite, "query">) => Promise<T>): Promise<T> };

async function openPglite(options: DatabaseOptions): Promise<Database> {
  let dataDir: string | undefined;
  if (!options.memory) {
    dataDir = `${options.dataDir}/pglite`;
    mkdirSync(dataDir, { recursive: true });
  }
  // PGlite runs on its own thread (pglite-thread.ts): its statements no longer hold up requests.
  const client = await PgliteWorkerClient.start(dataDir);
  // Drizzle types its driver's client as the PGlite class, of which it calls query, and transaction with a callback
  // that calls query (drizzle-orm/pglite/session.js); the compiler holds the worker client to those signatures.
  const calls: DrizzlePgliteCalls = client;
  const pglite = calls as PGlite;
  const db = drizzlePglite(pglite, { schema }) as unknown as Db;
  try {
    await migratePglite(drizzlePglite(pglite), { migrationsFolder });
  } catch (error) {
    await client.close();
    throw error;
  }
  const changes = await pgliteTableChanges(client);
  const stopWatch = options.warn ? watchPgliteLoad(() => client.busyMs(), options.warn) : () => {};
  return {
    db,
    kind: "pglite",
    changes,
    ping: async () => {
      await client.query("SELECT 1");
    },
    close: async () => {
      stopWatch();
      await changes.close();
      await client.close();
    },
  };
}

/**
 * drizzle-orm's transaction() sends BEGIN before its try/finally: when BEGIN fails (the connection is gone) the
 * client is never released, so pool.end() waits forever and the dead socket's later error has no listener (it
 * crashed test runs after a simulated outage). Each pooled client releases itself, destroyed, when a BEGIN fails.
 */
function releaseWhenBeginFails(client: pg.PoolClient): void {
  // A checked-out client whose connection drops between queries emits 'error' with no pool listener attached.
  client.on("error", () => {});
  const query = client.query.bind(client) as (...args: unknown[]) => unknown;
  (client as unknown as { query: (...args: unknown[]) => unknown }).query = (...args: unknown[]) => {
    const result = query(...args);
    const first = args[0];
    const text = typeof first === "string" ? first : (first as { text?: unknown } | null)?.text;
    if (result instanceof Promise && typeof text === "string" && /^\s*begin\b/i.test(text)) {
      result.catch((error: unknown) => {
        try {
          client.release(error instanceof Error ? error : true);
        } catch {
          // Already released by its owner.
        }
      });
    }
    return result;
  };
}

async function openPostgres(url: string, poolSize: number): Promise<Database> {
  // Our queries are short and indexed; PostgreSQL's JIT compiles when estimated costs are high (a branch that
  // never runs can be enough) and added ~30 ms to a 50 ms character search. Set as a startup option of each
  // connection: a `SET` queued on connect overlapped the caller's first query (pg warns; pg 9 will refuse it).
  const pool = new pg.Pool({ connectionString: url, max: poolSize, connectionTimeoutMillis: 5_000, options: "-c jit=off" });
  // An idle client dropped by the server (restart, failover) must not crash the process.
  pool.on("error", () => {});
  pool.on("connect", releaseWhenBeginFails);
  const db = drizzlePg(pool, { schema }) as unknown as Db;
  try {
    const lock = await pool.connect();
    try {
      await lock.query("SELECT pg_advisory_lock($1)", [MIGRATION_LOCK_KEY]);
      await migratePg(drizzlePg(pool), { migrationsFolder });
    } finally {
      await lock.query("SELECT pg_advisory_unlock($1)", [MIGRATION_LOCK_KEY]).catch(() => {});
      lock.release();
    }
  } catch (error) {
    await pool.end();
    throw error;
  }
  const changes = postgresTableChanges(url);
  return {
    db,
    kind: "postgres",
    pool,
    changes,
    ping: async () => {
      await db.execute(sql`SELECT 1`);
    },
    close: async () => {
      await changes.close();
      await pool.end();
    },
  };
}
