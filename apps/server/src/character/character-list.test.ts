import { randomUUID } from "node:crypto";
import { Code } from "@connectrpc/connect";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { characters } from "./schema.js";
import { apiTransports, gameApi, type GameApi } from "../test/game-api.js";
import { expectRejected, insertDimension } from "../test/game-fixtures.js";
import { startTestServer, storageBackends, type TestServer } from "../test/test-server.js";

type Row = typeof characters.$inferInsert & { id: string; createdAt: Date; playTime: number };

// Distinct words, none a prefix of another, so name order is the same under any collation.
const WORDS = ["Alpha", "Bravo", "Cobalt", "Delta", "Echo", "Neon", "Quartz", "Under_score", "Vector", "Zenith"];
const SORTS = {
  CHARACTER_SORT_FIELD_NAME: (r: Row) => r.name,
  CHARACTER_SORT_FIELD_OWNER: (r: Row) => r.ownerId,
  CHARACTER_SORT_FIELD_REALM: (r: Row) => r.realm,
  CHARACTER_SORT_FIELD_GENDER: (r: Row) => r.gender,
  CHARACTER_SORT_FIELD_DIMENSION: (r: Row) => r.dimensionId,
  CHARACTER_SORT_FIELD_PLAYTIME: (r: Row) => r.playTime,
  CHARACTER_SORT_FIELD_CREATED: (r: Row) => r.createdAt.getTime(),
} as const;

function ordered(rows: Row[], key: (r: Row) => string | number, descending: boolean): string[] {
  const sign = descending ? -1 : 1;
  const compare = (a: string | number, b: string | number) => (a < b ? -1 : a > b ? 1 : 0);
  return [...rows].sort((a, b) => sign * (compare(key(a), key(b)) || compare(a.id, b.id))).map((r) => r.id);
}

