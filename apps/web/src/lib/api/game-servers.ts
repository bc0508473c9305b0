import { useQuery } from '@tanstack/react-query';
import { queryKeys } from './query-keys';
import { useGameApi } from './use-game-api';

/** docs/product.md#constants-and-limits sentinels for the server count. */
export const SERVER_COUNT_LOADING = -2;
export const SERVER_COUNT_LOCAL_MODE = -1;

export function useGameServerCount() {
  const api = useGameApi();
  return useQuery({
    queryKey: queryKeys.gameServers,
    queryFn: async () => (await api.gameServers.getGameServerDetails({})).count,
  });
}
