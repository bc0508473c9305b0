import type { Client } from '@connectrpc/connect';
import { queryOptions, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { OperationsService, type Operations, type OperationsHistory } from '../../gen/sro/moderation/operations_pb';
import { useRuntimeConfig } from '../runtime-config-context';
import { useRpcClient } from '../rpc/use-rpc-client';

/** How often the wall asks the server; TanStack Query pauses the polling while the tab is hidden. */
export const WALL_POLL_MS = 3_000;

export const operationsKeys = { wall: ['operations-wall'] as const };

export interface WallData {
  snapshot: WallSnapshot;
  /**
   * The last five minutes: the server's sampled past on the first poll, then one point per poll, in memory (never
   * persisted): the charts' series.
   */
  history: WallSample[];
}

/** The live operations wall: the latest figures and their recent history, polled every few seconds. */
export function useOperationsWall() {
  return useQuery(operationsQueries.wall(useRpcClient(OperationsService, useRuntimeConfig()?.apiBaseUrl ?? ''), useQueryClient()));
}

/** The wall's read as query options; each poll adds to the history kept in the cache entry. */
export const operationsQueries = {
  wall: (client: Client<typeof OperationsService>, queryClient: QueryClient) =>
    queryOptions({
      queryKey: operationsKeys.wall,
      queryFn: async ({ signal }): Promise<WallData> => {
        const kept = queryClient.getQueryData<WallData>(operationsKeys.wall)?.history ?? [];
        // A wall opened now starts from the server's recent past; without it (an older server), from this poll.
        const [operations, past] = await Promise.all([
          client.getOperations({}, { signal }),
          kept.length > 0 ? undefined : client.getOperationsHistory({}, { signal }).catch(() => undefined),
        ]);
        const snapshot = toWallSnapshot(operations);
        const previous = past ? samplesOfHistory(past, snapshot.channels) : kept;
        return { snapshot, history: appendSample(previous, snapshot) };
      },
      refetchInterval: WALL_POLL_MS,
      staleTime: 0,
      // The history outlives a visit to another page for as long as it is worth keeping.
      gcTime: HISTORY_MS,
      // Live figures: a reload must not show old ones as current (lib/query-provider.tsx skips these when persisting).
      meta: { persist: false },
    }),
};

/**
 * The operations wall's figures as the screen holds them (plain numbers: no bigints), and the pure logic behind it:
 * grouping channels by dimension and keeping the last minutes of polls as time series for the charts.
 */
export interface WallChannel {
  channelId: string;
  channelName: string;
  /** Empty: the channel spans every dimension. */
  dimensionId: string;
  dimensionName: string;
  openStreams: number;
  messagesPerMinute: number;
  heldWaiting: number;
  oldestHeldAgeMs: number;
  sanctionsLastHour: number;
  deliveryP99Ms: number;
}

/** Who plays now in one dimension: its live game servers (empty ones included) and the players on them. */
export interface WallDimensionOnline {
  dimensionId: string;
  dimensionName: string;
  players: number;
  servers: number;
}

export interface WallSnapshot {
  timeMs: number;
  nodes: number;
  sanctionsLastHour: number;
  channels: WallChannel[];
  /** Every dimension, by name; empty when `onlineUnknown` says why nobody can tell (local mode). */
  online: WallDimensionOnline[];
  onlineUnknown: string;
}

export function toWallSnapshot(ops: Operations): WallSnapshot {
  return {
    timeMs: Number(ops.timeMs),
    nodes: ops.nodes,
    sanctionsLastHour: ops.sanctionsLastHour,
    // The message's own fields, but the int64 age as a plain number.
    channels: ops.channels.map((c) => ({ ...c, oldestHeldAgeMs: Number(c.oldestHeldAgeMs) })),
    // Plain numbers already (uint32): the messages themselves.
    online: ops.online,
    onlineUnknown: ops.onlineUnknown,
  };
}

export const EVERY_DIMENSION = 'Every dimension';

type Totals = Omit<WallChannel, 'channelId' | 'channelName' | 'dimensionId' | 'dimensionName'>;

export interface DimensionGroup {
  /** The dimension id, or '' for channels of every dimension. */
  key: string;
  label: string;
  channels: WallChannel[];
  /** Sums, except the oldest held age and the p99: the highest. */
  totals: Totals;
}

const emptyTotals = (): Totals => ({ openStreams: 0, messagesPerMinute: 0, heldWaiting: 0, oldestHeldAgeMs: 0, sanctionsLastHour: 0, deliveryP99Ms: 0 });

function addTo(totals: Totals, c: Totals): void {
  totals.openStreams += c.openStreams;
  totals.messagesPerMinute += c.messagesPerMinute;
  totals.heldWaiting += c.heldWaiting;
  totals.sanctionsLastHour += c.sanctionsLastHour;
  totals.oldestHeldAgeMs = Math.max(totals.oldestHeldAgeMs, c.oldestHeldAgeMs);
  totals.deliveryP99Ms = Math.max(totals.deliveryP99Ms, c.deliveryP99Ms);
}

/** Channels by dimension: channels of every dimension first, then dimensions by name; channels by name within. */
export function groupByDimension(channels: readonly WallChannel[]): DimensionGroup[] {
  const groups = new Map<string, DimensionGroup>();
  for (const c of channels) {
    let group = groups.get(c.dimensionId);
    if (!group) {
      group = { key: c.dimensionId, label: c.dimensionId ? c.dimensionName || c.dimensionId : EVERY_DIMENSION, channels: [], totals: emptyTotals() };
      groups.set(c.dimensionId, group);
    }
    group.channels.push(c);
    addTo(group.totals, c);
  }
  const sorted = [...groups.values()].sort((a, b) => (a.key === '' ? -1 : b.key === '' ? 1 : a.label.localeCompare(b.label)));
  for (const g of sorted) g.channels.sort((a, b) => a.channelName.localeCompare(b.channelName));
  return sorted;
}

/** Summed over every channel (p99 and oldest held age: the highest). */
export function wallTotals(channels: readonly WallChannel[]): Totals {
  const totals = emptyTotals();
  for (const c of channels) addTo(totals, c);
  return totals;
}

/** The charts' metrics, summed per dimension at each poll (p99: the highest). */
export type SeriesMetric = 'openStreams' | 'messagesPerMinute' | 'deliveryP99Ms';

export interface WallSample {
  timeMs: number;
  /** Per dimension key ('' = every dimension). */
  byDimension: Record<string, Record<SeriesMetric, number>>;
}

/** How much history the charts keep: the last five minutes of polls (≈ 100 at one every 3 s). */
export const HISTORY_MS = 5 * 60_000;

/** The history with this poll added (a repeated server time is not added twice), trimmed to the last `windowMs`. */
export function appendSample(history: readonly WallSample[], snapshot: WallSnapshot, windowMs = HISTORY_MS): WallSample[] {
  const last = history.at(-1);
  if (last && snapshot.timeMs <= last.timeMs) return [...history];
  const byDimension: WallSample['byDimension'] = {};
  for (const g of groupByDimension(snapshot.channels)) {
    byDimension[g.key] = { openStreams: g.totals.openStreams, messagesPerMinute: g.totals.messagesPerMinute, deliveryP99Ms: g.totals.deliveryP99Ms };
  }
  const since = snapshot.timeMs - windowMs;
  return [...history.filter((s) => s.timeMs >= since), { timeMs: snapshot.timeMs, byDimension }];
}

/**
 * The server's samples as the charts' series, grouped by the dimensions of the latest poll's channels: every
 * dimension at zero unless its channels had figures (as a poll's own sample is), channels gone since left out.
 */
export function samplesOfHistory(past: OperationsHistory, channels: readonly WallChannel[]): WallSample[] {
  const dimensionOf = new Map(channels.map((c) => [c.channelId, c.dimensionId]));
  const keys = [...new Set(dimensionOf.values())];
  return past.samples.map((sample) => {
    const byDimension: WallSample['byDimension'] = {};
    for (const key of keys) byDimension[key] = { openStreams: 0, messagesPerMinute: 0, deliveryP99Ms: 0 };
    for (const c of sample.channels) {
      const figures = byDimension[dimensionOf.get(c.channelId) ?? ''];
      if (!dimensionOf.has(c.channelId) || !figures) continue;
      figures.openStreams += c.openStreams;
      figures.messagesPerMinute += c.messagesPerMinute;
      figures.deliveryP99Ms = Math.max(figures.deliveryP99Ms, c.deliveryP99Ms);
    }
    return { timeMs: Number(sample.timeMs), byDimension };
  });
}
