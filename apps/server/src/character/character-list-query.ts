import { CharacterSortField } from "../gen/sro/character/character_pb.js";
import type { QueryFilters } from "../gen/sro/common_pb.js";
import { parseTableQuery, selectedColumns, type SearchColumn } from "@sro/table-query";
import { hasControlCharacters, invalidArgument, isUuid, lengthOf } from "../platform/validation.js";
import { GENDERS, REALMS } from "./character-rules.js";

/** How a character list is paged, ordered and searched: validated here, run by the store. */

export const DEFAULT_PAGE_SIZE = 50;
export const MAX_PAGE_SIZE = 200;
// Deep offsets are answered (see the deferred join in character-store.ts), but past the largest table we plan
// for they are a mistake or an attack; keyset paging would be the way further.
export const MAX_OFFSET = 10_000_000;
export const MAX_SEARCH_LENGTH = 64;

export interface Page {
  limit: number;
  offset: number;
}

/** limit 0 (or absent) is the default page size; negative or absurd values are INVALID_ARGUMENT. */
export function pageOf(filters: QueryFilters | undefined): Page {
  const limit = filters?.limit ?? 0;
  const offset = filters?.offset ?? 0;
  if (limit < 0 || limit > MAX_PAGE_SIZE) throw invalidArgument("filters.limit", `must be 0..${MAX_PAGE_SIZE} (0 means ${DEFAULT_PAGE_SIZE})`);
  if (offset < 0 || offset > MAX_OFFSET) throw invalidArgument("filters.offset", `must be 0..${MAX_OFFSET}`);
  return { limit: limit === 0 ? DEFAULT_PAGE_SIZE : limit, offset };
}

export type SortColumn = "name" | "owner" | "realm" | "gender" | "dimension" | "playtime" | "created";

export interface Sort {
  column: SortColumn;
  descending: boolean;
}

const sortColumns: Readonly<Record<CharacterSortField, SortColumn>> = {
  // Unspecified (older clients): creation order, which is stable while new characters arrive at the end.
  [CharacterSortField.UNSPECIFIED]: "created",
  [CharacterSortField.NAME]: "name",
  [CharacterSortField.OWNER]: "owner",
  [CharacterSortField.REALM]: "realm",
  [CharacterSortField.GENDER]: "gender",
  [CharacterSortField.DIMENSION]: "dimension",
  [CharacterSortField.PLAYTIME]: "playtime",
  [CharacterSortField.CREATED]: "created",
};

export function sortOf(sortBy: CharacterSortField, descending: boolean): Sort {
  const column = sortColumns[sortBy];
  // Binary clients can send enum numbers we do not know.
  if (!column) throw invalidArgument("sort_by", `unknown sort field ${String(sortBy)}`);
  return { column, descending };
}

/**
 * The characters table's columns as the search syntax names them (docs/product.md#validation, @sro/table-query): by id or by the web
 * table's header label, case-insensitively, spaces dropped ('in:owner', 'in:dimension', 'in:Username').
 */
export const CHARACTER_SEARCH_COLUMNS: readonly SearchColumn[] = [
  { id: "name", labels: ["Username"] },
  { id: "owner", labels: ["Owner", "ownerId"] },
  { id: "realm", labels: ["Realm"] },
  { id: "gender", labels: ["Gender"] },
  { id: "dimension", labels: ["Dimension", "dimensionId"] },
  { id: "id", labels: ["ID"] },
];

/** A search as typed: its text (lower case) and the columns it covers. */
export interface SearchTerms {
  text: string;
  /** The text as typed (trimmed, case kept): an owner id is compared as it is. */
  raw: string;
  columns: ReadonlySet<string>;
}

