import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { storageBackends, openTestDatabase } from "../test/test-server.js";
import type { Database } from "../platform/db/database.js";
import { tokenRevocations } from "./schema.js";
import { createTokenRevocationStore } from "./token-revocation-store.js";

describe.each(storageBackends)("token revocation store (%s)", (backend) => {
  let database: Database;
  let close: () => Promise<void>;
  let clock = Date.parse("2030-01-01T00:00:00.000Z");
  const HOUR = 60 * 60 * 1000;
  beforeAll(async () => {
    ({ database, close } = await openTestDatabase(backend));
  });
  afterAll(() => close());

  it("gives back what it recorded to the millisecond, and forgets entries older than the keep time", async () => {
    const store = createTokenRevocationStore(database.db, HOUR, () => clock);
    await store.record({ userId: "u1", atMs: clock - 1 });
    await store.record({ userId: "u1", sessionId: "s1", atMs: clock + 7 });
    await store.record({ userId: "u2", sessionId: "s2", clientId: "sro-web", atMs: clock + 8 });
    expect(await store.recent()).toEqual([
      { userId: "u1", atMs: clock - 1 },
      { userId: "u1", sessionId: "s1", atMs: clock + 7 },
      { userId: "u2", sessionId: "s2", clientId: "sro-web", atMs: clock + 8 },
    ]);

    clock += HOUR;
    // Older than an hour: no longer read, and dropped by the next record.
    expect((await store.recent()).map((r) => r.atMs)).toEqual([clock - HOUR + 7, clock - HOUR + 8]);
    clock += 10;
    await store.record({ userId: "u3", atMs: clock });
    expect(await store.recent()).toEqual([{ userId: "u3", atMs: clock }]);
    expect(await database.db.select().from(tokenRevocations)).toHaveLength(1);
  });
});
