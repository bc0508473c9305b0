import { mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { startServer, type RunningServer } from "../app.js";
import type { IdentityOptions } from "../identity/identity.js";
import { loadConfig } from "../platform/config.js";
import type { Logger } from "../platform/logger.js";
import { afterAll, beforeAll } from "vitest";
import { createTestDatabase } from "./test-server.js";

export interface EmbeddedServer {
  server: RunningServer;
  /** PUBLIC_URL: http://localhost:<port> */
  url: string;
  issuer: string;
  dataDir: string;
  /** Stops the server; `keep` leaves the data (PGlite directory or PostgreSQL database) for a restart. */
  close(options?: { keep?: boolean }): Promise<void>;
}

export interface EmbeddedServerOptions {
  backend?: "pglite" | "postgres";
  /** Reuse the data of a previous run (restart tests); also makes PGlite persist on disk. */
  restartOf?: { dataDir: string; databaseUrl?: string; port: number };
  persistent?: boolean;
  seedDemo?: boolean;
  env?: Record<string, string>;
  identity?: IdentityOptions;
  /** Where the server logs (tests that read the log). */
  logger?: Logger;
}

/** A free TCP port (PUBLIC_URL must be known before the server starts, it is part of the issuer). */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

/**
 * A real server in local mode: the embedded identity provider at http://localhost:<port>/realms/default, a fresh
 * database (in-memory PGlite, PGlite on disk for restart tests, or a new PostgreSQL database from DATABASE_URL).
 */
export async function startEmbeddedServer(options: EmbeddedServerOptions = {}): Promise<EmbeddedServer & { databaseUrl?: string; port: number }> {
  const port = options.restartOf?.port ?? (await freePort());
  const dataDir = options.restartOf?.dataDir ?? mkdtempSync(join(tmpdir(), "sro-identity-"));
  const database = options.restartOf ? undefined : options.backend === "postgres" ? await createTestDatabase() : undefined;
  const databaseUrl = options.restartOf?.databaseUrl ?? database?.url;
  const url = `http://localhost:${port}`;
  const config = loadConfig({
    PORT: String(port),
    HOST: "127.0.0.1",
    PUBLIC_URL: url,
    DATA_DIR: dataDir,
    LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? "silent",
    SEED_DEMO: options.seedDemo === false ? "false" : "true",
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
    ...options.env,
  });
  const persistent = options.persistent || options.restartOf !== undefined;
  const server = await startServer(config, { memoryDatabase: !databaseUrl && !persistent, identity: options.identity, logger: options.logger });
  return {
    server,
    url,
    port,
    issuer: config.identity.issuer,
    dataDir,
    databaseUrl,
    async close({ keep = false } = {}) {
      await server.close();
      if (keep) return;
      if (database) await database.drop();
      else if (databaseUrl) await dropDatabase(databaseUrl);
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

async function dropDatabase(url: string): Promise<void> {
  const pg = (await import("pg")).default;
  const name = new URL(url).pathname.slice(1);
  const base = new URL(process.env.DATABASE_URL!);
  const client = new pg.Client({ connectionString: base.toString() });
  await client.connect();
  await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await client.end();
}

/**
 * A second node beside `first` (started with backend "postgres" and NATS_URL): its own data dir, the same PostgreSQL
 * database and NATS, no demo seeding, the first node's public URL (so tokens of its provider verify).
 */
export async function startSecondNode(first: EmbeddedServer & { databaseUrl?: string }, natsUrl: string): Promise<RunningServer> {
  const dataDir = mkdtempSync(join(tmpdir(), "sro-node-b-"));
  const config = loadConfig({
    PORT: "0",
    HOST: "127.0.0.1",
    PUBLIC_URL: first.url,
    DATA_DIR: dataDir,
    DATABASE_URL: first.databaseUrl!,
    NATS_URL: natsUrl,
    SEED_DEMO: "false",
    LOG_LEVEL: "silent",
  });
  const server = await startServer(config);
  return {
    ...server,
    async close() {
      await server.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * Two nodes of one embedded provider (one PostgreSQL database, one NATS) for the tests of a describe block: started
 * before them, closed after. Read `a` and `b` inside the tests.
 */
export function twoNodes(natsUrl: string): { a: EmbeddedServer & { databaseUrl?: string }; b: RunningServer } {
  const nodes = {} as { a: EmbeddedServer & { databaseUrl?: string }; b: RunningServer };
  beforeAll(async () => {
    nodes.a = await startEmbeddedServer({ backend: "postgres", env: { NATS_URL: natsUrl } });
    nodes.b = await startSecondNode(nodes.a, natsUrl);
  });
  afterAll(async () => {
    await nodes.b?.close();
    await nodes.a?.close();
  });
  return nodes;
}
