import { and, eq, isNull, lte, ne, or, type SQL } from "drizzle-orm";
import type { PgColumn, PgTable } from "drizzle-orm/pg-core";
import type { Db } from "../platform/db/database.js";
import type { Tx } from "./sanction-store.js";

/**
 * Claims on a queue's items (docs/moderation.md "Triage"): three columns on the item's own table (claimed_by_id,
 * claimed_by_name, claimed_at), the same statements for every queue. Knows rows, not requests or status codes.
 */

export interface ClaimRow {
  claimedById: string;
  claimedByName: string;
  claimedAtMs: number | null;
}

/** A queue's table: its key, its claim columns and what makes one of its items open. */
export interface ClaimTable {
  table: PgTable & { claimedById: PgColumn; claimedByName: PgColumn; claimedAt: PgColumn };
  key: PgColumn;
  open: SQL;
}

export function createClaimStore<K extends string | number>(db: Db, { table, key, open }: ClaimTable) {
  const set = (claimedById: string, claimedByName: string, claimedAt: Date | null) =>
    ({ claimedById, claimedByName, claimedAt }) as Parameters<ReturnType<Tx["update"]>["set"]>[0];

  return {
    /**
     * Claims an open item for `by` unless someone else holds a live claim (claimed after `liveSinceMs`); the holder
     * claiming again renews it. Returns whether it took it.
     */
    async claim(tx: Tx, id: K, by: { id: string; name: string; atMs: number; liveSinceMs: number }): Promise<boolean> {
      const rows = await tx
        .update(table)
        .set(set(by.id, by.name, new Date(by.atMs)))
        .where(
          and(
            eq(key, id),
            open,
            or(eq(table.claimedById, ""), eq(table.claimedById, by.id), isNull(table.claimedAt), lte(table.claimedAt, new Date(by.liveSinceMs))),
          ),
        )
        .returning({ id: key });
      return rows.length > 0;
    },

    /** Drops the claim of `holderId` (any claim when undefined). Returns whether one was dropped. */
    async release(tx: Tx, id: K, holderId?: string): Promise<boolean> {
      const rows = await tx
        .update(table)
        .set(set("", "", null))
        .where(and(eq(key, id), holderId === undefined ? ne(table.claimedById, "") : eq(table.claimedById, holderId)))
        .returning({ id: key });
      return rows.length > 0;
    },

    async claimOf(id: K, q: Db | Tx = db): Promise<ClaimRow | undefined> {
      const [row] = await q
        .select({ claimedById: table.claimedById, claimedByName: table.claimedByName, claimedAt: table.claimedAt })
        .from(table)
        .where(eq(key, id));
      return (
        row && {
          claimedById: row.claimedById as string,
          claimedByName: row.claimedByName as string,
          claimedAtMs: (row.claimedAt as Date | null)?.getTime() ?? null,
        }
      );
    },
  };
}

export type ClaimStore<K extends string | number> = ReturnType<typeof createClaimStore<K>>;
