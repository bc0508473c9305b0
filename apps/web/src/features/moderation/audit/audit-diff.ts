// The before/after of an audit record as a field-by-field table: nested objects flattened to dotted paths.

export type FieldChange = 'added' | 'removed' | 'changed' | 'unchanged';

export interface DiffRow {
  /** Dotted path, e.g. 'owner.name' or 'slots[2].item'. */
  field: string;
  /** Display text; undefined when the field is absent on that side. */
  before: string | undefined;
  after: string | undefined;
  change: FieldChange;
}

/** A side that is not JSON (it should not happen) is shown whole under this field rather than dropped. */
export const RAW_FIELD = '(value)';

/** Per field: its JSON (to compare: 1 is not "1") and its display text. */
type Flat = Map<string, { json: string; text: string }>;

const isPlainObject = (value: unknown): value is Record<string, unknown> => value !== null && typeof value === 'object' && !Array.isArray(value);

/** Strings as they are (an empty one as ""), everything else as JSON. */
function display(value: unknown): string {
  if (typeof value === 'string') return value === '' ? '""' : value;
  return JSON.stringify(value);
}

function flattenInto(value: unknown, path: string, out: Flat): void {
  if (isPlainObject(value) && Object.keys(value).length > 0) {
    for (const [key, child] of Object.entries(value)) flattenInto(child, path ? `${path}.${key}` : key, out);
  } else if (Array.isArray(value) && value.some((item) => isPlainObject(item) || Array.isArray(item))) {
    // Lists of records get a path per item; lists of plain values read best whole ("["a","b"]").
    value.forEach((item, index) => flattenInto(item, `${path}[${index}]`, out));
  } else {
    out.set(path || RAW_FIELD, { json: JSON.stringify(value) ?? 'undefined', text: display(value) });
  }
}

/** Flattens one side's JSON text; empty text (a create's before, a delete's after) has no fields. */
function flattenSide(text: string): Flat {
  const out: Flat = new Map();
  if (!text.trim()) return out;
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    out.set(RAW_FIELD, { json: text, text });
    return out;
  }
  flattenInto(value, '', out);
  return out;
}

/** Every field of either side, in the entity's own order (before's fields first, then those only after has). */
export function diffJson(beforeJson: string, afterJson: string): DiffRow[] {
  const before = flattenSide(beforeJson);
  const after = flattenSide(afterJson);
  const fields = [...new Set([...before.keys(), ...after.keys()])];
  return fields.map((field) => {
    const b = before.get(field);
    const a = after.get(field);
    const change: FieldChange = !b ? 'added' : !a ? 'removed' : a.json === b.json ? 'unchanged' : 'changed';
    return { field, before: b?.text, after: a?.text, change };
  });
}

/** One side's fields as display text, by dotted path. */
export function flattenJson(text: string): Map<string, string> {
  return new Map([...flattenSide(text)].map(([field, value]) => [field, value.text]));
}

export const changedCount = (rows: readonly DiffRow[]) => rows.filter((r) => r.change !== 'unchanged').length;
