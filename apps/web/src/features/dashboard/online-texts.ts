import type { WallDimensionOnline } from '../../lib/api/operations-wall';
import type { QueueFigures } from '../../lib/api/queue-counts';

/** Where a dimension's players are: its live game servers, or none. */
const serversText = (n: number) => (n === 0 ? 'no game server live' : `on ${n.toLocaleString('en-US')} game server${n === 1 ? '' : 's'}`);

/**
 * The wall's line of who plays now: 'Prime 5 (on 3 game servers) · Shadow Test 0 (no game server live)', in the
 * server's order (by name); in local mode 'Unknown: ' and why, as the character page says it.
 */
export function onlineNowText(online: readonly WallDimensionOnline[], unknown: string): string {
  if (unknown) return `Unknown: ${unknown}`;
  if (online.length === 0) return 'No dimensions yet.';
  return online.map((d) => `${d.dimensionName || d.dimensionId} ${d.players.toLocaleString('en-US')} (${serversText(d.servers)})`).join(' · ');
}

const counted = (n: number, one: string, many: string) => (n === 1 ? `1 ${one}` : `${n.toLocaleString('en-US')} ${many}`);

/** The operations wall's status line before its time: '2 nodes · 1 sanction in the last hour'. */
export function wallStatusText(nodes: number, sanctionsLastHour: number): string {
  return `${counted(nodes, 'node', 'nodes')} · ${counted(sanctionsLastHour, 'sanction', 'sanctions')} in the last hour`;
}

/** How long an item has waited: 'under 1 min', '12 min', '3 h 05 min', '4 days'. */
export function waitedText(ms: number): string {
  const m = Math.floor(ms / 60_000);
  const h = Math.floor(m / 60);
  return m < 1 ? 'under 1 min' : h < 1 ? `${m} min` : h < 48 ? `${h} h ${String(m % 60).padStart(2, '0')} min` : `${Math.floor(h / 24)} days`;
}

const QUEUE_TEXTS = [
  ['reports', 'open report', 'open reports'],
  ['heldMessages', 'held message', 'held messages'],
  ['appeals', 'open appeal', 'open appeals'],
] as const;

/**
 * The wall's line of how long the queues have waited, for the queues the caller works:
 * 'Oldest open report: 12 min · No held messages · Oldest open appeal: 3 h 05 min'; empty when they work none.
 */
export function oldestOpenText(counts: QueueFigures): string {
  return QUEUE_TEXTS.flatMap(([q, one, many]) => {
    const c = counts[q];
    return !c ? [] : [c.open ? `Oldest ${one}: ${waitedText(Number(c.oldestAgeMs))}` : `No ${many}`];
  }).join(' · ');
}
