import type { Client } from '@connectrpc/connect';
import { useQuery, queryOptions } from '@tanstack/react-query';
import { GameServerDataService } from '../../gen/sro/gameserver/gameserver_pb';
import { useGameServiceClient } from './use-game-api';

type GameServerApi = Client<typeof GameServerDataService>;
const useGameServerApi = () => useGameServiceClient(GameServerDataService);

export const gameServerKeys = {
  all: ['game-servers'] as const,
};

/** The game server reads as query options (key, fetch and cache rules together); the hooks below use them. */
export const gameServerQueries = {
  count: (api: GameServerApi) =>
    queryOptions({
      queryKey: gameServerKeys.all,
      queryFn: async () => (await api.getGameServerDetails({})).count,
    }),
};

/** Sentinels for the server count: not known yet, and a local game server (no count to show). */
export const SERVER_COUNT_LOADING = -2;
export const SERVER_COUNT_LOCAL_MODE = -1;

export function useGameServerCount() {
  return useQuery(gameServerQueries.count(useGameServerApi()));
}
