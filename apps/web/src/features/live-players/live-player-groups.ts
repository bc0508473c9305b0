import type { OnlinePlayer, OnlinePlayers, ServerPlayers } from '../../gen/sro/gameserver/control_pb';

export interface ServerGroup {
  server: ServerPlayers;
  players: OnlinePlayer[];
}

export interface DimensionGroup {
  dimensionId: string;
  dimensionName: string;
  servers: ServerGroup[];
  players: number;
}

/**
 * The answer by dimension (named, by name) and by server (the server's order: by id), each server with its players
 * (the server's order: by name). A server without players is kept: staff see it is live and empty.
 */
export function groupOnlinePlayers(online: Pick<OnlinePlayers, 'players' | 'servers'>, dimensionName: (id: string) => string): DimensionGroup[] {
  const byServer = new Map<string, OnlinePlayer[]>();
  for (const player of online.players) byServer.set(player.serverId, [...(byServer.get(player.serverId) ?? []), player]);
  const byDimension = new Map<string, DimensionGroup>();
  for (const server of online.servers) {
    const group = byDimension.get(server.dimensionId) ?? {
      dimensionId: server.dimensionId,
      dimensionName: dimensionName(server.dimensionId),
      servers: [],
      players: 0,
    };
    group.servers.push({ server, players: byServer.get(server.serverId) ?? [] });
    group.players += server.players;
    byDimension.set(server.dimensionId, group);
  }
  return [...byDimension.values()].sort((a, b) => a.dimensionName.localeCompare(b.dimensionName));
}

export const playersText = (count: number) => `${count.toLocaleString('en-US')} ${count === 1 ? 'player' : 'players'}`;
