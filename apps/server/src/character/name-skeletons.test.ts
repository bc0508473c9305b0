import { randomUUID } from "node:crypto";
import { eq, isNull, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { insertDimension } from "../test/game-fixtures.js";
import { gameApi } from "../test/game-api.js";
import { startTestServer, storageBackends, type TestServer } from "../test/test-server.js";
import { skeletonOf } from "../platform/text-rules.js";
import { backfillNameSkeletons } from "./name-skeletons.js";
import { characters } from "./schema.js";

/** Names stored without a skeleton (before the look-alike rule, bulk seeds, demo data) are guarded too. */
describe.each(storageBackends)("name skeleton backfill (%s)", (backend) => {
  let t: TestServer;
  beforeAll(async () => {
    t = await startTestServer({ backend, env: { SEED_DEMO: "true" } });
  });
  afterAll(() => t?.close());

  it("demo characters are guarded: a look-alike of 'Ada Overwatch' (zero for O) is refused", async () => {
    const api = gameApi(t.url, "connect");
    const dimension = await insertDimension(t.server.database.db);
    const created = await api.call(
      "CreateCharacter",
      { ownerId: randomUUID(), name: "Ada 0verwatch", gender: "female", realm: "human", dimensionId: dimension },
      t.users.admin.token,
    );
    expect(created.message).toBe('name: "Ada 0verwatch" looks the same as the name of an existing character; choose another');
  });

  it("fills every row stored without one; a later look-alike of such a row is refused", async () => {
    const db = t.server.database.db;
    const dimension = await insertDimension(db);
    const legacy = randomUUID();
    await db.insert(characters).values({ id: legacy, ownerId: randomUUID(), name: "Eca Pop", gender: "male", realm: "human", dimensionId: dimension });
    expect((await db.select().from(characters).where(eq(characters.id, legacy)))[0]!.nameSkeleton).toBeNull();

    expect(await backfillNameSkeletons(db)).toBeGreaterThanOrEqual(1);
    expect(await db.select({ id: characters.id }).from(characters).where(isNull(characters.nameSkeleton))).toEqual([]);
    expect(await backfillNameSkeletons(db)).toBe(0);

    const api = gameApi(t.url, "connect");
    // All Cyrillic (one script), yet it reads "Eca Pop".
    const copy = await api.call(
      "CreateCharacter",
      { ownerId: randomUUID(), name: "\u0415\u0441\u0430 \u0420\u043e\u0440", gender: "male", realm: "human", dimensionId: dimension },
      t.users.admin.token,
    );
    expect(copy.message).toBe('name: "Еса Рор" looks the same as the name of an existing character; choose another');
  });

  it("stops between batches once its signal aborts", async () => {
    const aborted = AbortSignal.abort();
    await t.server.database.db.insert(characters).values({
      id: randomUUID(),
      ownerId: randomUUID(),
      name: `Late ${randomUUID().slice(0, 8)}`,
      gender: "male",
      realm: "human",
      dimensionId: await insertDimension(t.server.database.db),
    });
    expect(await backfillNameSkeletons(t.server.database.db, aborted)).toBe(0);
  });

  it("fills many rows in id order, batch after batch, and vacuums the table after", async () => {
    const db = t.server.database.db;
    const dimension = await insertDimension(db);
    await backfillNameSkeletons(db); // what earlier tests left
    // 2,500 rows: three batches of the backfill, in random id order (as bulk seeds are).
    await db.execute(sql`INSERT INTO characters (id, owner_id, name, gender, realm, dimension_id)
      SELECT gen_random_uuid(), gen_random_uuid(), 'Bulk ' || i, 'male', 'human', ${dimension}::uuid FROM generate_series(1, 2500) AS i`);
    expect(await backfillNameSkeletons(db)).toBe(2500);
    const missing = await db.select({ id: characters.id }).from(characters).where(isNull(characters.nameSkeleton));
    expect(missing).toEqual([]);
    const [bulk] = await db.select({ name: characters.name, skeleton: characters.nameSkeleton }).from(characters).where(eq(characters.name, "Bulk 1234"));
    expect(bulk).toEqual({ name: "Bulk 1234", skeleton: skeletonOf("Bulk 1234") });
    // Every filled row is a new row version: only VACUUM marks the pages all-visible again, which index-only scans (the
    // deep pages of the characters list) need.
    const pages: unknown = await db.execute(sql`SELECT relpages, relallvisible FROM pg_class WHERE relname = 'characters'`);
    const [counts] = (pages as { rows: { relpages: number; relallvisible: number }[] }).rows;
    expect(counts!.relpages).toBeGreaterThan(0);
    expect(counts!.relallvisible).toBe(counts!.relpages);
  });
});
