import { randomUUID } from "node:crypto";
import { and, asc, count, desc, eq, getTableColumns, inArray, isNull, or, sql, type AnyColumn, type SQL } from "drizzle-orm";
import type { Db } from "../platform/db/database.js";
import { isUniqueViolation, sqlState } from "../platform/db/errors.js";
import { dimensions } from "../gameserver/schema.js";
import type { Page, Search, Sort, SortColumn } from "./character-list-query.js";
import { characters, characterTotals, type StoredLocation } from "./schema.js";

export type CharacterRow = typeof characters.$inferSelect;

export interface NewCharacter {
  ownerId: string;
  name: string;
  gender: string;
  realm: string;
  dimensionId: string;
  profession: string;
}

export interface CharacterChanges {
  name?: string;
  gender?: string;
  realm?: string;
  dimensionId?: string;
  ownerId?: string;
  location?: StoredLocation | null;
}

/** Why a write did not happen; the handler turns each into a status. */
export type WriteRefusal = "not-found" | "dimension-missing" | "name-taken";

export interface CharacterListQuery {
  page: Page;
  sort: Sort;
  search?: Search;
  ownerId?: string;
}

export interface CharacterStats {
  totalCharacters: bigint;
  totalPlayTime: bigint;
  perRealm: Record<string, bigint>;
  perDimension: Record<string, bigint>;
}

const live = isNull(characters.deletedAt);

const sortColumn: Readonly<Record<SortColumn, AnyColumn>> = {
  name: characters.name,
  owner: characters.ownerId,
  realm: characters.realm,
  gender: characters.gender,
  dimension: characters.dimensionId,
  playtime: characters.playTime,
  created: characters.createdAt,
};

// play_time is an int4: an increment past 2^31-1 fails with numeric_value_out_of_range.
const NUMERIC_OUT_OF_RANGE = "22003";

export type CharacterStore = ReturnType<typeof createCharacterStore>;

