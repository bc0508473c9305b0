import type { WallDimensionOnline } from '../../lib/api/operations-wall';

const count = (n: number) => n.toLocaleString('en-US');

export const playersText = (n: number) => `${count(n)} ${n === 1 ? 'player' : 'players'}`;

/** Where a dimension's players are: its live game servers, or none. */
export const serversText = (n: number) => (n === 0 ? 'no game server live' : `on ${count(n)} ${n === 1 ? 'game server' : 'game servers'}`);

/** Summed over every dimension. */
export function onlineTotals(online: readonly WallDimensionOnline[]): { players: number; servers: number } {
  return online.reduce((sum, d) => ({ players: sum.players + d.players, servers: sum.servers + d.servers }), { players: 0, servers: 0 });
}

/** The wall's line in local mode, as the character page says it: who plays is unknown, and why. */
export const onlineUnknownText = (why: string) => `Unknown: ${why}`;
