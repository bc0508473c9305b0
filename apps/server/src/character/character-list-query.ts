import { CharacterSortField } from "../gen/sro/character/character_pb.js";
import type { QueryFilters } from "../gen/sro/common_pb.js";
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
 * What a search term matches (case-insensitively): a substring of the name (trigram index); an owner id,
 * character id or dimension id equal to the term; a realm or gender equal to the term. Ids are matched whole
 * because substrings of random UUIDs would need a trigram index five times the size of the name's.
 */
export interface Search {
  /** LIKE pattern over lower(name), with %, _ and \ of the term escaped. */
  namePattern: string;
  ownerId: string;
  /** Set when the term is a UUID: it may be a character or dimension id (or an owner id, in lower case). */
  uuid?: string;
  realm?: string;
  gender?: string;
}

export function searchOf(term: string): Search | undefined {
  const trimmed = term.trim();
  if (trimmed === "") return undefined;
  if (lengthOf(trimmed) > MAX_SEARCH_LENGTH) throw invalidArgument("search", `must be at most ${MAX_SEARCH_LENGTH} characters`);
  if (hasControlCharacters(trimmed)) throw invalidArgument("search", "must not contain control characters");
  const lower = trimmed.toLowerCase();
  return {
    namePattern: `%${lower.replace(/[\\%_]/g, (c) => `\\${c}`)}%`,
    ownerId: trimmed,
    uuid: isUuid(trimmed) ? lower : undefined,
    realm: (REALMS as readonly string[]).includes(lower) ? lower : undefined,
    gender: (GENDERS as readonly string[]).includes(lower) ? lower : undefined,
  };
}
