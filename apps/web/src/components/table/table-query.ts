// The table's text search (SPEC §5): a case-insensitive substring match over all
// fields, or only over named columns with the suffix 'in:col1,col2'.

export interface TableQuery {
  text: string;
  /** Lower-cased column ids/field names to search, or null for all. */
  columns: string[] | null;
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
    .map((c) => c.trim().toLowerCase())
    .filter(Boolean);
  return {
    text: input.slice(0, last.index).trim().toLowerCase(),
    columns: columns.length > 0 ? columns : null,
  };
}

/** Flattens nested records into 'a.b' keys so nested fields are searchable too. */
export function flattenFields(value: unknown, prefix = '', out: Record<string, unknown> = {}): Record<string, unknown> {
  if (value !== null && typeof value === 'object' && !Array.isArray(value) && !(value instanceof Date)) {
    for (const [key, child] of Object.entries(value)) {
      flattenFields(child, prefix ? `${prefix}.${key}` : key, out);
    }
  } else if (prefix) {
    out[prefix] = value;
  }
  return out;
}

function asText(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (Array.isArray(value)) return value.map(asText).join(' ');
  if (value instanceof Date) return value.toISOString();
  return String(value);
}

export function rowMatchesQuery(fields: Record<string, unknown>, query: TableQuery): boolean {
  if (!query.text) return true;
  return Object.entries(fields).some(([name, value]) => {
    if (query.columns && !query.columns.includes(name.toLowerCase())) return false;
    return asText(value).toLowerCase().includes(query.text);
  });
}

export function filterRows<T>(rows: readonly T[], input: string, fieldsOf: (row: T) => Record<string, unknown> = flattenFields): T[] {
  const query = parseTableQuery(input);
  return rows.filter((row) => rowMatchesQuery(fieldsOf(row), query));
}
