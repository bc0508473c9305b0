import { CharacterSortField } from '../../gen/sro/character/character_pb';

/** Table column ids the characters table sorts by (docs/product.md#screens-and-routes). */
export const CHARACTER_SORT_COLUMNS = ['name', 'ownerId', 'realm', 'gender', 'dimensionId', 'playTime', 'createdAt'] as const;
export type CharacterSortColumn = (typeof CHARACTER_SORT_COLUMNS)[number];

const SORT_FIELDS: Record<CharacterSortColumn, CharacterSortField> = {
  name: CharacterSortField.NAME,
  ownerId: CharacterSortField.OWNER,
  realm: CharacterSortField.REALM,
  gender: CharacterSortField.GENDER,
  dimensionId: CharacterSortField.DIMENSION,
  playTime: CharacterSortField.PLAYTIME,
  createdAt: CharacterSortField.CREATED,
};

/** One page of the server-side characters table. */
export interface CharacterPageQuery {
  pageIndex: number;
  pageSize: number;
  sort: { id: string; desc: boolean } | null;
  search: string;
}

/** The GetCharacters request for a page: limit/offset, sort field and direction, search text. */
export function characterPageRequest({ pageIndex, pageSize, sort, search }: CharacterPageQuery) {
  const sortBy = sort && sort.id in SORT_FIELDS ? SORT_FIELDS[sort.id as CharacterSortColumn] : CharacterSortField.UNSPECIFIED;
  return {
    filters: { limit: pageSize, offset: pageIndex * pageSize },
    sortBy,
    sortDescending: sortBy !== CharacterSortField.UNSPECIFIED && !!sort?.desc,
    search: search.trim(),
  };
}

/** Edit mask paths (docs/product.md#entities-and-fields) for the character form's fields. */
export const CHARACTER_MASK_PATHS = {
  name: 'name',
  gender: 'gender',
  realm: 'realm',
  dimensionId: 'dimension_id',
  ownerId: 'owner_id',
} as const;
export type CharacterEditableField = keyof typeof CHARACTER_MASK_PATHS;
export type CharacterFields = Record<CharacterEditableField, string>;

/** Only the fields that differ from `before`, with their mask paths; null when nothing changed. */
export function characterEdit(id: string, before: CharacterFields, after: CharacterFields) {
  const changed = (Object.keys(CHARACTER_MASK_PATHS) as CharacterEditableField[]).filter((f) => after[f] !== before[f]);
  if (changed.length === 0) return null;
  const character: Partial<CharacterFields> & { id: string } = { id };
  for (const field of changed) character[field] = after[field];
  return { mask: { paths: changed.map((f) => CHARACTER_MASK_PATHS[f]) }, character };
}
