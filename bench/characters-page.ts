import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Writable } from "node:stream";
import { createClient } from "@connectrpc/connect";
import { createConnectTransport } from "@connectrpc/connect-node";
import { pino } from "pino";
import { startServer } from "../apps/server/src/app.js";
import { CharacterService, CharacterSortField } from "../apps/server/src/gen/sro/character/character_pb.js";
import { loadConfig } from "../apps/server/src/platform/config.js";
import { STAFF_AMR, startTestIssuer } from "../apps/server/src/test/test-issuer.js";
import { BENCH_DATABASE, seedUpTo } from "./bench-characters-database.js";
import { benchDatabaseUrl } from "./bench-database.js";
import { fmt, percentiles } from "./load.js";

const TARGET_ROWS = Number(process.env.BENCH_CHARACTERS ?? 1_000_000);
const SAMPLES = Number(process.env.BENCH_SAMPLES ?? 40);
const WARMUP = 5;
const PAGE = 50;
const TARGET_P95_MS = 100;

export interface PageResult {
  request: string;
  total: string;
  serverP50: number;
  serverP95: number;
  roundTripP50: number;
  roundTripP95: number;
}

/**
 * One page of GetCharacters over 1,000,000 characters in PostgreSQL, with each sort and with searches.
 * "Server time" is what the server logs for the rpc (interceptor to response, token check included); "round trip"
 * adds HTTP/1.1 and encoding on localhost. The database `sro_bench_characters` is seeded once and reused.
 */
export async function run(): Promise<PageResult[]> {
  console.log(
    `\n## Character pages: GetCharacters over ${TARGET_ROWS.toLocaleString("en")} characters (PostgreSQL), page of ${PAGE}, ${SAMPLES} samples each\n`,
  );
  if (!process.env.DATABASE_URL) {
    console.log("skipped: set DATABASE_URL=postgres://… (a PostgreSQL server where a database may be created) to run it");
    return [];
  }
  const url = await benchDatabaseUrl(process.env.DATABASE_URL, BENCH_DATABASE);
  await seedUpTo(url, TARGET_ROWS);

  const serverTimes: number[] = [];
  const logStream = new Writable({
    write(chunk, _encoding, done) {
      for (const line of String(chunk).split("\n")) {
        if (!line.includes('"msg":"rpc"')) continue;
        const entry = JSON.parse(line) as { rpc?: string; ms?: number };
        if (entry.rpc?.endsWith("/GetCharacters") && typeof entry.ms === "number") serverTimes.push(entry.ms);
      }
      done();
    },
  });
  const issuer = await startTestIssuer();
  const dataDir = mkdtempSync(join(tmpdir(), "sro-bench-"));
  const config = loadConfig({
    PORT: "0",
    HOST: "127.0.0.1",
    DATA_DIR: dataDir,
    DATABASE_URL: url,
    OIDC_ISSUER: issuer.issuer,
    SEED_DEMO: "false",
    LOG_LEVEL: "info",
  });
  const server = await startServer(config, { logger: pino({ level: "info" }, logStream) });
  const results: PageResult[] = [];
  try {
    const token = await issuer.mint(
      { sub: "bench-admin", preferred_username: "bench", groups: ["/Moderator/Admin"], amr: STAFF_AMR },
      { lifetimeSeconds: 3600 },
    );
    const client = createClient(CharacterService, createConnectTransport({ baseUrl: server.url, httpVersion: "1.1" }));
    const headers = { authorization: `Bearer ${token}` };
    const sample = (await client.getCharacters({ filters: { limit: 1, offset: 4321 } }, { headers })).characters[0]!;
    const suffix = sample.name.split(" ")[2]!.slice(-6);
    const random = (from: number, to: number) => from + Math.floor((Math.random() * (to - from)) / PAGE) * PAGE;

    const cases: [string, () => Parameters<typeof client.getCharacters>[0]][] = [
      ...(Object.entries({ name: 1, owner: 2, realm: 3, gender: 4, dimension: 5, playtime: 6, created: 7 }) as [string, CharacterSortField][]).map(
        ([label, sortBy]) =>
          [`sort ${label}, offset 0..10,000`, () => ({ sortBy, filters: { limit: PAGE, offset: random(0, 10_000) } })] as [string, () => object],
      ),
      [
        "sort name desc, offset 0..10,000",
        () => ({ sortBy: CharacterSortField.NAME, sortDescending: true, filters: { limit: PAGE, offset: random(0, 10_000) } }),
      ],
      [
        "sort playtime desc, offset 0..10,000",
        () => ({ sortBy: CharacterSortField.PLAYTIME, sortDescending: true, filters: { limit: PAGE, offset: random(0, 10_000) } }),
      ],
      ["sort owner, offset 490,000..510,000 (deep)", () => ({ sortBy: CharacterSortField.OWNER, filters: { limit: PAGE, offset: random(490_000, 510_000) } })],
      [
        "sort created desc, offset ~900,000 (deep)",
        () => ({ sortBy: CharacterSortField.CREATED, sortDescending: true, filters: { limit: PAGE, offset: random(890_000, 910_000) } }),
      ],
      ['search "Neo Voltage" (first and last name), sort name', () => ({ search: "Neo Voltage", sortBy: CharacterSortField.NAME, filters: { limit: PAGE } })],
      [`search "${suffix}" (6 digits of a name), sort name`, () => ({ search: suffix, sortBy: CharacterSortField.NAME, filters: { limit: PAGE } })],
      ["search owner id (exact), sort created", () => ({ search: sample.ownerId, sortBy: CharacterSortField.CREATED, filters: { limit: PAGE } })],
      ['search "trinity" (2% of rows), sort playtime', () => ({ search: "trinity", sortBy: CharacterSortField.PLAYTIME, filters: { limit: PAGE } })],
      ['search "trinity" (2% of rows), sort name', () => ({ search: "trinity", sortBy: CharacterSortField.NAME, filters: { limit: PAGE } })],
    ];
    for (const [label, request] of cases) {
      const roundTrips: number[] = [];
      let total = "";
      for (let i = 0; i < WARMUP + SAMPLES; i++) {
        const started = performance.now();
        const page = await client.getCharacters(request(), { headers });
        if (i >= WARMUP) roundTrips.push(performance.now() - started);
        total = page.total.toLocaleString("en");
      }
      const server = percentiles(serverTimes.splice(0).slice(WARMUP));
      const trip = percentiles(roundTrips);
      results.push({ request: label, total, serverP50: server.p50, serverP95: server.p95, roundTripP50: trip.p50, roundTripP95: trip.p95 });
    }
  } finally {
    await server.close();
    await issuer.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
  console.log(`| request | total matches | server p50 ms | server p95 ms | round trip p50 ms | round trip p95 ms | p95 ≤ ${TARGET_P95_MS} ms |`);
  console.log("|---|---|---|---|---|---|---|");
  for (const r of results) {
    console.log(
      `| ${r.request} | ${r.total} | ${fmt(r.serverP50)} | ${fmt(r.serverP95)} | ${fmt(r.roundTripP50)} | ${fmt(r.roundTripP95)} | ${r.serverP95 <= TARGET_P95_MS ? "yes" : "**no**"} |`,
    );
  }
  return results;
}
