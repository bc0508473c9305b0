// The table search of docs/product.md#validation, one implementation for every table: the web's tables filter with it in the browser,
// the server parses the same text for the tables it searches (characters). A query is a case-insensitive substring,
// optionally limited to columns with a trailing 'in:col1,col2'. Columns are named by their id or their header label,
// case-insensitively and with spaces dropped: 'in:mappath' and 'in:Map Path' both name the 'Map Path' column.

export interface TableQuery {
  /** The text to find, trimmed and lower-cased; '' matches every row. */
  text: string;
  /** Column names as typed, in key form (columnKey); null when the query names none (every column). */
  columns: string[] | null;
}

/** A searchable column: its id and the other names it answers to (its header label). */
export interface SearchColumn {
  id: string;
  labels?: readonly string[];
}

/** The form names are compared in: lower case, without whitespace. */
export function columnKey(name: string): string {
  return name.replace(/\s+/g, '').toLowerCase();
}

/** 'in:' at the start or after whitespace; the last one wins. */
const IN_MARKER = /(?:^|\s)in:/gi;

export function parseTableQuery(input: string): TableQuery {
  const markers = [...input.matchAll(IN_MARKER)];
  const last = markers.at(-1);
  if (!last) return { text: input.trim().toLowerCase(), columns: null };
  const columns = input
    .slice(last.index + last[0].length)
    .split(',')
    .map(columnKey)
    .filter(Boolean);
  return { text: input.slice(0, last.index).trim().toLowerCase(), columns: columns.length > 0 ? columns : null };
}

/**
 * The ids of the columns a query limits itself to, or null for every column. A name that is no column's id or
 * label selects nothing (so 'x in:nosuchcolumn' finds nothing rather than everything).
 */
export function selectedColumns(query: TableQuery, columns: readonly SearchColumn[]): Set<string> | null {
  if (!query.columns) return null;
  const wanted = new Set(query.columns);
  return new Set(columns.filter((c) => [c.id, ...(c.labels ?? [])].some((name) => wanted.has(columnKey(name)))).map((c) => c.id));
}

/** Whether `value` (any cell value: text, number, date, list) contains the query's text, case-insensitively. */
export function textMatches(value: unknown, text: string): boolean {
  return text === '' || asText(value).toLowerCase().includes(text);
}

function asText(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (Array.isArray(value)) return value.map(asText).join(' ');
  if (value instanceof Date) return value.toISOString();
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean' || typeof value === 'bigint') return String(value);
  // An object has no text of its own to match ('[object Object]' would match "object").
  return '';
}