/** GetCharacters / GetCharactersForUser / GetCharacterStats over a known set of 60 live and 3 deleted characters. */
describe.each(storageBackends)("character lists (%s)", (backend) => {
  let t: TestServer;
  let live: Row[];
  let dimensions: string[];

  beforeAll(async () => {
    t = await startTestServer({ backend });
    const db = t.server.database.db;
    dimensions = [await insertDimension(db), await insertDimension(db)];
    const owners = [t.users.player.sub, t.users.otherPlayer.sub, "owner-c", "owner-d"];
    const base = Date.UTC(2026, 0, 1);
    const rows: Row[] = Array.from({ length: 63 }, (_, i) => ({
      id: randomUUID(),
      ownerId: owners[i % 4]!,
      name: `${WORDS[i % WORDS.length]} ${String(i).padStart(2, "0")}`,
      gender: i % 3 === 0 ? "female" : "male",
      realm: i % 5 < 2 ? "cyborg" : "human",
      dimensionId: dimensions[i % 2]!,
      // Ties on purpose: id breaks them.
      playTime: (i % 7) * 100,
      createdAt: new Date(base + (i % 10) * 60_000),
      deletedAt: i >= 60 ? new Date() : null,
    }));
    await db.insert(characters).values(rows);
    live = rows.filter((r) => !r.deletedAt);
  });
  afterAll(() => t?.close());

  describe.each(apiTransports)("over %s", (transport) => {
    let api: GameApi;
    let admin: string;
    beforeAll(() => {
      api = gameApi(t.url, transport);
      admin = t.users.admin.token;
    });
    const ids = (body: { characters?: { id: string }[] }) => (body.characters ?? []).map((c) => c.id);
    // Proto JSON leaves out zero values: a total of 0 is absent.
    const totalOf = (body: { total?: string }) => body.total ?? "0";

    it("limit and offset page through every live character; total counts them all", async () => {
      const expected = ordered(live, SORTS.CHARACTER_SORT_FIELD_CREATED, false);
      const seen: string[] = [];
      for (let offset = 0; offset < 70; offset += 7) {
        const page = await api.ok("GetCharacters", { filters: { limit: 7, offset } }, admin);
        expect(page.total).toBe("60");
        seen.push(...ids(page));
      }
      expect(seen).toEqual(expected);
    });

    it("without filters every live character (the original clients); limit 0 is a page of 50; limits above 200 and negative or absurd offsets are INVALID_ARGUMENT", async () => {
      const all = await api.ok("GetCharacters", {}, admin);
      expect([ids(all), all.total]).toEqual([ordered(live, SORTS.CHARACTER_SORT_FIELD_CREATED, false), "60"]);
      expect(ids(await api.ok("GetCharacters", { filters: { limit: 0 } }, admin))).toHaveLength(50);
      expect(ids(await api.ok("GetCharacters", { filters: { limit: 200 } }, admin))).toHaveLength(60);
      const beyond = await api.ok("GetCharacters", { filters: { limit: 10, offset: 1000 } }, admin);
      expect([ids(beyond), beyond.total]).toEqual([[], "60"]);
      expectRejected(await api.call("GetCharacters", { filters: { limit: 201 } }, admin), Code.InvalidArgument, "filters.limit");
      expectRejected(await api.call("GetCharacters", { filters: { limit: -1 } }, admin), Code.InvalidArgument, "filters.limit");
      expectRejected(await api.call("GetCharacters", { filters: { offset: -1 } }, admin), Code.InvalidArgument, "filters.offset");
      expectRejected(await api.call("GetCharacters", { filters: { offset: 2147483647 } }, admin), Code.InvalidArgument, "filters.offset");
    });

    it.each(Object.keys(SORTS) as (keyof typeof SORTS)[])("sorts by %s, both ways, with id breaking ties", async (sortBy) => {
      for (const sortDescending of [false, true]) {
        const expected = ordered(live, SORTS[sortBy], sortDescending);
        expect(ids(await api.ok("GetCharacters", { sortBy, sortDescending, filters: { limit: 200 } }, admin))).toEqual(expected);
        // A page from the first half and one from the far half (read from the other end) are the same slices.
        expect(ids(await api.ok("GetCharacters", { sortBy, sortDescending, filters: { limit: 9, offset: 20 } }, admin))).toEqual(expected.slice(20, 29));
        expect(ids(await api.ok("GetCharacters", { sortBy, sortDescending, filters: { limit: 9, offset: 47 } }, admin))).toEqual(expected.slice(47, 56));
        expect(ids(await api.ok("GetCharacters", { sortBy, sortDescending, filters: { limit: 9, offset: 55 } }, admin))).toEqual(expected.slice(55, 60));
      }
    });

    it("an unknown sort field is INVALID_ARGUMENT", async () => {
      expectRejected(await api.call("GetCharacters", { sortBy: 99 }, admin), Code.InvalidArgument, "sort_by");
    });

    it("search: case-insensitive name substrings, paged and sorted, total = all matches", async () => {
      const neon = live.filter((r) => r.name.toLowerCase().includes("neon"));
      const expected = ordered(neon, SORTS.CHARACTER_SORT_FIELD_NAME, true);
      const first = await api.ok(
        "GetCharacters",
        { search: "  nEoN ", sortBy: "CHARACTER_SORT_FIELD_NAME", sortDescending: true, filters: { limit: 4 } },
        admin,
      );
      expect([ids(first), first.total]).toEqual([expected.slice(0, 4), String(neon.length)]);
      const second = await api.ok(
        "GetCharacters",
        { search: "neon", sortBy: "CHARACTER_SORT_FIELD_NAME", sortDescending: true, filters: { limit: 4, offset: 4 } },
        admin,
      );
      expect(ids(second)).toEqual(expected.slice(4, 8));
      expect((await api.ok("GetCharacters", { search: "eon 1" }, admin)).total).toBe(String(live.filter((r) => r.name.includes("eon 1")).length));
    });

    it.each(Object.keys(SORTS) as (keyof typeof SORTS)[])(
      "search sorted by %s: long and short terms give the same pages; total survives any offset",
      async (sortBy) => {
        // "eCtOr" goes through the trigram path (matches collected, then sorted); "ec" and "R_s" (no three letters or
        // digits in a row) walk the sort index. Each must page like a plain filter of the live rows.
        for (const term of ["eCtOr", "ec", "R_s"]) {
          const matching = live.filter((r) => r.name.toLowerCase().includes(term.toLowerCase()));
          expect(matching.length).toBeGreaterThan(3);
          for (const sortDescending of [false, true]) {
            const expected = ordered(matching, SORTS[sortBy], sortDescending);
            const page = await api.ok("GetCharacters", { search: term, sortBy, sortDescending, filters: { limit: 3, offset: 2 } }, admin);
            expect([ids(page), page.total]).toEqual([expected.slice(2, 5), String(matching.length)]);
            const beyond = await api.ok("GetCharacters", { search: term, sortBy, sortDescending, filters: { limit: 3, offset: 500 } }, admin);
            expect([ids(beyond), beyond.total]).toEqual([[], String(matching.length)]);
          }
        }
      },
    );

    it("search: whole owner, character and dimension ids, realms and genders; LIKE wildcards are literal", async () => {
      const count = async (search: string) => Number(totalOf(await api.ok("GetCharacters", { search, filters: { limit: 1 } }, admin)));
      expect(await count(t.users.player.sub)).toBe(live.filter((r) => r.ownerId === t.users.player.sub).length);
      expect(await count(t.users.player.sub.toUpperCase())).toBe(live.filter((r) => r.ownerId === t.users.player.sub).length);
      expect(await count("owner-c")).toBe(live.filter((r) => r.ownerId === "owner-c").length);
      expect(ids(await api.ok("GetCharacters", { search: live[7]!.id }, admin))).toEqual([live[7]!.id]);
      expect(await count(dimensions[1]!)).toBe(live.filter((r) => r.dimensionId === dimensions[1]).length);
      expect(await count("CYBORG")).toBe(live.filter((r) => r.realm === "cyborg").length);
      expect(await count("female")).toBe(live.filter((r) => r.gender === "female").length);
      expect(await count("%")).toBe(0);
      expect(await count("_")).toBe(live.filter((r) => r.name.includes("_")).length);
      expect(await count("zzz-nothing")).toBe(0);
    });

    it("search is bounded; deleted characters never match", async () => {
      expectRejected(await api.call("GetCharacters", { search: "x".repeat(65) }, admin), Code.InvalidArgument, "search");
      // Rows 60..62 are deleted: "Alpha 60", "Bravo 61", "Cobalt 62".
      expect(totalOf(await api.ok("GetCharacters", { search: "Bravo 61" }, admin))).toBe("0");
    });

    it("lists honor the field mask", async () => {
      const page = await api.ok("GetCharacters", { mask: "id,name", filters: { limit: 3 } }, admin);
      for (const character of page.characters) expect(Object.keys(character).sort()).toEqual(["id", "name"]);
      expectRejected(await api.call("GetCharacters", { mask: "name,hash" }, admin), Code.InvalidArgument, "mask");
    });

    it("GetCharactersForUser lists one owner's live characters, paged, total of theirs", async () => {
      const theirs = ordered(
        live.filter((r) => r.ownerId === t.users.player.sub),
        SORTS.CHARACTER_SORT_FIELD_CREATED,
        false,
      );
      const all = await api.ok("GetCharactersForUser", { ownerId: t.users.player.sub, filters: { limit: 200 } }, t.users.player.token);
      expect([ids(all), all.total]).toEqual([theirs, String(theirs.length)]);
      const page = await api.ok("GetCharactersForUser", { ownerId: t.users.player.sub, filters: { limit: 2, offset: 3 }, mask: "id" }, admin);
      expect(page.characters).toEqual(theirs.slice(3, 5).map((id) => ({ id })));
      const nobody = await api.ok("GetCharactersForUser", { ownerId: "nobody-has-this" }, admin);
      expect([nobody.characters ?? [], totalOf(nobody)]).toEqual([[], "0"]);
      expectRejected(await api.call("GetCharactersForUser", { ownerId: "x".repeat(256) }, admin), Code.InvalidArgument, "owner_id");
      expectRejected(
        await api.call("GetCharactersForUser", { ownerId: t.users.player.sub, filters: { limit: 500 } }, admin),
        Code.InvalidArgument,
        "filters.limit",
      );
    });

    it("GetCharacterStats: live characters, total play time, per realm and per dimension", async () => {
      const perRealm: Record<string, string> = {};
      const perDimension: Record<string, string> = {};
      for (const r of live) {
        perRealm[r.realm] = String(Number(perRealm[r.realm] ?? 0) + 1);
        perDimension[r.dimensionId] = String(Number(perDimension[r.dimensionId] ?? 0) + 1);
      }
      expect(await api.ok("GetCharacterStats", {}, admin)).toEqual({
        totalCharacters: "60",
        totalPlayTime: String(live.reduce((sum, r) => sum + r.playTime, 0)),
        charactersPerRealm: perRealm,
        charactersPerDimension: perDimension,
      });
    });
  });
});

describe("GetCharacters without filters stops at CHARACTERS_UNPAGED_MAX", () => {
  let t: TestServer;
  beforeAll(async () => {
    t = await startTestServer({ env: { CHARACTERS_UNPAGED_MAX: "5" } });
    const db = t.server.database.db;
    const dimension = await insertDimension(db);
    await db.insert(characters).values(
      Array.from({ length: 7 }, (_, i) => ({
        id: randomUUID(),
        ownerId: t.users.player.sub,
        name: `Capped ${i}`,
        gender: "male",
        realm: "human",
        dimensionId: dimension,
      })),
    );
  });
  afterAll(() => t?.close());

  it.each(apiTransports)("over %s: the first 5, with the exact total", async (transport) => {
    const body = await gameApi(t.url, transport).ok("GetCharacters", {}, t.users.admin.token);
    expect([body.characters.length, body.total]).toEqual([5, "7"]);
  });
});
