import type { NodeFiguresReport } from "./chat-events.js";
import type { AppBus } from "../cluster-events.js";

/**
 * This node's live chat figures per channel, for the operations wall (docs/moderation.md "Operations wall"):
 * messages accepted in the last 60 s (a ring of per-second counters, bumped once per accepted send) and delivery
 * latency, publish → last stream write on this node (a log-scale histogram per 10-s slot, six slots, fed once per
 * message by the bus's LocalFanout, never per stream). Open streams are not counted here: the bus's fanout already
 * knows its listeners per topic. Fixed-size typed arrays per channel: nothing is allocated per message.
 */
const RING_SECONDS = 60;
const SLOT_MS = 10_000;
const SLOTS = 6;
/** Latency buckets grow by 15 % from 0.05 ms; the last one (≈ 3.5 s and up) takes everything slower. */
const BUCKETS = 80;
const BASE_MS = 0.05;
const GROWTH = 1.15;
const LOG_GROWTH = Math.log(GROWTH);

/** A bucket's upper bound, which p99 reports (so p99 is at most 15 % above the true value). */
export const bucketUpperMs = (bucket: number) => BASE_MS * GROWTH ** bucket;
export const bucketOf = (ms: number) => (ms <= BASE_MS ? 0 : Math.min(BUCKETS - 1, Math.ceil(Math.log(ms / BASE_MS) / LOG_GROWTH)));

/** Wall clock with sub-millisecond steps: a stamp another node can compare with (clocks in sync, as NTP keeps them). */
export const wallClockMs = () => performance.timeOrigin + performance.now();

class ChannelWindow {
  readonly perSecond = new Uint32Array(RING_SECONDS);
  lastSecond = 0;
  readonly latency = new Uint32Array(SLOTS * BUCKETS);
  /** The 10-s period each slot holds (-1: none). */
  readonly slotPeriod = new Float64Array(SLOTS).fill(-1);
  lastActiveMs = 0;

  private advance(second: number): void {
    if (second <= this.lastSecond) return;
    if (second - this.lastSecond >= RING_SECONDS) this.perSecond.fill(0);
    else for (let s = this.lastSecond + 1; s <= second; s++) this.perSecond[s % RING_SECONDS] = 0;
    this.lastSecond = second;
  }

  accept(nowMs: number): void {
    const second = Math.floor(nowMs / 1000);
    this.advance(second);
    // A clock that stepped back counts into the current second.
    this.perSecond[this.lastSecond % RING_SECONDS]!++;
    this.lastActiveMs = nowMs;
  }

  perMinute(nowMs: number): number {
    this.advance(Math.floor(nowMs / 1000));
    let sum = 0;
    for (const n of this.perSecond) sum += n;
    return sum;
  }

  observe(nowMs: number, latencyMs: number): void {
    const period = Math.floor(nowMs / SLOT_MS);
    const slot = period % SLOTS;
    if (this.slotPeriod[slot] !== period) {
      this.latency.fill(0, slot * BUCKETS, (slot + 1) * BUCKETS);
      this.slotPeriod[slot] = period;
    }
    this.latency[slot * BUCKETS + bucketOf(latencyMs)]!++;
    this.lastActiveMs = nowMs;
  }

  p99(nowMs: number): number {
    const period = Math.floor(nowMs / SLOT_MS);
    const counts = new Uint32Array(BUCKETS);
    let total = 0;
    for (let slot = 0; slot < SLOTS; slot++) {
      const age = period - this.slotPeriod[slot]!;
      if (this.slotPeriod[slot] === -1 || age < 0 || age >= SLOTS) continue;
      for (let b = 0; b < BUCKETS; b++) {
        const n = this.latency[slot * BUCKETS + b]!;
        counts[b]! += n;
        total += n;
      }
    }
    if (total === 0) return 0;
    const rank = Math.ceil(total * 0.99);
    let seen = 0;
    for (let b = 0; b < BUCKETS; b++) {
      seen += counts[b]!;
      if (seen >= rank) return Math.round(bucketUpperMs(b) * 1000) / 1000;
    }
    return bucketUpperMs(BUCKETS - 1);
  }
}

/** One channel's figures on one node or, summed, on the cluster. */
export interface ChannelFigures {
  openStreams: number;
  messagesPerMinute: number;
  deliveryP99Ms: number;
}

export class ChatFigures {
  /** By topic key ("channel:<id>"): the fanout's observer gets the key, so no string is built per message. */
  private readonly channels = new Map<string, ChannelWindow>();

  constructor(private readonly now: () => number = Date.now) {}

  private window(key: string): ChannelWindow {
    let window = this.channels.get(key);
    if (!window) this.channels.set(key, (window = new ChannelWindow()));
    return window;
  }

