function same(a: unknown, b: unknown): boolean {
  if (Array.isArray(a) && Array.isArray(b)) return a.length === b.length && a.every((v, i) => same(v, b[i]));
  return Object.is(a, b);
}

/** The fields of `after` that differ from `before` (edits send only what changed, docs/product.md#validation). */
export function changedFields<T extends object>(before: T, after: T): Partial<T> {
  const changes: Partial<T> = {};
  for (const key of Object.keys(after) as (keyof T)[]) {
    if (!same(before[key], after[key])) changes[key] = after[key];
  }
  return changes;
}
