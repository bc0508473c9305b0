import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase } from "../../test/test-server.js";
import { openDatabase, type Database } from "./database.js";

describe.runIf(Boolean(process.env.DATABASE_URL))("PostgreSQL connection settings", () => {
  let testDatabase: Awaited<ReturnType<typeof createTestDatabase>>;
  let database: Database;
  beforeAll(async () => {
    testDatabase = await createTestDatabase();
    database = await openDatabase({ url: testDatabase.url, dataDir: "", poolSize: 3 });
  });
  afterAll(async () => {
    await database?.close();
    await testDatabase?.drop();
  });

  it("turns JIT compilation off on every pooled connection (it cost ~30 ms on short queries)", async () => {
    // Three at once: each query gets its own pooled connection.
    const pool = database.pool!;
    const settings = await Promise.all([1, 2, 3].map(() => pool.query<{ jit: string }>("SELECT current_setting('jit') AS jit, pg_sleep(0.05)")));
    expect(settings.map((r) => r.rows[0]!.jit)).toEqual(["off", "off", "off"]);
  });
});