  /** A channel message was stored and is about to be published (the send path). */
  accepted(channelId: string): void {
    this.window(`channel:${channelId}`).accept(this.now());
  }

  /** The bus's LocalFanout observer: a message of topic `key` reached its last local stream `latencyMs` after publish. */
  delivered(key: string, latencyMs: number): void {
    if (key.startsWith("channel:")) this.window(key).observe(this.now(), latencyMs);
  }

  /** This node's figures per channel id, given the fanout's streams per channel; idle channels are forgotten. */
  snapshot(streams: Map<string, number>): Map<string, ChannelFigures> {
    const nowMs = this.now();
    const figures = new Map<string, ChannelFigures>();
    for (const [key, window] of this.channels) {
      const channelId = key.slice("channel:".length);
      const openStreams = streams.get(channelId) ?? 0;
      if (openStreams === 0 && nowMs - window.lastActiveMs > RING_SECONDS * 1000 + SLOT_MS) {
        this.channels.delete(key);
        continue;
      }
      figures.set(channelId, { openStreams, messagesPerMinute: window.perMinute(nowMs), deliveryP99Ms: window.p99(nowMs) });
    }
    for (const [channelId, openStreams] of streams)
      if (!figures.has(channelId)) figures.set(channelId, { openStreams, messagesPerMinute: 0, deliveryP99Ms: 0 });
    return figures;
  }
}

/** The cluster's figures: every node seen within the window, this one included. */
export interface ClusterFigures {
  nodes: number;
  channels: Map<string, ChannelFigures>;
}

export interface ClusterFiguresOptions {
  bus: AppBus;
  figures: ChatFigures;
  nodeId: string;
  now?: () => number;
  /** How often this node publishes its figures. */
  intervalMs?: number;
  /** A node not heard from for this long drops out of the sums. */
  windowMs?: number;
  onError?: (error: unknown) => void;
}

export const FIGURES_INTERVAL_MS = 3_000;
export const FIGURES_WINDOW_MS = 15_000;

/**
 * Every node publishes its figures on the bus (topic node:<nodeId>, a control event: on NATS the one wildcard
 * subscription every node already holds carries it) every few seconds, and keeps the latest report of every other
 * node with the time it arrived (its own clock: no skew between nodes matters). Any node can then answer for the
 * cluster: streams and messages summed, p99 the highest of the nodes' p99s (p99s do not add up).
 */
export function startClusterFigures(options: ClusterFiguresOptions) {
  const { bus, figures, nodeId } = options;
  const now = options.now ?? Date.now;
  const windowMs = options.windowMs ?? FIGURES_WINDOW_MS;
  const others = new Map<string, { receivedAtMs: number; report: NodeFiguresReport }>();
  /** Forgets nodes not heard from within the window (a restarted node comes back under a new id). */
  const prune = (nowMs: number) => {
    for (const [id, { receivedAtMs }] of others) if (nowMs - receivedAtMs > windowMs) others.delete(id);
  };
  const unwatch = bus.watchControl((topic, event) => {
    if (topic.kind !== "node" || event.type !== "node-figures" || event.report.nodeId === nodeId) return;
    const nowMs = now();
    prune(nowMs);
    others.set(event.report.nodeId, { receivedAtMs: nowMs, report: event.report });
  });
  const own = () => figures.snapshot(bus.subscribersOf("channel"));

  const publishNow = () => {
    const channels: NodeFiguresReport["channels"] = [];
    for (const [id, f] of own()) channels.push([id, f.openStreams, f.messagesPerMinute, f.deliveryP99Ms]);
    return bus.publish({ kind: "node", id: nodeId }, { type: "node-figures", report: { nodeId, channels } });
  };
  const timer = setInterval(() => void publishNow().catch((error: unknown) => options.onError?.(error)), options.intervalMs ?? FIGURES_INTERVAL_MS);
  timer.unref();

  return {
    publishNow,
    cluster(): ClusterFigures {
      const channels = own();
      let nodes = 1;
      prune(now());
      for (const { report } of others.values()) {
        nodes++;
        for (const [channelId, openStreams, messagesPerMinute, deliveryP99Ms] of report.channels) {
          const sum = channels.get(channelId);
          if (!sum) channels.set(channelId, { openStreams, messagesPerMinute, deliveryP99Ms });
          else {
            sum.openStreams += openStreams;
            sum.messagesPerMinute += messagesPerMinute;
            sum.deliveryP99Ms = Math.max(sum.deliveryP99Ms, deliveryP99Ms);
          }
        }
      }
      return { nodes, channels };
    },
    stop() {
      clearInterval(timer);
      unwatch();
    },
  };
}

export type ClusterFiguresHandle = ReturnType<typeof startClusterFigures>;
