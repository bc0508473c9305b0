import { tmpdir } from "node:os";
import { count, isNull, sql } from "drizzle-orm";
import { insertBulkCharacters } from "../apps/server/src/character/bulk-characters.js";
import { backfillNameSkeletons } from "../apps/server/src/character/name-skeletons.js";
import { characters } from "../apps/server/src/character/schema.js";
import { openDatabase } from "../apps/server/src/platform/db/database.js";

/** The database the character benchmarks share, next to DATABASE_URL's; created once and kept for the next run. */
export const BENCH_DATABASE = "sro_bench_characters";

/**
 * Tops the bench database up to `target` live characters, then fills the name skeletons the bulk insert leaves
 * empty: otherwise the server under measurement would spend its first minutes (and a database core) filling them
 * (character/name-skeletons.ts), and the first runs on a new database would measure that.
 */
export async function seedUpTo(url: string, target: number): Promise<void> {
  const database = await openDatabase({ url, dataDir: tmpdir(), poolSize: 2 });
  try {
    const [row] = await database.db.select({ n: count() }).from(characters).where(isNull(characters.deletedAt));
    const missing = target - (row?.n ?? 0);
    if (missing <= 0) console.log(`(reusing ${BENCH_DATABASE}: ${(row?.n ?? 0).toLocaleString("en")} live characters)\n`);
    else {
      const result = await insertBulkCharacters(database, { count: missing });
      console.log(`(seeded ${result.inserted.toLocaleString("en")} characters into ${BENCH_DATABASE} in ${(result.milliseconds / 1000).toFixed(1)} s)\n`);
    }
    const started = performance.now();
    const filled = await backfillNameSkeletons(database.db);
    if (filled === 0) return;
    // The updates left the rows' visibility to be re-proved: deep pages' index-only scans would read the heap.
    await database.db.execute(sql`VACUUM (ANALYZE) characters`);
    console.log(`(filled ${filled.toLocaleString("en")} name skeletons and vacuumed in ${((performance.now() - started) / 1000).toFixed(1)} s)\n`);
  } finally {
    await database.close();
  }
}
