import { count, isNull } from "drizzle-orm";
import { pino } from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { characters } from "../character/schema.js";
import { chatChannelAuthorizations, chatChannels } from "../chat/schema.js";
import { demoAccounts } from "./demo-accounts.js";
import { gameApi } from "../test/game-api.js";
import { startTestServer, storageBackends, type TestServer } from "../test/test-server.js";
import { demoCharacterIds, demoIds, orphanedOwnerId, seedDemoData } from "./demo-data.js";
import { dimensions, maps } from "../gameserver/schema.js";

/** Local-mode demo content: seeded on first start, once; every screen has something to show. */
describe.each(storageBackends)("demo data (%s)", (backend) => {
  let t: TestServer;
  beforeAll(async () => {
    t = await startTestServer({ backend, env: { SEED_DEMO: "true" } });
  });
  afterAll(() => t?.close());

  it("has ≥ 3 maps, 2 dimensions, ~30 characters over the demo users and others, 4 channels, authorizations", async () => {
    const db = t.server.database.db;
    const total = async (table: typeof maps | typeof dimensions | typeof characters | typeof chatChannels) =>
      (await db.select({ n: count() }).from(table).where(isNull(table.deletedAt)))[0]!.n;
    expect(await total(maps)).toBeGreaterThanOrEqual(3);
    expect(await total(dimensions)).toBe(2);
    expect(await total(characters)).toBe(30);
    const channels = await db.select().from(chatChannels);
    expect(channels.map((c) => [c.public, c.dimensionId === null]).sort()).toEqual([
      [false, false],
      [false, true],
      [true, false],
      [true, true],
    ]);
    expect((await db.select({ n: count() }).from(chatChannelAuthorizations))[0]!.n).toBeGreaterThanOrEqual(2);
    const owners = new Set((await db.select({ ownerId: characters.ownerId }).from(characters)).map((r) => r.ownerId));
    // Every demo account plays, but the second admin, who is there to approve the first one's requests.
    for (const account of demoAccounts) expect(owners.has(account.id), account.username).toBe(account.username !== "lead");
    // Exactly one character has an owner without an account (the console's 'Unknown ({ownerId})').
    const accounts = new Set<string>(demoAccounts.map((a) => a.id));
    const orphans = await db.select({ name: characters.name, ownerId: characters.ownerId }).from(characters);
    expect(orphans.filter((c) => !accounts.has(c.ownerId))).toEqual([{ name: "Kira Voltage", ownerId: orphanedOwnerId }]);
  });

  it("is served by the API like any other data", async () => {
    const api = gameApi(t.url, "rest");
    const prime = await api.ok("GetDimension", { id: demoIds.dimensions.prime }, t.users.admin.token);
    expect(prime).toMatchObject({ name: "Prime", mapIds: [demoIds.maps.downtown, demoIds.maps.docks, demoIds.maps.orbital] });
    const pia = await api.ok("GetCharacter", { id: demoCharacterIds[0]! }, t.users.admin.token);
    expect(pia).toMatchObject({ name: "Pia Nightshade", ownerId: demoAccounts[2].id, dimensionId: demoIds.dimensions.prime });
    expect((await api.ok("GetCharacterStats", {}, t.users.moderator.token)).totalCharacters).toBe("30");
    // Two sanctions: an active mute with a message to the player, and an expired ban.
    const listed = await api.ok("ListSanctions", {}, t.users.moderator.token);
    expect(listed.sanctions).toMatchObject([
      {
        id: demoIds.sanctions.glitchMute,
        kind: "SANCTION_KIND_MUTE",
        active: true,
        characterName: "Glitch Runner",
        scopeName: "General",
        playerMessage: expect.any(String),
      },
      { id: demoIds.sanctions.ozzyBan, kind: "SANCTION_KIND_BAN", characterName: "Ozzy Flatline", scopeName: "Prime Local" },
    ]);
    expect(listed.sanctions[1].active).toBeUndefined(); // false: left out of proto JSON
  });

  it("is seeded only into a database that never had a dimension", async () => {
    const db = t.server.database.db;
    expect(await seedDemoData(db, pino({ level: "silent" }))).toBe(false);
    expect((await db.select({ n: count() }).from(characters))[0]!.n).toBe(30);
  });
});
