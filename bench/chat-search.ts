import { loadavg, cpus, tmpdir } from "node:os";
import { sql } from "drizzle-orm";
import { createHistoryStore } from "../apps/server/src/moderation/history-store.js";
import { searchQuery } from "../apps/server/src/moderation/history-rules.js";
import { openDatabase, type Database } from "../apps/server/src/platform/db/database.js";
import { benchDatabaseUrl } from "./bench-database.js";
import { fmt, percentiles } from "./load.js";

/**
 * The history browser's first page (SearchChatMessages, newest first, 50 rows) for a text search over
 * BENCH_CHAT_MESSAGES (10,000,000) stored channel messages in PostgreSQL. Store level (history-store.ts, the query the
 * rpc runs). Runs only with DATABASE_URL, and loads into a database of its own on that server (CHAT_SEARCH_DATABASE,
 * created once and kept: `dropdb sro_bench_chat_search` frees its ~4 GB). Rows are made server-side
 * (INSERT … SELECT generate_series); a second run reuses them. Target: p95 ≤ 300 ms.
 */
const TARGET = Number(process.env.BENCH_CHAT_MESSAGES ?? 10_000_000);
const RUNS = Number(process.env.BENCH_CHAT_SEARCH_RUNS ?? 40);
const BATCH = 1_000_000;
const CHANNELS = 50;
const SENDERS = 10_000;
const CHAT_SEARCH_DATABASE = "sro_bench_chat_search";

/**
 * 2,000 made-up words of three syllables, drawn with a skewed (Zipf-like) distribution: word 0 is in about 40% of
 * messages, like "the", and most words are rare. (A first run used 200 words that all shared "ord": every message
 * held that trigram, an unreal worst case for the trigram index; docs/perf-log/2026-11-24-chat-search.md.)
 */
const SYLLABLES = ["ka", "lo", "mi", "ru", "sen", "ta", "vor", "el", "an", "is", "qu", "ber", "do", "fi", "gra", "hu", "jo", "ne", "pli", "st"];
const WORDS = Array.from({ length: 2_000 }, (_, i) => SYLLABLES[i % 20]! + SYLLABLES[Math.floor(i / 20) % 20]! + SYLLABLES[Math.floor(i / 400) % 20]!);

/** Search terms by how many messages hold them. */
const TERMS: [string, string][] = [
  [`most common word (~40% of rows)`, WORDS[0]!],
  ["mid-rare token (1 in 1,000 rows)", "zebra"],
  ["rare token (1 in 100,000 rows)", "quokka"],
  ["no match", "xylophonequartz"],
  ["case-insensitive, two common words", `${WORDS[0]!.toUpperCase()} ${WORDS[1]!.toUpperCase()}`],
  ["case-insensitive, two mid words", `${WORDS[150]!.toUpperCase()} ${WORDS[151]!.toUpperCase()}`],
];

export async function run() {
  if (!process.env.DATABASE_URL) {
    console.log("\n## chat-search: skipped (set DATABASE_URL=postgres://… of a server where a database may be created)");
    return;
  }
  const url = await benchDatabaseUrl(process.env.DATABASE_URL, CHAT_SEARCH_DATABASE);
  const database = await openDatabase({ url, dataDir: tmpdir(), poolSize: 4 });
  try {
    await load(database);
    const store = createHistoryStore(database.db);
    // Far above the server's limit (CHAT_SEARCH_TIMEOUT_SECONDS): the bench measures a slow search, not its refusal.
    const timeoutMs = 600_000;
    const rows = ["| search | rows in page | p50 ms | p95 ms | max ms |", "|---|---|---|---|---|"];
    for (const [label, text] of TERMS) {
      const query = searchQuery({ channelId: "", text, sender: "", senderAccountId: "", fromMs: 0n, toMs: 0n, limit: 0, pageToken: "" });
      for (let i = 0; i < 3; i++) await store.search(query, timeoutMs); // warm-up (cache)
      const latencies: number[] = [];
      let found = 0;
      for (let i = 0; i < RUNS; i++) {
        const t = performance.now();
        found = Math.min(query.limit, (await store.search(query, timeoutMs)).length);
        latencies.push(performance.now() - t);
      }
      const p = percentiles(latencies);
      rows.push(`| ${label}: "${text}" | ${found} | ${fmt(p.p50)} | ${fmt(p.p95)} | ${fmt(Math.max(...latencies))} |`);
    }
    const [l1, l5, l15] = loadavg().map((l) => l.toFixed(1));
    console.log(
      `\n## chat-search: first page of SearchChatMessages by text, ${TARGET.toLocaleString("en")} messages, PostgreSQL (${RUNS} runs each)\n\n${rows.join("\n")}\n\n` +
        `machine: ${cpus().length} × ${cpus()[0]?.model ?? "cpu"}; load average ${l1} / ${l5} / ${l15}`,
    );
  } finally {
    await database.close();
  }
}

