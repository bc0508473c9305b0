import { randomUUID } from "node:crypto";
import { eq, isNull } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { insertDimension } from "../test/game-fixtures.js";
import { gameApi } from "../test/game-api.js";
import { startTestServer, storageBackends, type TestServer } from "../test/test-server.js";
import { backfillNameSkeletons } from "./name-skeletons.js";
import { characters } from "./schema.js";

/** Names stored without a skeleton (before the look-alike rule, bulk seeds, demo data) are guarded too. */
describe.each(storageBackends)("name skeleton backfill (%s)", (backend) => {
  let t: TestServer;
  beforeAll(async () => {
    t = await startTestServer({ backend, env: { SEED_DEMO: "true" } });
  }, 60_000);
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
});
