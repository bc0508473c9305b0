import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SYSTEM_ACTOR } from "../audit/audit-trail.js";
import type { Database, Db } from "../platform/db/database.js";
import { openTestDatabase, storageBackends } from "../test/test-server.js";
import { insertDimension } from "../test/game-fixtures.js";
import { insertBulkCharacters } from "./bulk-characters.js";
import { searchOf, type SortColumn } from "./character-list-query.js";
import { SEARCH_TUNING, type SearchTuning } from "./character-search.js";
import { createCharacterStore, type CharacterStore } from "./character-store.js";
import { characters } from "./schema.js";

type Row = typeof characters.$inferInsert & {
  id: string;
  name: string;
  ownerId: string;
  realm: string;
  gender: string;
  dimensionId: string;
  playTime: number;
  createdAt: Date;
};

const rowsOf = <T>(result: unknown): T[] => (result as { rows?: T[] }).rows ?? (result as T[]);

/** Rows of character_search_names that differ from the live characters' (id, name), both ways: [] when in step. */
async function drift(db: Db): Promise<{ id: string; name: string; side: string }[]> {
  return rowsOf(
    await db.execute(sql`
      (SELECT id, name, 'missing' AS side FROM characters WHERE deleted_at IS NULL EXCEPT SELECT id, name, 'missing' FROM character_search_names)
      UNION ALL
      (SELECT id, name, 'extra' FROM character_search_names EXCEPT SELECT id, name, 'extra' FROM characters WHERE deleted_at IS NULL)`),
  );
}

async function searchName(db: Db, id: string): Promise<string | undefined> {
  return rowsOf<{ name: string }>(await db.execute(sql`SELECT name FROM character_search_names WHERE id = ${id}`))[0]?.name;
}

/**
 * character_search_names (drizzle/0006) is the copy of live names that name searches read: it must follow every
 * write to characters, and searches through it must page exactly like a filter over the live rows.
 */
