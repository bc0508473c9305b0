/** The rows of a raw `execute`: drizzle returns pg's Result on node-postgres and the rows themselves on PGlite. */
export function rowsOf<T>(result: unknown): T[] {
  return (result as { rows?: T[] }).rows ?? (result as T[]);
}
