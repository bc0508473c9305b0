import { useQuery, useQueryClient } from '@tanstack/react-query';
import { OperationsService } from '../../gen/sro/moderation/operations_pb';
import { useRuntimeConfig } from '../../lib/runtime-config-context';
import { useRpcClient } from '../../lib/rpc/use-rpc-client';
import { appendSample, HISTORY_MS, toWallSnapshot, type WallSample, type WallSnapshot } from './operations-series';

/** How often the wall asks the server; TanStack Query pauses the polling while the tab is hidden. */
export const WALL_POLL_MS = 3_000;

const wallKey = ['operations-wall'] as const;

export interface WallData {
  snapshot: WallSnapshot;
  /** The last five minutes of polls, built here in memory (never persisted): the charts' series. */
  history: WallSample[];
}

/** The live operations wall: the latest figures and their recent history, polled every few seconds. */
export function useOperationsWall() {
  const client = useRpcClient(OperationsService, useRuntimeConfig()?.apiBaseUrl ?? '');
  const queryClient = useQueryClient();
  return useQuery({
    queryKey: wallKey,
    queryFn: async ({ signal }): Promise<WallData> => {
      const snapshot = toWallSnapshot(await client.getOperations({}, { signal }));
      const previous = queryClient.getQueryData<WallData>(wallKey)?.history ?? [];
      return { snapshot, history: appendSample(previous, snapshot) };
    },
    refetchInterval: WALL_POLL_MS,
    staleTime: 0,
    // The history outlives a visit to another page for as long as it is worth keeping.
    gcTime: HISTORY_MS,
    // Live figures: a reload must not show old ones as current (lib/query-provider.tsx skips these when persisting).
    meta: { persist: false },
  });
}
