import { sql } from "drizzle-orm";
import type { Db } from "./database.js";
import { sqlState } from "./errors.js";

/**
 * Runs `work` in a transaction whose statements PostgreSQL stops after `ms` (SQLSTATE 57014, `isStatementTimeout`).
 * For reads whose cost the caller's filters decide: a pathological one gives its pool connection back instead of
 * holding it for minutes. PGlite accepts the setting and ignores it (no timer signal in its single thread).
 */
export async function withStatementTimeout<T>(db: Db, ms: number, work: (tx: Db) => Promise<T>): Promise<T> {
  const limit = String(Math.max(1, Math.ceil(ms)));
  return db.transaction(async (tx) => {
    await tx.execute(sql`SELECT set_config('statement_timeout', ${limit}, true)`);
    return work(tx);
  });
}

/** `query_canceled`: a statement timeout (or an operator's pg_cancel_backend). */
export const isStatementTimeout = (error: unknown) => sqlState(error) === "57014";