/** All SQL of characters. Names are unique among live characters (characters_live_name_key), ids are UUIDs. */
export function createCharacterStore(db: Db) {
  /**
   * Shares a lock on the live dimension row until the transaction ends, so a concurrent DeleteDimension (which
   * locks it for update before counting its characters) either sees this character or runs first and wins.
   */
  async function lockLiveDimension(tx: Db, id: string): Promise<boolean> {
    const rows = await tx
      .select({ id: dimensions.id })
      .from(dimensions)
      .where(and(eq(dimensions.id, id), isNull(dimensions.deletedAt)))
      .for("share");
    return rows.length > 0;
  }

  async function refusingTakenNames<T>(write: () => Promise<T>): Promise<T | "name-taken"> {
    try {
      return await write();
    } catch (error) {
      if (isUniqueViolation(error)) return "name-taken";
      throw error;
    }
  }

  return {
    async find(id: string): Promise<CharacterRow | undefined> {
      const [row] = await db.select().from(characters).where(and(eq(characters.id, id), live));
      return row;
    },

    create(input: NewCharacter): Promise<CharacterRow | WriteRefusal> {
      return refusingTakenNames(() =>
        db.transaction(async (tx) => {
          if (!(await lockLiveDimension(tx, input.dimensionId))) return "dimension-missing" as const;
          const [row] = await tx.insert(characters).values({ id: randomUUID(), ...input }).returning();
          return row!;
        }),
      );
    },

    update(id: string, changes: CharacterChanges): Promise<CharacterRow | WriteRefusal> {
      return refusingTakenNames(() =>
        db.transaction(async (tx) => {
          if (changes.dimensionId !== undefined && !(await lockLiveDimension(tx, changes.dimensionId))) return "dimension-missing" as const;
          const [row] = await tx
            .update(characters)
            .set({ ...changes, updatedAt: sql`now()` })
            .where(and(eq(characters.id, id), live))
            .returning();
          return row ?? ("not-found" as const);
        }),
      );
    },

    /** Soft delete: the row stays (chat history names it) but leaves every read and frees its name. */
    async softDelete(id: string): Promise<boolean> {
      const rows = await db
        .update(characters)
        .set({ deletedAt: sql`now()`, updatedAt: sql`now()` })
        .where(and(eq(characters.id, id), live))
        .returning({ id: characters.id });
      return rows.length > 0;
    },

    /** One atomic statement: concurrent increments never lose each other (no read-modify-write). */
    async addPlayTime(id: string, seconds: number): Promise<"ok" | "not-found" | "overflow"> {
      try {
        const rows = await db
          .update(characters)
          .set({ playTime: sql`${characters.playTime} + ${seconds}`, updatedAt: sql`now()` })
          .where(and(eq(characters.id, id), live))
          .returning({ id: characters.id });
        return rows.length > 0 ? "ok" : "not-found";
      } catch (error) {
        if (sqlState(error) === NUMERIC_OUT_OF_RANGE) return "overflow";
        throw error;
      }
    },

    async list(query: CharacterListQuery): Promise<{ rows: CharacterRow[]; total: bigint }> {
      const filter = and(live, query.ownerId === undefined ? undefined : eq(characters.ownerId, query.ownerId), query.search && searchCondition(query.search));
      if (query.search === undefined && query.ownerId === undefined) {
        // The whole list: its total is known up front, so a page in the far half is read from the other end.
        const total = await liveTotal();
        const { limit, offset } = query.page;
        const end = Math.min(offset + limit, Number(total));
        if (offset >= end) return { rows: [], total };
        if (offset > Number(total) / 2) {
          const reversed = await pageOf(filter, { ...query.sort, descending: !query.sort.descending }, { limit: end - offset, offset: Number(total) - end });
          return { rows: reversed.reverse(), total };
        }
        return { rows: await pageOf(filter, query.sort, query.page), total };
      }
      if (query.search !== undefined && usesTrigramPath(query.search)) return matchesPage(filter, query.sort, query.page);
      const [rows, total] = await Promise.all([pageOf(filter, query.sort, query.page), db.select({ n: count() }).from(characters).where(filter).then(([row]) => BigInt(row?.n ?? 0))]);
      return { rows, total };
    },

    /** Dashboard aggregates in one scan (GROUPING SETS): totals, per realm, per dimension. */
    async stats(): Promise<CharacterStats> {
      const groups = await db
        .select({
          realm: characters.realm,
          dimensionId: characters.dimensionId,
          // Bit 1: realm is rolled up; bit 0: dimension is rolled up.
          grouping: sql<number>`grouping(${characters.realm}, ${characters.dimensionId})`.mapWith(Number),
          characters: sql<string>`count(*)`.mapWith(String),
          playTime: sql<string>`coalesce(sum(${characters.playTime}), 0)`.mapWith(String),
        })
        .from(characters)
        .where(live)
        .groupBy(sql`grouping sets ((), (${characters.realm}), (${characters.dimensionId}))`);
      const stats: CharacterStats = { totalCharacters: 0n, totalPlayTime: 0n, perRealm: {}, perDimension: {} };
      for (const group of groups) {
        if (group.grouping === 3) {
          stats.totalCharacters = BigInt(group.characters);
          stats.totalPlayTime = BigInt(group.playTime);
        } else if (group.grouping === 1) stats.perRealm[group.realm] = BigInt(group.characters);
        else stats.perDimension[group.dimensionId] = BigInt(group.characters);
      }
      return stats;
    },
  };

  /**
   * One page in `sort` order, id breaking ties. Deferred join: the page's ids come from an index-only walk of the
   * sort index and only those rows are read (a plain OFFSET fetches every skipped row: 700 ms instead of 30 ms at
   * offset 500,000).
   */
  function pageOf(filter: SQL | undefined, sort: Sort, page: Page): Promise<CharacterRow[]> {
    const direction = sort.descending ? desc : asc;
    const order = [direction(sortColumn[sort.column]), direction(characters.id)];
    const pageIds = db.select({ id: characters.id }).from(characters).where(filter).orderBy(...order).limit(page.limit).offset(page.offset).as("page_ids");
    return db
      .select(getTableColumns(characters))
      .from(characters)
      .innerJoin(pageIds, eq(characters.id, pageIds.id))
      .orderBy(...order);
  }

  /**
   * A search page and its exact total from one pass over the matches: the matching ids and sort keys are collected
   * once (MATERIALIZED, so the planner cannot walk a sort index and filter instead: 1-7 s for a broad term sorted by
   * name), then counted and sorted for the page. The count has to read every match from the heap anyway (trigram
   * hits are candidates), so the page costs little on top of it. Only the page's rows are read in full afterwards.
   */
  async function matchesPage(filter: SQL | undefined, sort: Sort, page: Page): Promise<{ rows: CharacterRow[]; total: bigint }> {
    const direction = sql.raw(sort.descending ? "DESC" : "ASC");
    const result = await db.execute(sql`
      WITH matches AS MATERIALIZED (SELECT ${characters.id} AS id, ${sortColumn[sort.column]} AS sort_key FROM ${characters} WHERE ${filter})
      SELECT (SELECT count(*) FROM matches) AS total,
        coalesce((SELECT json_agg(page.id ORDER BY page.sort_key ${direction}, page.id ${direction})
          FROM (SELECT id, sort_key FROM matches ORDER BY sort_key ${direction}, id ${direction} LIMIT ${page.limit} OFFSET ${page.offset}) page), '[]'::json) AS ids`);
    const [row] = rowsOf<{ total: string | number | bigint; ids: string[] | string }>(result);
    const total = BigInt(row?.total ?? 0);
    const ids: string[] = typeof row?.ids === "string" ? (JSON.parse(row.ids) as string[]) : (row?.ids ?? []);
    if (ids.length === 0) return { rows: [], total };
    const found = new Map((await db.select().from(characters).where(and(inArray(characters.id, ids), live))).map((r) => [r.id, r]));
    // A character deleted between the two statements is left out of this page rather than shown.
    return { rows: ids.flatMap((id) => found.get(id) ?? []), total };
  }

  /** The exact number of live characters, kept by triggers (drizzle/0003): O(1) instead of a full count. */
  async function liveTotal(): Promise<bigint> {
    const [row] = await db.select({ live: characterTotals.live }).from(characterTotals);
    return BigInt(row?.live ?? 0);
  }
}

