import { useQuery } from '@tanstack/react-query';
import { useGameApi } from './use-game-api';

export const gameServerKeys = {
  all: ['game-servers'] as const,
};

/** SPEC §9 sentinels for the server count. */
export const SERVER_COUNT_LOADING = -2;
export const SERVER_COUNT_LOCAL_MODE = -1;

export function useGameServerCount() {
  const api = useGameApi();
  return useQuery({
    queryKey: gameServerKeys.all,
    queryFn: async () => (await api.gameServers.getGameServerDetails({})).count,
  });
}
