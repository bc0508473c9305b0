import { tmpdir } from "node:os";
import { and, eq, isNull, sql } from "drizzle-orm";
import { appendAudit } from "../apps/server/src/audit/audit-trail.js";
import { createCharacterStore } from "../apps/server/src/character/character-store.js";
import { characters } from "../apps/server/src/character/schema.js";
import { openDatabase, type Db } from "../apps/server/src/platform/db/database.js";
import { createTestDatabase } from "../apps/server/src/test/test-server.js";
import { insertCharacter, insertDimension } from "../apps/server/src/test/game-fixtures.js";
import { fmt, percentiles } from "./load.js";

const CALLS = Number(process.env.BENCH_AUDIT_CALLS ?? 2000);
const CONCURRENCY = Number(process.env.BENCH_AUDIT_CONCURRENCY ?? 16);
const actor = { id: "bench-game-server", name: "service-account-game-server", requestId: "bench", sourceAddress: "127.0.0.1" };

/**
 * The price of the audit record on the busiest write, AddCharacterPlayTime (every game server, every few
 * minutes, per character). Store level, the same database: the write as it was before the audit log (one UPDATE),
 * as a transaction of the UPDATE and the audit INSERT (what every other audited write does), and as shipped (one
 * statement: a data-modifying CTE). PGlite, and PostgreSQL when DATABASE_URL is set.
 */
export async function run() {
  const rows = ["| storage | write | concurrency | calls/s | p50 ms | p99 ms |", "|---|---|---|---|---|---|"];
  const backends: ("pglite" | "postgres")[] = process.env.DATABASE_URL ? ["pglite", "postgres"] : ["pglite"];
  for (const backend of backends) {
    const created = backend === "postgres" ? await createTestDatabase() : undefined;
    const database = await openDatabase({ url: created?.url, dataDir: tmpdir(), memory: !created, poolSize: 16 });
    try {
      const db = database.db;
      const dimension = await insertDimension(db);
      const ids = await Promise.all(Array.from({ length: 200 }, () => insertCharacter(db, "bench-owner", dimension)));
      const store = createCharacterStore(db);
      const writes: Record<string, (id: string) => Promise<unknown>> = {
        "UPDATE only (before the sanctions work)": (id) => plainIncrement(db, id),
        "UPDATE, then audit INSERT, in a transaction": (id) =>
          db.transaction(async (tx) => {
            await plainIncrement(tx, id);
            await appendAudit(tx, actor, { action: "character.add-play-time", targetType: "character", targetId: id, before: {}, after: {} });
          }),
        "one statement: UPDATE … RETURNING feeds the INSERT (as shipped)": (id) => store.addPlayTime(actor, id, 60),
      };
      for (const concurrency of [1, CONCURRENCY]) {
        for (const [name, write] of Object.entries(writes)) {
          await measure(ids, write, 200, concurrency); // warm-up
          const r = await measure(ids, write, CALLS, concurrency);
          rows.push(`| ${backend} | ${name} | ${concurrency} | ${Math.round(r.perSecond)} | ${fmt(r.p50)} | ${fmt(r.p99)} |`);
        }
      }
    } finally {
      await database.close();
      await created?.drop();
    }
  }
  console.log(`\n## audit: AddCharacterPlayTime's write with and without its audit record (${CALLS} calls)\n\n${rows.join("\n")}`);
}

/** The store's increment as it was before the sanctions work. */
async function plainIncrement(db: Db, id: string) {
  await db
    .update(characters)
    .set({ playTime: sql`${characters.playTime} + 60`, updatedAt: sql`now()` })
    .where(and(eq(characters.id, id), isNull(characters.deletedAt)))
    .returning({ id: characters.id });
}

async function measure(ids: string[], write: (id: string) => Promise<unknown>, calls: number, concurrency: number) {
  const latencies: number[] = [];
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < calls) {
        const id = ids[next++ % ids.length]!;
        const t = performance.now();
        await write(id);
        latencies.push(performance.now() - t);
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  const p = percentiles(latencies);
  return { perSecond: calls / seconds, p50: p.p50, p99: p.p99 };
}