/**
 * Whether a search collects its matches through the trigram index (see matchesPage). Trigrams need a run of three
 * letters or digits (pg_trgm splits words at anything else); shorter terms would scan the whole trigram index, so
 * they keep the sort-index walk. So do realm, gender and UUID terms: a realm or gender matches about half of all
 * rows and a dimension id can match all of them (one dimension holds the bench's million), so walking the sort index
 * finds a page at once, while collecting every match would mean sorting up to a million rows. The planner's
 * estimates for those equality arms are good, and a character id (one row) is planned as a lookup and a sort.
 */
function usesTrigramPath(search: Search): boolean {
  return search.realm === undefined && search.gender === undefined && search.uuid === undefined && /[\p{L}\p{N}]{3}/u.test(search.ownerId);
}

function rowsOf<T>(result: unknown): T[] {
  return ((result as { rows?: T[] }).rows ?? (result as T[])) as T[];
}

function searchCondition(search: Search): SQL {
  // lower(name) LIKE '%term%' is the expression of characters_name_trgm_idx; each other arm has a btree index.
  const arms: (SQL | undefined)[] = [sql`lower(${characters.name}) LIKE ${search.namePattern}`, eq(characters.ownerId, search.ownerId)];
  if (search.uuid) arms.push(eq(characters.id, search.uuid), eq(characters.dimensionId, search.uuid), eq(characters.ownerId, search.uuid));
  if (search.realm) arms.push(eq(characters.realm, search.realm));
  if (search.gender) arms.push(eq(characters.gender, search.gender));
  return or(...arms)!;
}
