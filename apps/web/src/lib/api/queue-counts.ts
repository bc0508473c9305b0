import type { Client } from '@connectrpc/connect';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { OperationsService, type QueueCounts as QueueCountsMessage, type QueueFigure } from '../../gen/sro/moderation/operations_pb';
import { holds, type CapabilitySet } from '../access/capabilities';
import { useRuntimeConfig } from '../runtime-config-context';
import { useRpcClient } from '../rpc/use-rpc-client';
import { queueCountsKeys } from './queue-count-keys';

/** A modest poll while the console or desk is open; a focused window and any action on a queue item ask at once. */
export const QUEUE_COUNTS_POLL_MS = 30_000;

export type QueueName = 'reports' | 'heldMessages' | 'appeals';

/** The capability that opens each queue's screen: the server answers a queue only to its holders. */
export const QUEUE_CAPABILITIES = { reports: 'reports.work', heldMessages: 'held-messages.review', appeals: 'appeals.read' } as const;

export interface QueueCount {
  open: number;
  /** 0 when none is open. */
  oldestAgeMs: number;
}

/** The queues the caller works; a queue the caller's capabilities do not open is absent. */
export type QueueCounts = Partial<Record<QueueName, QueueCount>>;

const toCount = (f: QueueFigure | undefined): QueueCount | undefined => f && { open: f.open, oldestAgeMs: Number(f.oldestAgeMs) };

export function toQueueCounts(m: QueueCountsMessage): QueueCounts {
  const counts: QueueCounts = {};
  for (const name of ['reports', 'heldMessages', 'appeals'] as const) {
    const count = toCount(m[name]);
    if (count) counts[name] = count;
  }
  return counts;
}

export const queueCountsQueries = {
  counts: (client: Client<typeof OperationsService>, enabled: boolean) =>
    queryOptions({
      queryKey: queueCountsKeys.all,
      queryFn: async ({ signal }) => toQueueCounts(await client.getQueueCounts({}, { signal })),
      enabled,
      refetchInterval: QUEUE_COUNTS_POLL_MS,
      refetchOnWindowFocus: 'always',
      staleTime: 0,
      // Live figures: a reload must not show old ones as current.
      meta: { persist: false },
    }),
};

/** Whether the caller works some queue (only then is there anything to ask). */
export const worksAQueue = (set: CapabilitySet | null) => Object.values(QUEUE_CAPABILITIES).some((c) => holds(set, c));

/** The queue counts the caller's capabilities open (the links ask only when `worksAQueue`). */
export function useQueueCounts(enabled: boolean) {
  const client = useRpcClient(OperationsService, useRuntimeConfig()?.apiBaseUrl ?? '');
  return useQuery(queueCountsQueries.counts(client, enabled));
}

/** The words beside a link: 'Reports, 3 open'; nothing when none is open. */
export function queueCountWords(queue: QueueName, open: number): string {
  return `${open.toLocaleString('en-US')} ${queue === 'heldMessages' ? 'waiting' : 'open'}`;
}