describe.each(storageBackends)("name search side table (%s)", (backend) => {
  let database: Database;
  let close: () => Promise<void>;
  let db: Db;
  let store: CharacterStore;
  let dimension: string;

  beforeAll(async () => {
    ({ database, close } = await openTestDatabase(backend));
    db = database.db;
    store = createCharacterStore(db);
    dimension = await insertDimension(db);
  });
  afterAll(() => close?.());

  describe("stays in step with characters", () => {
    const create = async (name: string) => {
      const row = await store.create(SYSTEM_ACTOR, { ownerId: "owner-sync", name, gender: "male", realm: "human", dimensionId: dimension, profession: "" });
      if (typeof row === "string") throw new Error(row);
      return row.id;
    };

    it("insert, rename, play time, soft delete, restore, hard delete", async () => {
      const id = await create("Sync Alpha");
      expect(await searchName(db, id)).toBe("Sync Alpha");

      await store.update(SYSTEM_ACTOR, id, { name: "Sync Bravo" });
      expect(await searchName(db, id)).toBe("Sync Bravo");
      // A change of case is a rename too (searches are case-insensitive, but name order is not).
      await store.update(SYSTEM_ACTOR, id, { name: "sync bravo" });
      expect(await searchName(db, id)).toBe("sync bravo");

      // Play time and other columns leave the side row alone (not even rewritten: same row version).
      const version = async () => rowsOf<{ v: string }>(await db.execute(sql`SELECT xmin::text AS v FROM character_search_names WHERE id = ${id}`))[0]?.v;
      const before = await version();
      expect(await store.addPlayTime(SYSTEM_ACTOR, id, 30)).toBe("ok");
      await store.update(SYSTEM_ACTOR, id, { realm: "cyborg", location: { world: "w", x: 1, y: 2, z: 3, roll: 0, pitch: 0, yaw: 0 } });
      expect(await version()).toBe(before);

      expect(await store.softDelete(SYSTEM_ACTOR, id)).toBe(true);
      expect(await searchName(db, id)).toBeUndefined();
      // Renaming a deleted character (only possible in SQL) does not bring it back.
      await db.execute(sql`UPDATE characters SET name = 'Sync Ghost' WHERE id = ${id}`);
      expect(await searchName(db, id)).toBeUndefined();
      await db.execute(sql`UPDATE characters SET deleted_at = NULL WHERE id = ${id}`);
      expect(await searchName(db, id)).toBe("Sync Ghost");

      await db.execute(sql`DELETE FROM characters WHERE id = ${id}`);
      expect(await searchName(db, id)).toBeUndefined();
      expect(await drift(db)).toEqual([]);
    });

    it("multi-row statements: inserts with deleted rows, updates and deletes of many rows", async () => {
      const owner = `owner-${randomUUID()}`;
      const base = { ownerId: owner, gender: "female", realm: "cyborg", dimensionId: dimension };
      await db.insert(characters).values([
        { ...base, id: randomUUID(), name: "Multi One" },
        { ...base, id: randomUUID(), name: "Multi Two" },
        { ...base, id: randomUUID(), name: "Multi Gone", deletedAt: new Date() },
      ]);
      expect(await drift(db)).toEqual([]);
      const count = async () =>
        Number(rowsOf<{ n: string | number }>(await db.execute(sql`SELECT count(*) AS n FROM character_search_names WHERE name LIKE 'Multi %'`))[0]!.n);
      expect(await count()).toBe(2);
      await db.execute(sql`UPDATE characters SET name = name || ' X' WHERE owner_id = ${owner}`);
      expect(await drift(db)).toEqual([]);
      await db.execute(sql`UPDATE characters SET deleted_at = now() WHERE owner_id = ${owner} AND deleted_at IS NULL`);
      expect(await count()).toBe(0);
      await db.execute(sql`UPDATE characters SET deleted_at = NULL WHERE owner_id = ${owner}`);
      expect(await count()).toBe(3);
      await db.execute(sql`DELETE FROM characters WHERE owner_id = ${owner}`);
      expect(await count()).toBe(0);
      expect(await drift(db)).toEqual([]);
    });

    it("bulk loads (both the plain and the index-rebuilding path on PostgreSQL) and TRUNCATE", async () => {
      const indexes = async () =>
        rowsOf<{ indexname: string }>(
          await db.execute(sql`SELECT indexname FROM pg_indexes WHERE tablename = 'character_search_names' ORDER BY indexname`),
        ).map((r) => r.indexname);
      const before = await indexes();
      expect(before).toEqual(["character_search_names_pkey", "character_search_names_trgm_idx"]);
      await insertBulkCharacters(database, { count: 1_000 });
      if (backend === "postgres") expect((await insertBulkCharacters(database, { count: 50_000 })).rebuiltIndexes).toBe(true);
      expect(await indexes()).toEqual(before);
      expect(await drift(db)).toEqual([]);
      await db.execute(sql`TRUNCATE characters CASCADE`);
      expect(rowsOf(await db.execute(sql`SELECT 1 FROM character_search_names LIMIT 1`))).toEqual([]);
    }, 180_000);
  });

  describe("searches page like a filter over the live rows", () => {
    // 600 characters: "Wide" in every other name, "Mid" in 30 names, "Rare" in 4, plus deleted rows that match
    // all three. The owner id "mid" owns the 30 Mid rows and 30 others: the owner arm overlaps the name arm.
    let live: Row[];
    const owners = ["owner-a", "owner-b", "owner-c"];

    beforeAll(async () => {
      await db.execute(sql`TRUNCATE characters CASCADE`);
      const base = Date.UTC(2026, 0, 1);
      const rows: (Row & { deletedAt: Date | null })[] = Array.from({ length: 630 }, (_, i) => ({
        id: randomUUID(),
        ownerId: i % 10 === 0 ? "mid" : owners[i % 3]!,
        name: `${i % 2 === 0 ? "Wide" : "Narrow"}${i % 20 === 0 ? " Mid" : ""}${i % 150 === 7 ? " Rare" : ""} ${i}`,
        gender: i % 3 === 0 ? "female" : "male",
        realm: i % 5 < 2 ? "cyborg" : "human",
        dimensionId: dimension,
        // Ties on purpose: id breaks them.
        playTime: (i % 7) * 100,
        createdAt: new Date(base + (i % 13) * 60_000),
        deletedAt: i >= 600 ? new Date() : null,
      }));
      // Deleted rows match every term.
      for (const row of rows.slice(600)) row.name = `Wide Mid Rare ${row.id.slice(0, 8)}`;
      for (let i = 0; i < rows.length; i += 200) await db.insert(characters).values(rows.slice(i, i + 200));
      live = rows.filter((r) => !r.deletedAt);
    });

    const keys: Record<SortColumn, (r: Row) => string | number> = {
      name: (r) => r.name,
      owner: (r) => r.ownerId,
      realm: (r) => r.realm,
      gender: (r) => r.gender,
      dimension: (r) => r.dimensionId,
      playtime: (r) => r.playTime,
      created: (r) => r.createdAt.getTime(),
    };
    const ordered = (rows: Row[], column: SortColumn, descending: boolean) => {
      const sign = descending ? -1 : 1;
      const compare = (a: string | number, b: string | number) => (a < b ? -1 : a > b ? 1 : 0);
      return [...rows].sort((a, b) => sign * (compare(keys[column](a), keys[column](b)) || compare(a.id, b.id))).map((r) => r.id);
    };

    const expectPages = async (pages: CharacterStore, column: SortColumn, terms: string[]) => {
      for (const term of terms) {
        const lower = term.toLowerCase();
        const matching = live.filter((r) => r.name.toLowerCase().includes(lower) || r.ownerId === term);
        for (const descending of [false, true]) {
          const expected = ordered(matching, column, descending);
          const limit = term === "wide" ? 50 : 7;
          for (let offset = 0; offset <= expected.length + limit; offset += term === "wide" ? 125 : limit) {
            const page = await pages.list({ page: { limit, offset }, sort: { column, descending }, search: searchOf(term) });
            expect([page.rows.map((r) => r.id), page.total]).toEqual([expected.slice(offset, offset + limit), BigInt(matching.length)]);
          }
        }
      }
    };

    // With 600 live rows and the default tuning, "MID" (30 matches) walks the sort index for the first pages and
    // looks the matches' sort keys up by id for later ones; "rare" (4) always looks them up; "wide" (300) and "mid"
    // (the 30 names and the owner's 60 rows, 60 in all) always walk.
    it.each(Object.keys(keys) as SortColumn[])(
      "sorted by %s, both ways, every page",
      async (column) => {
        await expectPages(store, column, ["MID", "mid", "wide", "rare", "owner-b", "nothing-matches"]);
      },
      60_000,
    );

    const forced: [string, SearchTuning][] = [
      ["always walking the sort index", { walkPerFetch: 1e15, lookupMax: SEARCH_TUNING.lookupMax }],
      ["always looking sort keys up by id", { walkPerFetch: 0, lookupMax: 1e15 }],
      ["always collecting sort keys through the trigram index", { walkPerFetch: 0, lookupMax: 0 }],
    ];
    it.each(forced)(
      "every page plan gives the same pages: %s",
      async (_, tuning) => {
        const pages = createCharacterStore(db, tuning);
        for (const column of ["owner", "playtime", "created"] as SortColumn[]) await expectPages(pages, column, ["MID", "mid", "rare", "nothing-matches"]);
      },
      60_000,
    );

    it("realm, gender and dimension terms count each arm once (names and owner ids that say the same)", async () => {
      // Rows whose name or owner id is the term, in and outside the realm/gender/dimension it names.
      const extra: Row[] = [
        {
          id: randomUUID(),
          ownerId: "owner-b",
          name: "Cyborg Poser",
          gender: "male",
          realm: "human",
          dimensionId: dimension,
          playTime: 0,
          createdAt: new Date(),
        },
        {
          id: randomUUID(),
          ownerId: "owner-b",
          name: "Real Cyborg",
          gender: "male",
          realm: "cyborg",
          dimensionId: dimension,
          playTime: 0,
          createdAt: new Date(),
        },
        {
          id: randomUUID(),
          ownerId: "female",
          name: "Owned By Female",
          gender: "male",
          realm: "human",
          dimensionId: dimension,
          playTime: 0,
          createdAt: new Date(),
        },
        {
          id: randomUUID(),
          ownerId: "female",
          name: "Owned By Female Too",
          gender: "female",
          realm: "human",
          dimensionId: dimension,
          playTime: 0,
          createdAt: new Date(),
        },
      ];
      const other = await insertDimension(db);
      extra.push(
        {
          id: randomUUID(),
          ownerId: dimension,
          name: "Owner Is A Dimension Id",
          gender: "male",
          realm: "human",
          dimensionId: other,
          playTime: 0,
          createdAt: new Date(),
        },
        {
          id: randomUUID(),
          ownerId: "owner-c",
          name: `Named ${dimension}`,
          gender: "male",
          realm: "human",
          dimensionId: other,
          playTime: 0,
          createdAt: new Date(),
        },
      );
      await db.insert(characters).values(extra);
      const all = [...live, ...extra];
      const expectTotal = async (term: string, matches: (r: Row) => boolean) => {
        const facts = { dimensions: [{ id: dimension, name: "Searchable Prime" }], ownerIds: [] };
        const page = await store.list({ page: { limit: 5, offset: 0 }, sort: { column: "created", descending: false }, search: searchOf(term, facts) });
        expect(page.total).toBe(BigInt(all.filter(matches).length));
        for (const row of page.rows) expect(matches(all.find((r) => r.id === row.id)!)).toBe(true);
      };
      await expectTotal("cyborg", (r) => r.realm === "cyborg" || r.name.toLowerCase().includes("cyborg") || r.ownerId === "cyborg");
      await expectTotal("FEMALE", (r) => r.gender === "female" || r.name.toLowerCase().includes("female") || r.ownerId === "FEMALE");
      await expectTotal("female", (r) => r.gender === "female" || r.name.toLowerCase().includes("female") || r.ownerId === "female");
      await expectTotal(dimension, (r) => r.dimensionId === dimension || r.ownerId === dimension || r.name.toLowerCase().includes(dimension));
      await expectTotal(extra[0]!.id.toUpperCase(), (r) => r.id === extra[0]!.id);
      // Dimension names by substring; realms and genders too; an id prefix.
      await expectTotal("able pri", (r) => r.dimensionId === dimension || r.name.toLowerCase().includes("able pri"));
      await expectTotal("borg", (r) => r.realm === "cyborg" || r.name.toLowerCase().includes("borg") || r.ownerId === "borg");
      await expectTotal("cyborg in:realm", (r) => r.realm === "cyborg");
      await expectTotal("prime in:dimension", (r) => r.dimensionId === dimension);
      await expectTotal("poser in:name", (r) => r.name.toLowerCase().includes("poser"));
      await expectTotal("owner-b in:owner", (r) => r.ownerId === "owner-b");
      await expectTotal("nothing in:realm", () => false);
      await expectTotal(`${extra[1]!.id.slice(0, 13)} in:id`, (r) => r.id.startsWith(extra[1]!.id.slice(0, 13)));
      await db.execute(
        sql`DELETE FROM characters WHERE id IN (${sql.join(
          extra.map((r) => sql`${r.id}`),
          sql`, `,
        )})`,
      );
    });
  });
});
