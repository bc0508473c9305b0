import type { Client } from '@connectrpc/connect';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { OperationsService, type QueueFigure } from '../../gen/sro/moderation/operations_pb';
import { holds, type CapabilitySet } from '../access/capabilities';
import { useRuntimeConfig } from '../runtime-config-context';
import { useRpcClient } from '../rpc/use-rpc-client';

export type QueueName = 'reports' | 'heldMessages' | 'appeals' | 'approvals';
/** The queues the caller works, as GetQueueCounts answers them; a queue the caller does not work is absent. */
export type QueueFigures = Partial<Record<QueueName, Pick<QueueFigure, 'open' | 'oldestAgeMs'>>>;

/** The queues a caller works: the server answers only the ones whose screens the caller's capabilities open. */
export const worksAQueue = (set: CapabilitySet | null) =>
  holds(set, 'reports.work') || holds(set, 'held-messages.review') || holds(set, 'appeals.read') || holds(set, 'approvals.work');

export const queueCountsQueries = {
  counts: (client: Client<typeof OperationsService>, enabled: boolean) =>
    queryOptions({
      // queueCountsKeys.all (queue-count-keys.ts, which the screens that act on a queue item invalidate), written
      // out here so the console's first screen does not load one more script for it.
      queryKey: ['queue-counts'],
      queryFn: ({ signal }) => client.getQueueCounts({}, { signal }),
      enabled,
      // A modest poll while the console or desk is open; an action on a queue item asks at once.
      refetchInterval: 30_000,
      // Never fresh: a focused window asks again.
      staleTime: 0,
      // Live figures: a reload must not show old ones as current.
      meta: { persist: false },
    }),
};

/** The queue counts the caller's capabilities open (the links ask only when `worksAQueue`). */
export function useQueueCounts(enabled: boolean) {
  const client = useRpcClient(OperationsService, useRuntimeConfig()?.apiBaseUrl ?? '');
  return useQuery(queueCountsQueries.counts(client, enabled));
}