/** Validates and parses the search box's text; undefined when there is nothing to search for. */
export function searchTermsOf(term: string): SearchTerms | undefined {
  const trimmed = term.trim();
  if (trimmed === "") return undefined;
  if (lengthOf(trimmed) > MAX_SEARCH_LENGTH) throw invalidArgument("search", `must be at most ${MAX_SEARCH_LENGTH} characters`);
  if (hasControlCharacters(trimmed)) throw invalidArgument("search", "must not contain control characters");
  const query = parseTableQuery(trimmed);
  if (query.text === "") return undefined;
  const columns = selectedColumns(query, CHARACTER_SEARCH_COLUMNS) ?? new Set(CHARACTER_SEARCH_COLUMNS.map((c) => c.id));
  // The text before 'in:' with its case (lower-casing keeps the length of the ids compared this way).
  const raw = query.columns ? trimmed.slice(0, query.text.length) : trimmed;
  return { text: query.text, raw, columns };
}

/** What the store needs besides the text: dimension names, and owner ids whose usernames contain the text. */
export interface SearchFacts {
  dimensions: readonly { id: string; name: string }[];
  ownerIds: readonly string[];
}

/**
 * What a search matches (case-insensitively), per column it covers: a substring of the name (trigram index); an
 * owner whose username contains the text (resolved through the identity users API) or whose id is the text; a
 * realm, gender or dimension name containing the text, or a dimension id equal to it; a character id that starts
 * with the text (an index range; a substring inside a random UUID would need a trigram index five times the name's).
 */
export interface Search {
  /** Lower-cased text: decides whether the name arm can use trigrams. */
  text: string;
  /** LIKE pattern over lower(name), with %, _ and \ of the term escaped; absent when names are not searched. */
  namePattern?: string;
  ownerIds: string[];
  /** Character ids from..to (inclusive): the ids that start with the text. */
  idRange?: { from: string; to: string };
  realms: string[];
  genders: string[];
  dimensionIds: string[];
}

const UUID_LOW = "00000000-0000-0000-0000-000000000000";
const UUID_HIGH = "ffffffff-ffff-ffff-ffff-ffffffffffff";

/** The ids starting with `prefix` (hex digits with dashes where a UUID has them), as an inclusive range. */
export function uuidPrefixRange(prefix: string): { from: string; to: string } | undefined {
  if (prefix.length < 4 || prefix.length > 36) return undefined;
  for (let i = 0; i < prefix.length; i++) {
    const dash = UUID_LOW[i] === "-";
    if (dash ? prefix[i] !== "-" : !/[0-9a-f]/.test(prefix[i]!)) return undefined;
  }
  return { from: prefix + UUID_LOW.slice(prefix.length), to: prefix + UUID_HIGH.slice(prefix.length) };
}

export function searchOf(terms: SearchTerms | string | undefined, facts: SearchFacts = { dimensions: [], ownerIds: [] }): Search | undefined {
  const parsed = typeof terms === "string" ? searchTermsOf(terms) : terms;
  if (!parsed) return undefined;
  const { text, raw, columns } = parsed;
  const has = (column: string) => columns.has(column);
  const uuid = isUuid(raw) ? raw.toLowerCase() : undefined;
  return {
    text,
    namePattern: has("name") ? `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : undefined,
    ownerIds: has("owner") ? [...new Set([raw, ...(uuid ? [uuid] : []), ...facts.ownerIds])] : [],
    idRange: has("id") ? uuidPrefixRange(text) : undefined,
    realms: has("realm") ? REALMS.filter((realm) => realm.includes(text)) : [],
    genders: has("gender") ? GENDERS.filter((gender) => gender.includes(text)) : [],
    dimensionIds: has("dimension") ? facts.dimensions.filter((d) => d.id === uuid || d.name.toLowerCase().includes(text)).map((d) => d.id) : [],
  };
}

/** Whether the search can match anything at all (`x in:realm` with no realm containing x cannot). */
export function searchesAnything(search: Search): boolean {
  return (
    !!search.namePattern ||
    search.ownerIds.length > 0 ||
    !!search.idRange ||
    search.realms.length > 0 ||
    search.genders.length > 0 ||
    search.dimensionIds.length > 0
  );
}
