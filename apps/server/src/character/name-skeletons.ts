import { isNull, sql } from "drizzle-orm";
import type { Db } from "../platform/db/database.js";
import type { Logger } from "../platform/logger.js";
import { skeletonOf } from "../platform/text-rules.js";
import { characters } from "./schema.js";

const BATCH = 1_000;

/**
 * Names stored before the look-alike rule (and bulk-seeded ones, written in SQL) have no skeleton, so a new name could
 * copy them with confusable letters. The skeleton is JavaScript (confusables.txt), not SQL: fill it in batches at start,
 * without holding up readiness. Returns how many rows it filled; stops between batches once `signal` aborts.
 */
export async function backfillNameSkeletons(db: Db, signal?: AbortSignal): Promise<number> {
  let filled = 0;
  while (!signal?.aborted) {
    const rows = await db.select({ id: characters.id, name: characters.name }).from(characters).where(isNull(characters.nameSkeleton)).limit(BATCH);
    if (rows.length === 0) break;
    const values = sql.join(
      rows.map((row) => sql`(${row.id}::uuid, ${skeletonOf(row.name)})`),
      sql`, `,
    );
    await db.execute(sql`UPDATE characters AS c SET name_skeleton = v.skeleton FROM (VALUES ${values}) AS v(id, skeleton) WHERE c.id = v.id`);
    filled += rows.length;
  }
  return filled;
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