/** Tops chat_messages up to TARGET rows, with the history indexes dropped during the load and rebuilt after. */
async function load(database: Database): Promise<void> {
  const db = database.db;
  const rowsOf = (r: unknown) => ((r as { rows?: unknown[] }).rows ?? (r as unknown[])) as Record<string, unknown>[];
  const have = Number(rowsOf(await db.execute(sql`SELECT count(*) AS n FROM chat_messages`))[0]!.n);
  if (have >= TARGET) {
    console.log(`(reusing ${have.toLocaleString("en")} messages)`);
    return;
  }
  const started = performance.now();
  const indexes = ["chat_messages_content_trgm_idx", "chat_messages_sent_idx", "chat_messages_sender_live_idx", "chat_messages_channel_idx"];
  const definitions = rowsOf(
    await db.execute(
      sql`SELECT indexdef FROM pg_indexes WHERE tablename = 'chat_messages' AND indexname IN ${sql`(${sql.join(
        indexes.map((i) => sql`${i}`),
        sql`, `,
      )})`}`,
    ),
  ).map((r) => String(r.indexdef));
  for (const name of indexes) await db.execute(sql`DROP INDEX IF EXISTS ${sql.identifier(name)}`);
  await db.execute(
    sql`INSERT INTO chat_channels (id, name, public) SELECT md5('channel' || g)::uuid, 'bench-' || g, true FROM generate_series(0, ${CHANNELS - 1}) g ON CONFLICT DO NOTHING`,
  );
  const words = sql`ARRAY[${sql.join(
    WORDS.map((w) => sql`${w}`),
    sql`, `,
  )}]::text[]`;
  const pick = sql`(${words})[1 + floor(${WORDS.length} * random() ^ 3)::int]`;
  // A year of messages, ids in time order; senders are 10,000 made-up character ids.
  const endMs = Date.now();
  for (let from = have + 1; from <= TARGET; from += BATCH) {
    const to = Math.min(TARGET, from + BATCH - 1);
    await db.execute(sql`
      INSERT INTO chat_messages (channel_id, sender_character_id, content, sent_at)
      SELECT md5('channel' || (i % ${CHANNELS}))::uuid,
             md5('sender' || (i % ${SENDERS}))::uuid::text,
             ${pick} || ' ' || ${pick} || ' ' || ${pick} || ' ' || ${pick} || ' ' || ${pick} || ' ' || ${pick}
               || CASE WHEN i % 1000 = 7 THEN ' zebra' ELSE '' END
               || CASE WHEN i % 100000 = 70 THEN ' quokka' ELSE '' END,
             to_timestamp((${endMs}::bigint - (${TARGET}::bigint - i) * 3000) / 1000.0)
      FROM generate_series(${from}::bigint, ${to}::bigint) AS i`);
    console.log(`(loaded ${to.toLocaleString("en")} messages, ${((performance.now() - started) / 1000).toFixed(0)} s)`);
  }
  await db.transaction(async (tx) => {
    await tx.execute(sql`SET LOCAL maintenance_work_mem = '512MB'`);
    for (const definition of definitions) await tx.execute(sql.raw(definition));
  });
  await db.execute(sql`ANALYZE chat_messages`);
  console.log(`(${TARGET.toLocaleString("en")} messages and indexes ready in ${((performance.now() - started) / 1000).toFixed(0)} s)\n`);
}
