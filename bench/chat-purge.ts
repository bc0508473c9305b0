import { cpus, loadavg } from "node:os";
import { sql } from "drizzle-orm";
import { insertChannel, insertCharacter, insertDimension } from "../apps/server/src/test/chat-fixtures.js";
import { historyClient } from "../apps/server/src/test/history-clients.js";
import { startTestServer } from "../apps/server/src/test/test-server.js";
import { fmt, percentiles } from "./load.js";

/**
 * A purge of one character's large history (BENCH_PURGE_MESSAGES, 400,000, 200 characters each) through the real
 * server (PGlite; PostgreSQL with DATABASE_URL): the time of each bounded call until more_remain is false, the
 * slowest /healthz answer while it runs (polled every 20 ms), and the size of an audit-log page of 50 rows (REST, as
 * the console reads it) and of one purge record.
 */
const MESSAGES = Number(process.env.BENCH_PURGE_MESSAGES ?? 400_000);

export async function run() {
  const backend = process.env.DATABASE_URL ? "postgres" : "pglite";
  const t = await startTestServer({ backend });
  try {
    const db = t.server.database.db;
    const sender = await insertCharacter(db, "bench-account", await insertDimension(db));
    const channel = await insertChannel(db, { public: true });
    for (let done = 0; done < MESSAGES; done += 100_000) {
      await db.execute(sql`INSERT INTO chat_messages (channel_id, sender_character_id, content, sent_at)
        SELECT ${channel}::uuid, ${sender}, rpad('spam ' || g, 200, '!'), to_timestamp((1700000000000::bigint + g) / 1000.0)
        FROM generate_series(${done + 1}::int, ${Math.min(done + 100_000, MESSAGES)}::int) g`);
    }
    let polling = true;
    let slowestHealthz = 0;
    const poll = (async () => {
      while (polling) {
        const at = performance.now();
        // A refused poll is reported as the bench's failure, not an unhandled rejection.
        await fetch(`${t.url}/healthz`).catch((error: unknown) => {
          polling = false;
          throw error;
        });
        slowestHealthz = Math.max(slowestHealthz, performance.now() - at);
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    })();
    const admin = historyClient(t.url, t.users.admin.token);
    const calls: number[] = [];
    let deleted = 0;
    const started = performance.now();
    for (;;) {
      const at = performance.now();
      const answer = await admin.purgeChatMessages({ characterId: sender, reason: "bench" });
      calls.push(performance.now() - at);
      deleted += Number(answer.count);
      if (!answer.moreRemain) break;
    }
    const total = performance.now() - started;
    polling = false;
    await poll;
    const headers = { authorization: `Bearer ${t.users.admin.token}` };
    const page = await (await fetch(`${t.url}/v1/audit?limit=50`, { headers })).text();
    const [newest] = (JSON.parse(page) as { records: { id: string }[] }).records;
    const one = await (await fetch(`${t.url}/v1/audit/id/${newest!.id}`, { headers })).text();
    const p = percentiles(calls);
    console.log(`\n## chat-purge (${backend}, ${MESSAGES.toLocaleString("en-US")} messages of one character)`);
    console.log(
      `machine: ${cpus().length} cores, load ${loadavg()
        .map((l) => l.toFixed(1))
        .join(" ")}`,
    );
    console.log("| calls | deleted | per call p50 ms | p95 ms | max ms | all calls s | slowest /healthz ms | audit page (50) bytes | one purge record bytes |");
    console.log("|---|---|---|---|---|---|---|---|---|");
    console.log(
      `| ${calls.length} | ${deleted} | ${fmt(p.p50)} | ${fmt(p.p95)} | ${fmt(Math.max(...calls))} | ${(total / 1000).toFixed(1)} | ${fmt(slowestHealthz)} | ${page.length} | ${one.length} |`,
    );
  } finally {
    await t.close();
  }
}
