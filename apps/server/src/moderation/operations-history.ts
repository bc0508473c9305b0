import type { LiveFigures } from "./operations-service.js";

/** One sample of the cluster's live figures: [channel id, open streams, messages per minute, delivery p99 ms]. */
export interface OperationsSampleRow {
  timeMs: number;
  channels: [string, number, number, number][];
}

export interface OperationsHistoryOptions {
  live: LiveFigures;
  now?: () => number;
  /** How often a sample is taken: as often as the nodes report their figures. */
  intervalMs?: number;
  /** How far back samples are kept: as far as the wall's charts reach. */
  windowMs?: number;
}

export const HISTORY_INTERVAL_MS = 3_000;
export const HISTORY_WINDOW_MS = 5 * 60_000;

/**
 * The operations wall's recent past, sampled on every node from the figures it already sums for the cluster, so a
 * wall opened now draws lines at once instead of one dot per poll for its first minutes. In memory and per node: a
 * node that just started has a short past, which is what the wall had before. Only channels with something to show
 * are kept, so a sample of an idle cluster is a timestamp.
 */
export function startOperationsHistory(options: OperationsHistoryOptions) {
  const now = options.now ?? Date.now;
  const windowMs = options.windowMs ?? HISTORY_WINDOW_MS;
  const samples: OperationsSampleRow[] = [];

  const sample = () => {
    const timeMs = now();
    const channels: OperationsSampleRow["channels"] = [];
    for (const [id, f] of options.live().channels) {
      if (f.openStreams > 0 || f.messagesPerMinute > 0 || f.deliveryP99Ms > 0) channels.push([id, f.openStreams, f.messagesPerMinute, f.deliveryP99Ms]);
    }
    // A clock that stepped back must not put samples out of order.
    if (samples.length > 0 && timeMs <= samples.at(-1)!.timeMs) return;
    samples.push({ timeMs, channels });
    while (samples.length > 0 && samples[0]!.timeMs < timeMs - windowMs) samples.shift();
  };
  const timer = setInterval(sample, options.intervalMs ?? HISTORY_INTERVAL_MS);
  timer.unref();

  return {
    /** Takes a sample now (the timer does this every interval). */
    sample,
    /** The samples of the last window, oldest first. */
    samples(): readonly OperationsSampleRow[] {
      const since = now() - windowMs;
      return samples.filter((s) => s.timeMs >= since);
    },
    stop() {
      clearInterval(timer);
    },
  };
}

export type OperationsHistory = ReturnType<typeof startOperationsHistory>;
