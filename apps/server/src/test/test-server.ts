import { randomUUID } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import pg from "pg";
import { startServer, type RunningServer } from "../app.js";
import { loadConfig } from "../platform/config.js";
import { openDatabase, type Database } from "../platform/db/database.js";
import type { Logger } from "../platform/logger.js";
import { STAFF_AMR, startTestIssuer, type TestIssuer } from "./test-issuer.js";

/** Test servers serve /metrics to this bearer (METRICS_TOKEN). */
export const TEST_METRICS_TOKEN = "test-metrics-token-0123456789";

/** The server's /metrics text, as a scraper with the token reads it. */
export async function metricsText(url: string): Promise<string> {
  return (await fetch(`${url}/metrics`, { headers: { authorization: `Bearer ${TEST_METRICS_TOKEN}` } })).text();
}

export interface TestUser {
  sub: string;
  username: string;
  token: string;
}

export interface TestServer {
  server: RunningServer;
  issuer: TestIssuer;
  url: string;
  /** Tokens for each kind of caller (docs/permissions.md "Callers"). */
  users: { admin: TestUser; moderator: TestUser; player: TestUser; otherPlayer: TestUser; banned: TestUser; gameserver: TestUser };
  /** A token for a new player with its own subject. */
  newPlayer(username?: string): Promise<TestUser>;
  close(): Promise<void>;
}

/**
 * Which store the integration suites run on: PGlite always; PostgreSQL too when DATABASE_URL is set.
 * TEST_STORAGE=postgres limits a run to PostgreSQL (CI's second pass, after `npm test` covered PGlite).
 */
export const storageBackends: ("pglite" | "postgres")[] = process.env.DATABASE_URL
  ? process.env.TEST_STORAGE === "postgres"
    ? ["postgres"]
    : ["pglite", "postgres"]
  : ["pglite"];

/**
 * A real server on a free port with a fresh database (in-memory PGlite, or a new PostgreSQL database created
 * from DATABASE_URL and dropped afterwards) and a test issuer whose tokens it verifies.
 */
export async function startTestServer(
  options: { backend?: "pglite" | "postgres"; env?: Record<string, string>; logger?: Logger; now?: () => number } = {},
): Promise<TestServer> {
  const issuer = await startTestIssuer();
  const dataDir = mkdtempSync(join(tmpdir(), "sro-test-"));
  const database = options.backend === "postgres" ? await createTestDatabase() : undefined;
  const config = loadConfig({
    PORT: "0",
    HOST: "127.0.0.1",
    DATA_DIR: dataDir,
    LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? "silent",
    OIDC_ISSUER: issuer.issuer,
    OIDC_CLIENT_ID: "sro-web",
    SEED_DEMO: "false",
    METRICS_TOKEN: TEST_METRICS_TOKEN,
    // The suites create many characters and open many streams for one test player; each cap has its own test
    // (security/text-rules, chat/chat-stream-quota).
    MAX_CHARACTERS_PER_PLAYER: "100000",
    CHAT_STREAMS_PER_ACCOUNT: "100000",
    ...(database ? { DATABASE_URL: database.url } : {}),
    ...options.env,
  });
  const server = await startServer(config, { memoryDatabase: !database, logger: options.logger, now: options.now });
  const user = async (username: string, claims: Record<string, unknown>): Promise<TestUser> => {
    const sub = randomUUID();
    return { sub, username, token: await issuer.mint({ sub, preferred_username: username, ...claims }) };
  };
  const users = {
    // Staff signed in with a second factor, as the default policy (SECOND_FACTOR_GROUPS) demands of them.
    admin: await user("admin", { groups: ["/Moderator", "/Moderator/Admin"], amr: STAFF_AMR }),
    moderator: await user("moderator", { groups: ["/Moderator"], amr: STAFF_AMR }),
    player: await user("player", { groups: ["/Player", "/Player/Member"] }),
    otherPlayer: await user("other", { groups: ["/Player", "/Player/Member"] }),
    banned: await user("banned", { groups: ["/Banned"] }),
    gameserver: await user("service-account-game-server", { azp: "sro-web", realm_access: { roles: ["gameserver"] } }),
  };
  return {
    server,
    issuer,
    url: server.url,
    users,
    newPlayer: (username = `p${Date.now()}`) => user(username, { groups: ["/Player/Member"] }),
    async close() {
      await server.close();
      await issuer.close();
      await database?.drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** A new, empty PostgreSQL database next to DATABASE_URL's; drop it when done. */
export async function createTestDatabase(): Promise<{ url: string; drop(): Promise<void> }> {
  const base = new URL(process.env.DATABASE_URL!);
  const name = `sro_test_${randomUUID().replaceAll("-", "").slice(0, 16)}`;
  const admin = new pg.Client({ connectionString: base.toString() });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(base);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const client = new pg.Client({ connectionString: base.toString() });
      await client.connect();
      await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await client.end();
    },
  };
}

/** A migrated database without a server: in-memory PGlite, or a new PostgreSQL database dropped on close. */
export async function openTestDatabase(backend: "pglite" | "postgres"): Promise<{ database: Database; close: () => Promise<void> }> {
  if (backend === "pglite") {
    const database = await openDatabase({ dataDir: tmpdir(), memory: true });
    return { database, close: () => database.close() };
  }
  const created = await createTestDatabase();
  const database = await openDatabase({ url: created.url, dataDir: tmpdir(), poolSize: 4 });
  return {
    database,
    async close() {
      await database.close();
      await created.drop();
    },
  };
}
