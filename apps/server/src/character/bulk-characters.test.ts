import { count, isNull, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { requireName } from "../platform/validation.js";
import { gameApi } from "../test/game-api.js";
import { startTestServer, storageBackends, type TestServer } from "../test/test-server.js";
import { insertBulkCharacters } from "./bulk-characters.js";
import { characters } from "./schema.js";

/** The load-test generator behind `npm run seed -- --characters N`. */
describe.each(storageBackends)("bulk characters (%s)", (backend) => {
  let t: TestServer;
  beforeAll(async () => {
    t = await startTestServer({ backend });
  });
  afterAll(() => t?.close());

  const indexNames = async () => {
    const result = await t.server.database.db.execute<{ indexname: string }>(
      sql`SELECT indexname FROM pg_indexes WHERE tablename = 'characters' ORDER BY indexname`,
    );
    // node-postgres answers a Result, PGlite { rows }: both have rows.
    return (result as { rows: { indexname: string }[] }).rows.map((r) => r.indexname);
  };

  it("adds valid, unique characters over the live dimensions; lists and counts see them", async () => {
    const db = t.server.database.db;
    const before = await indexNames();
    // PostgreSQL takes the big-load path (indexes dropped and rebuilt); PGlite a plain insert.
    const n = backend === "postgres" ? 60_000 : 2_000;
    const result = await insertBulkCharacters(t.server.database, { count: n });
    expect(result).toMatchObject({ inserted: n, dimensions: 1, rebuiltIndexes: n >= 50_000 });
    expect(await indexNames()).toEqual(before);
    const [live] = await db.select({ n: count() }).from(characters).where(isNull(characters.deletedAt));
    expect(live!.n).toBe(n);
    const sample = await db.select().from(characters).limit(200);
    for (const row of sample) {
      expect(requireName(row.name)).toBe(row.name);
      expect(["male", "female"]).toContain(row.gender);
      expect(["human", "cyborg"]).toContain(row.realm);
    }
    const page = await gameApi(t.url, "connect").ok("GetCharacters", { search: sample[0]!.name.split(" ")[0]!, filters: { limit: 5 } }, t.users.admin.token);
    expect(Number(page.total)).toBeGreaterThan(0);
    expect((await gameApi(t.url, "rest").ok("GetCharacters", { filters: { limit: 1 } }, t.users.admin.token)).total).toBe(String(n));
  }, 120_000);
});
