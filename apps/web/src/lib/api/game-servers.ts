import { useQuery, queryOptions } from '@tanstack/react-query';
import { useGameApi, type GameApi } from './use-game-api';

export const gameServerKeys = {
  all: ['game-servers'] as const,
};

/** The game server reads as query options (key, fetch and cache rules together); the hooks below use them. */
export const gameServerQueries = {
  count: (api: GameApi) =>
    queryOptions({
      queryKey: gameServerKeys.all,
      queryFn: async () => (await api.gameServers.getGameServerDetails({})).count,
    }),
};

/** Sentinels for the server count: not known yet, and a local game server (no count to show). */
export const SERVER_COUNT_LOADING = -2;
export const SERVER_COUNT_LOCAL_MODE = -1;

export function useGameServerCount() {
  return useQuery(gameServerQueries.count(useGameApi()));
}
