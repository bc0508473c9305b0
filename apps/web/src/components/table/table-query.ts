// The table's text search (docs/product.md#validation) in the browser: the parser and matching rules are @sro/table-query's, shared
// with the server (which searches the characters table with the same syntax).
import { parseTableQuery, selectedColumns, textMatches, type SearchColumn, type TableQuery } from '@sro/table-query';

export { parseTableQuery, type SearchColumn, type TableQuery };

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

/**
 * Whether a row's fields (name → value) match. `columns` gives the table's columns their header labels, so
 * 'in:' may name a column by label ('in:Map Path', 'in:mappath') as well as by id or field name.
 */
export function rowMatchesQuery(fields: Record<string, unknown>, query: TableQuery, columns: readonly SearchColumn[] = []): boolean {
  if (!query.text) return true;
  const named = new Set(columns.map((c) => c.id));
  const searchable = [
    ...columns,
    ...Object.keys(fields)
      .filter((name) => !named.has(name))
      .map((id) => ({ id })),
  ];
  const selected = selectedColumns(query, searchable);
  return Object.entries(fields).some(([name, value]) => (!selected || selected.has(name)) && textMatches(value, query.text));
}

export function filterRows<T>(rows: readonly T[], input: string, fieldsOf: (row: T) => Record<string, unknown> = flattenFields): T[] {
  const query = parseTableQuery(input);
  return rows.filter((row) => rowMatchesQuery(fieldsOf(row), query));
}
