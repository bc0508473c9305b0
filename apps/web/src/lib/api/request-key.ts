/**
 * A request message's fields as a query key: query keys are hashed as JSON, which has no bigint, so int64 fields
 * (limits, offsets, times) become their decimal strings.
 */
export function requestKey(request: object): Record<string, unknown> {
  return Object.fromEntries(Object.entries(request).map(([name, value]) => [name, typeof value === 'bigint' ? value.toString() : value]));
}
