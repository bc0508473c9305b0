import type { WallDimensionOnline } from '../../lib/api/operations-wall';

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
