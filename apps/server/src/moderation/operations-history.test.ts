import { describe, expect, it } from "vitest";
import type { LiveChannelFigures } from "./operations-service.js";
import { startOperationsHistory } from "./operations-history.js";

/** The wall's sampled past, with a hand-turned clock and hand-set figures (the timer is not relied on). */
describe("operations history", () => {
  const setUp = () => {
    let nowMs = 1_800_000_000_000;
    const channels = new Map<string, LiveChannelFigures>();
    const history = startOperationsHistory({ live: () => ({ nodes: 1, channels }), now: () => nowMs, windowMs: 60_000, intervalMs: 3_600_000 });
    return { history, channels, advance: (ms: number) => (nowMs += ms), now: () => nowMs };
  };

  it("keeps the channels that had something to show, oldest sample first", () => {
    const { history, channels, advance, now } = setUp();
    channels.set("busy", { openStreams: 3, messagesPerMinute: 12, deliveryP99Ms: 4.5 });
    channels.set("idle", { openStreams: 0, messagesPerMinute: 0, deliveryP99Ms: 0 });
    history.sample();
    const first = now();
    advance(3_000);
    channels.set("busy", { openStreams: 2, messagesPerMinute: 9, deliveryP99Ms: 0 });
    history.sample();
    expect(history.samples()).toEqual([
      { timeMs: first, channels: [["busy", 3, 12, 4.5]] },
      { timeMs: first + 3_000, channels: [["busy", 2, 9, 0]] },
    ]);
    history.stop();
  });

  it("forgets samples older than its window, and never goes back in time", () => {
    const { history, advance, now } = setUp();
    history.sample();
    advance(30_000);
    history.sample();
    const kept = now();
    advance(-10_000);
    history.sample();
    expect(history.samples().map((s) => s.timeMs)).toEqual([kept - 30_000, kept]);
    advance(10_000 + 31_000);
    history.sample();
    expect(history.samples().map((s) => s.timeMs)).toEqual([kept, now()]);
    history.stop();
  });
});
