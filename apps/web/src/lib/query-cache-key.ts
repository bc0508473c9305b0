// Separate from query-client.ts so the public bundle can wipe the cache on sign-out
// without loading TanStack Query.
export const QUERY_CACHE_STORAGE_KEY = 'sro.query-cache';
