import { SERVER_COUNT_LOADING, SERVER_COUNT_LOCAL_MODE } from '../../lib/api/game-servers';

// Exact texts from docs/product.md#screens-and-routes, #states-and-transitions.
export const REFRESHING_CHARACTERS = 'Refreshing character list...';
export const REFRESHED_CHARACTERS = 'Refreshed character list';

/** The server tile: 'Loading...' for -2, 'Local Mode' for -1, else the number. */
export function serverCountLabel(count: number): string {
  if (count === SERVER_COUNT_LOADING) return 'Loading...';
  if (count === SERVER_COUNT_LOCAL_MODE) return 'Local Mode';
  return count.toLocaleString('en-US');
}
