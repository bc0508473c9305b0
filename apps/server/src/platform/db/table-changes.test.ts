import { sql } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { startTcpProxy, type TcpProxy } from "../../test/tcp-proxy.js";
import { createTestDatabase } from "../../test/test-server.js";
import { openDatabase, type Database } from "./database.js";
import { ANY_TABLE } from "./table-changes.js";

function heard(database: Database): string[] {
  const tables: string[] = [];
  database.changes.subscribe((table) => tables.push(table));
  return tables;
}

const insertMap = (database: Database, name: string) =>
  database.db.execute(sql`INSERT INTO maps (id, name, map_path) VALUES (gen_random_uuid(), ${name}, '/maps/x.umap')`);

describe("table changes on PGlite", () => {
  let database: Database;
  beforeAll(async () => {
    database = await openDatabase({ dataDir: "", memory: true });
  });
  afterAll(() => database?.close());

  it("hears every write to maps, dimensions and dimension_maps on commit, whoever made it", async () => {
    const tables = heard(database);
    expect(database.changes.reliable).toBe(true);
    await insertMap(database, "Heard map");
    await database.db.execute(sql`INSERT INTO dimensions (id, name, version, location) VALUES (gen_random_uuid(), 'Heard', '1', 'eu')`);
    await database.db.execute(sql`UPDATE characters SET play_time = play_time WHERE false`);
    await vi.waitFor(() => expect(tables.includes("maps") && tables.includes("dimensions"), "notices").toBe(true), { timeout: 15_000 });
    expect(tables).not.toContain("characters");
  });
});

describe.runIf(Boolean(process.env.DATABASE_URL))("table changes on PostgreSQL", () => {
  let testDatabase: Awaited<ReturnType<typeof createTestDatabase>>;
  let proxy: TcpProxy;
  const open: Database[] = [];
  const connect = async (url: string) => {
    const database = await openDatabase({ url, dataDir: "" });
    open.push(database);
    return database;
  };

  beforeAll(async () => {
    testDatabase = await createTestDatabase();
    const real = new URL(testDatabase.url);
    proxy = await startTcpProxy(real.hostname, Number(real.port || 5432));
  });
  afterEach(async () => {
    await Promise.all(open.splice(0).map((d) => d.close()));
  });
  afterAll(async () => {
    await proxy?.close();
    await testDatabase?.drop();
  });

  it("tells one node about another node's writes", async () => {
    const [writer, reader] = [await connect(testDatabase.url), await connect(testDatabase.url)];
    await vi.waitFor(() => expect(reader.changes.reliable, "LISTEN").toBe(true), { timeout: 15_000 });
    const tables = heard(reader);
    await insertMap(writer, "Written elsewhere");
    await vi.waitFor(() => expect(tables.includes("maps"), "the notice").toBe(true), { timeout: 15_000 });
  });

  it("is unreliable while its LISTEN connection is down, and says anything may have changed once it is back", async () => {
    const viaProxy = new URL(testDatabase.url);
    viaProxy.hostname = "127.0.0.1";
    viaProxy.port = String(proxy.port);
    const reader = await connect(viaProxy.toString());
    await vi.waitFor(() => expect(reader.changes.reliable, "LISTEN").toBe(true), { timeout: 15_000 });
    const tables = heard(reader);
    proxy.cut();
    await vi.waitFor(() => expect(reader.changes.reliable, "the loss to be noticed").toBe(false), { timeout: 15_000 });
    proxy.restore();
    await vi.waitFor(() => expect(reader.changes.reliable, "LISTEN again").toBe(true), { timeout: 10_000 });
    expect(tables).toContain(ANY_TABLE);
  });
});
