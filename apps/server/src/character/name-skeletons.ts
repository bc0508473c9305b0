import { and, gt, isNull, sql } from "drizzle-orm";
import type { Db } from "../platform/db/database.js";
import type { Logger } from "../platform/logger.js";
import { skeletonOf } from "../platform/text-rules.js";
import { characters } from "./schema.js";

const BATCH = 1_000;

/**
 * Names stored before the look-alike rule (and bulk-seeded ones, written in SQL) have no skeleton, so a new name could
 * copy them with confusable letters. The skeleton is JavaScript (confusables.txt), not SQL: fill it in batches at start,
 * without holding up readiness. Returns how many rows it filled; stops between batches once `signal` aborts.
 *
 * Each pass walks the primary key once, in id order, so no batch re-reads the rows filled before it; a row stored
 * behind the cursor meanwhile is left for the next pass. Then VACUUM: every filled row is a new row version, and until
 * the visibility map is set again the deep pages of the characters list read the heap instead of the index alone
 * (seconds instead of tens of milliseconds on a million characters; autovacuum gets there later, throttled).
 */
export async function backfillNameSkeletons(db: Db, signal?: AbortSignal): Promise<number> {
  let filled = 0;
  while (!signal?.aborted && (await anyWithoutSkeleton(db))) {
    let after: string | undefined;
    while (!signal?.aborted) {
      const rows = await db
        .select({ id: characters.id, name: characters.name })
        .from(characters)
        .where(and(isNull(characters.nameSkeleton), after === undefined ? undefined : gt(characters.id, after)))
        .orderBy(characters.id)
        .limit(BATCH);
      if (rows.length === 0) break;
      // One JSON parameter: the rows join the table through its primary key, one probe each.
      const filledRows = JSON.stringify(rows.map((row) => ({ id: row.id, skeleton: skeletonOf(row.name) })));
      await db.execute(sql`UPDATE characters AS c SET name_skeleton = v.skeleton
        FROM jsonb_to_recordset(${filledRows}::jsonb) AS v(id uuid, skeleton text) WHERE c.id = v.id`);
      filled += rows.length;
      after = rows.at(-1)!.id;
    }
  }
  if (filled > 0 && !signal?.aborted) await db.execute(sql`VACUUM (ANALYZE) characters`);
  return filled;
}

async function anyWithoutSkeleton(db: Db): Promise<boolean> {
  const [row] = await db.select({ id: characters.id }).from(characters).where(isNull(characters.nameSkeleton)).limit(1);
  return row !== undefined;
}

/** In the background: a failure is logged, never fatal (the rule then covers the rows filled so far). */
export function startNameSkeletonBackfill(db: Db, logger: Logger, signal: AbortSignal): Promise<void> {
  return backfillNameSkeletons(db, signal).then(
    (filled) => {
      if (filled > 0) logger.info({ filled }, "character name skeletons filled");
    },
    (error: unknown) => {
      if (!signal.aborted) logger.warn({ err: error }, "character name skeleton backfill stopped");
    },
  );
}
