import { and, asc, count, desc, eq, getTableColumns, inArray, isNull, or, sql, type AnyColumn, type SQL } from "drizzle-orm";
import type { Db } from "../platform/db/database.js";
import { rowsOf } from "../platform/db/rows.js";
import { searchesAnything, type Page, type Search, type Sort, type SortColumn } from "./character-list-query.js";
import type { CharacterRow } from "./character-store.js";
import { characters, characterSearchNames, characterTotals } from "./schema.js";

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

/** The character list's pages (sorted, searched, per owner) and the dashboard's aggregates. */
export function createCharacterSearch(db: Db, tuning: SearchTuning = SEARCH_TUNING) {
  return {
    async list(query: CharacterListQuery): Promise<{ rows: CharacterRow[]; total: bigint }> {
      if (query.search && !searchesAnything(query.search)) return { rows: [], total: 0n };
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
      const search = query.search;
      if (search !== undefined && query.ownerId === undefined && hasTrigrams(search)) {
        if (wideArm(search) === undefined) return namesPage(filter, search, query.sort, query.page);
        // A realm, gender or dimension id can match up to every row: walking the sort index finds a page of dense
        // matches at once (and the planner estimates these arms well); the total counts each arm on its own.
        const [rows, total] = await Promise.all([pageOf(filter, query.sort, query.page), countByArms(search)]);
        return { rows, total };
      }
      const [rows, total] = await Promise.all([
        pageOf(filter, query.sort, query.page),
        db
          .select({ n: count() })
          .from(characters)
          .where(filter)
          .then(([row]) => BigInt(row?.n ?? 0)),
      ]);
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
    const pageIds = db
      .select({ id: characters.id })
      .from(characters)
      .where(filter)
      .orderBy(...order)
      .limit(page.limit)
      .offset(page.offset)
      .as("page_ids");
    return db
      .select(getTableColumns(characters))
      .from(characters)
      .innerJoin(pageIds, eq(characters.id, pageIds.id))
      .orderBy(...order);
  }

  /**
   * A name search over all characters (a term with trigrams that is neither a realm, a gender nor a UUID): its page
   * and exact total from one statement. The matches are collected once (MATERIALIZED) from the narrow
   * `character_search_names` (trigram candidates are rechecked there, not in the wide `characters` heap) plus the
   * owner-id arm, and counted. The page:
   * - sorted by name: the names are in the matches already; a top-N sort of them, `characters` is not read;
   * - sorted by anything else: either walk that column's index (index-only) and keep the ids in the matches (a
   *   hashed lookup), which reads about (offset + limit) · live / total entries; or read every match's sort key
   *   from `characters`, which reads `total` heap pages: by primary key for up to `lookupMax` matches, else
   *   through the table's own trigram index (`keyed`: one bitmap heap scan in page order; MATERIALIZED, so the
   *   planner cannot walk a sort index and filter instead, which took 1-7 s for a broad term sorted by name).
   *   The walk is chosen when it reads fewer than `walkPerFetch` index entries per heap page it saves: broad terms
   *   (the first page of 20,000 matches in ~2,500 index entries instead of 20,000 heap pages), not narrow ones
   *   (400 matches would be a walk of 125,000 entries) and not deep pages of a broad term. Matches that cluster in
   *   sort order make the walk longer than estimated, at worst the whole index (index-only, no heap reads).
   * Only the page's rows are then read in full.
   */
  async function namesPage(filter: SQL | undefined, search: Search, sort: Sort, page: Page): Promise<{ rows: CharacterRow[]; total: bigint }> {
    const dir = sql.raw(sort.descending ? "DESC" : "ASC");
    const column = sortColumn[sort.column];
    const window = sql`ORDER BY sort_key ${dir}, id ${dir} LIMIT ${page.limit} OFFSET ${page.offset}`;
    // The page's ids in page order, as one JSON array.
    const idsOf = (rows: SQL) => sql`(SELECT json_agg(id ORDER BY sort_key ${dir}, id ${dir}) FROM (${rows}) page)`;
    const byName = idsOf(sql`SELECT id, name AS sort_key FROM matches ${window}`);
    // "IS TRUE" keeps the IN a hashed filter on the index walk: as a plain IN the planner turns it into a join that
    // reads every match by primary key (it cannot know how few index entries the page needs).
    const walked = idsOf(sql`SELECT ${characters.id} AS id, ${column} AS sort_key FROM ${characters}
      WHERE ${live} AND (${characters.id} IN (SELECT id FROM matches)) IS TRUE ${window}`);
    // A few matches: each one's sort key by primary key (a subquery per row, so never a hash join over the table).
    // The LIMIT changes nothing (this branch runs for at most lookupMax matches) but keeps the planner's cost
    // estimate of the whole statement low: above jit_above_cost PostgreSQL compiles it first (+30 ms measured).
    const looked = idsOf(sql`SELECT id, (SELECT ${column} FROM ${characters} WHERE ${characters.id} = few.id) AS sort_key
      FROM (SELECT id FROM matches LIMIT ${tuning.lookupMax}) few ${window}`);
    const keyedPage = idsOf(sql`SELECT id, sort_key FROM keyed ${window}`);
    // Only the chosen branch runs (each is an InitPlan, evaluated when first needed).
    const pageIds =
      sort.column === "name"
        ? byName
        : sql`CASE WHEN ${page.offset + page.limit}::float8 * (SELECT ${characterTotals.live} FROM ${characterTotals})
                 < ${tuning.walkPerFetch}::float8 * total * total
            THEN ${walked} WHEN total <= ${tuning.lookupMax} THEN ${looked} ELSE ${keyedPage} END`;
    // The name matches from the side table, plus the rows the narrow arms (owner ids, an id range) add to them.
    const others = narrowArms(search);
    const byNames = search.namePattern
      ? sql`SELECT ${characterSearchNames.id} AS id, ${characterSearchNames.name} AS name FROM ${characterSearchNames}
        WHERE lower(${characterSearchNames.name}) LIKE ${search.namePattern}`
      : undefined;
    const byOthers = others
      ? sql`SELECT ${characters.id} AS id, ${characters.name} AS name FROM ${characters}
        WHERE ${live} AND (${others})${search.namePattern ? sql` AND NOT lower(${characters.name}) LIKE ${search.namePattern}` : sql``}`
      : undefined;
    const matchSources = [byNames, byOthers].filter((part): part is SQL => part !== undefined);
    const result = await db.execute(sql`
      WITH matches AS MATERIALIZED (${sql.join(matchSources, sql` UNION ALL `)}),
      counted AS (SELECT count(*) AS total FROM matches),
      keyed AS MATERIALIZED (SELECT ${characters.id} AS id, ${column} AS sort_key FROM ${characters} WHERE ${filter})
      SELECT total, ${pageIds} AS ids FROM counted`);
    const [row] = rowsOf<{ total: string | number | bigint; ids: string[] | string | null }>(result);
    const total = BigInt(row?.total ?? 0);
    const ids: string[] = typeof row?.ids === "string" ? (JSON.parse(row.ids) as string[]) : (row?.ids ?? []);
    if (ids.length === 0) return { rows: [], total };
    const found = new Map(
      (
        await db
          .select()
          .from(characters)
          .where(and(inArray(characters.id, ids), live))
      ).map((r) => [r.id, r]),
    );
    // A character deleted between the two statements is left out of this page rather than shown.
    return { rows: ids.flatMap((id) => found.get(id) ?? []), total };
  }

  /**
   * The exact total of a realm, gender or UUID search, arm by arm instead of one OR over the whole table (which
   * reads every row: ~700 ms for "cyborg" here): the equality arm that may match up to every row is counted on its
   * own (an index-only scan of its sort index), then the few rows matched by the other arms (name, owner id,
   * character id) but not by it are added.
   */
  async function countByArms(search: Search): Promise<bigint> {
    const wide = wideArm(search)!;
    const narrow = narrowArms(search);
    const sources = [
      ...(search.namePattern
        ? [sql`SELECT ${characterSearchNames.id} FROM ${characterSearchNames} WHERE lower(${characterSearchNames.name}) LIKE ${search.namePattern}`]
        : []),
      ...(narrow ? [sql`SELECT ${characters.id} FROM ${characters} WHERE ${live} AND (${narrow})`] : []),
    ];
    const rest = sources.length
      ? sql` + (SELECT count(*) FROM ${characters} WHERE ${live} AND NOT (${wide}) AND ${characters.id} IN (${sql.join(sources, sql` UNION ALL `)}))`
      : sql``;
    const result = await db.execute(sql`
      SELECT (SELECT count(*) FROM ${characters} WHERE ${live} AND ${wide})${rest} AS total`);
    const [row] = rowsOf<{ total: string | number | bigint }>(result);
    return BigInt(row?.total ?? 0);
  }

  /** The exact number of live characters, kept by triggers (drizzle/0003): O(1) instead of a full count. */
  async function liveTotal(): Promise<bigint> {
    const [row] = await db.select({ live: characterTotals.live }).from(characterTotals);
    return BigInt(row?.live ?? 0);
  }
}

/** How namesPage chooses a page's plan (tests force each one). */
export interface SearchTuning {
  /** Index entries the walk may read per heap page it saves. */
  walkPerFetch: number;
  /** Up to this many matches, their sort keys are read by primary key rather than through the trigram index. */
  lookupMax: number;
}

/**
 * From timings on the bench's million rows: an index-only walk costs ~0.2-0.3 µs per entry, a match's sort key read
 * from the heap 6-9 µs; by primary key 11 ms for 400 matches against 17 ms through the trigram index, but 240
 * against 200 ms for 20,000.
 */
export const SEARCH_TUNING: SearchTuning = { walkPerFetch: 20, lookupMax: 2_000 };

/**
 * Whether the term's name arm can use a trigram index: pg_trgm needs a run of three letters or digits (it splits
 * words at anything else). Shorter terms would scan the whole trigram index; they walk the sort index and count
 * with one OR over the table instead (no trigrams, so no side table to help either).
 */
function hasTrigrams(search: Search): boolean {
  return /[\p{L}\p{N}]{3}/u.test(search.text);
}

/**
 * The arms of a search that can match up to every row: realms, genders (about half of all rows each), dimensions
 * (one dimension holds the bench's million). Absent for terms that name none of them.
 */
function wideArm(search: Search): SQL | undefined {
  const arms = [
    search.realms.length ? inArray(characters.realm, search.realms) : undefined,
    search.genders.length ? inArray(characters.gender, search.genders) : undefined,
    search.dimensionIds.length ? inArray(characters.dimensionId, search.dimensionIds) : undefined,
  ].filter((arm): arm is SQL => arm !== undefined);
  return arms.length ? or(...arms) : undefined;
}

/** The arms besides the name that match few rows, each through a btree index: owner ids, a range of ids. */
function narrowArms(search: Search): SQL | undefined {
  const arms = [
    search.ownerIds.length ? inArray(characters.ownerId, search.ownerIds) : undefined,
    search.idRange ? sql`${characters.id} BETWEEN ${search.idRange.from}::uuid AND ${search.idRange.to}::uuid` : undefined,
  ].filter((arm): arm is SQL => arm !== undefined);
  return arms.length ? or(...arms) : undefined;
}

function searchCondition(search: Search): SQL {
  // lower(name) LIKE '%term%' is the expression of characters_name_trgm_idx; each other arm has a btree index.
  const arms = [search.namePattern ? sql`lower(${characters.name}) LIKE ${search.namePattern}` : undefined, narrowArms(search), wideArm(search)];
  return or(...arms) ?? sql`false`;
}
