import { describe, expect, it } from "vitest";
import { bucketOf, bucketUpperMs, ChatFigures, startClusterFigures } from "./chat-figures.js";
import { createInProcessBus } from "../platform/bus/in-process-bus.js";
import type { ClusterEvent } from "../cluster-events.js";

/** The operations wall's figures with a fake clock: windows slide, nodes add up and drop out. */
const fakeClock = (start = 1_700_000_000_000) => {
  let t = start;
  return { now: () => t, advance: (ms: number) => void (t += ms) };
};

describe("ChatFigures", () => {
  it("counts messages accepted in the last 60 s per channel", () => {
    const clock = fakeClock();
    const figures = new ChatFigures(clock.now);
    for (let i = 0; i < 5; i++) figures.accepted("a");
    clock.advance(30_000);
    figures.accepted("a");
    figures.accepted("b");
    expect(figures.snapshot(new Map()).get("a")?.messagesPerMinute).toBe(6);
    clock.advance(31_000);
    // The first five are older than 60 s now.
    expect(figures.snapshot(new Map()).get("a")?.messagesPerMinute).toBe(1);
    expect(figures.snapshot(new Map()).get("b")?.messagesPerMinute).toBe(1);
    clock.advance(10 * 60_000);
    // Idle and without streams: forgotten.
    expect(figures.snapshot(new Map()).has("a")).toBe(false);
  });

  it("reports open streams from the bus's counts, with or without traffic", () => {
    const figures = new ChatFigures(fakeClock().now);
    figures.accepted("a");
    const snapshot = figures.snapshot(new Map([["b", 3]]));
    expect(snapshot.get("b")).toEqual({ openStreams: 3, messagesPerMinute: 0, deliveryP99Ms: 0 });
    expect(snapshot.get("a")).toMatchObject({ openStreams: 0, messagesPerMinute: 1 });
  });

  it("p99 of delivery latency over the last minute, to within one 15 % bucket", () => {
    const clock = fakeClock();
    const figures = new ChatFigures(clock.now);
    for (let i = 0; i < 990; i++) figures.delivered("channel:a", 2);
    for (let i = 0; i < 10; i++) figures.delivered("channel:a", 400);
    const p99 = figures.snapshot(new Map()).get("a")!.deliveryP99Ms;
    expect(p99).toBeGreaterThanOrEqual(2);
    expect(p99).toBeLessThanOrEqual(2 * 1.15);
    // One more slow delivery pushes the 99th percentile into the slow ones.
    figures.delivered("channel:a", 400);
    expect(figures.snapshot(new Map()).get("a")!.deliveryP99Ms).toBeGreaterThanOrEqual(400);
    clock.advance(70_000);
    figures.delivered("channel:a", 1);
    expect(figures.snapshot(new Map()).get("a")!.deliveryP99Ms).toBeLessThanOrEqual(1.15);
    // Direct-message topics are not channels.
    figures.delivered("direct:x", 5);
    expect(figures.snapshot(new Map()).has("x")).toBe(false);
  });

  it("buckets grow by 15 % and cap at the last one", () => {
    expect(bucketOf(0)).toBe(0);
    expect(bucketOf(-3)).toBe(0);
    expect(bucketUpperMs(bucketOf(10))).toBeGreaterThanOrEqual(10);
    expect(bucketUpperMs(bucketOf(10))).toBeLessThan(11.5);
    expect(bucketOf(1e9)).toBe(bucketOf(1e12));
  });
});

describe("cluster figures over one bus", () => {
  it("sums the nodes seen within the window; a node that stops reporting drops out", async () => {
    const clock = fakeClock();
    const bus = createInProcessBus<ClusterEvent>((error) => {
      throw error;
    });
    const [a, b] = [new ChatFigures(clock.now), new ChatFigures(clock.now)];
    const nodeA = startClusterFigures({ bus, figures: a, nodeId: "A", now: clock.now, windowMs: 15_000 });
    const nodeB = startClusterFigures({ bus, figures: b, nodeId: "B", now: clock.now, windowMs: 15_000 });
    try {
      const unsubscribe = await bus.subscribe({ kind: "channel", id: "c" }, () => {});
      a.accepted("c");
      a.delivered("channel:c", 3);
      b.accepted("c");
      b.accepted("c");
      b.delivered("channel:c", 40);
      await nodeB.publishNow();
      // A's own figures are live; B's come from its report. Both nodes share this bus, so A's fanout sees 1 stream
      // and B (same bus in this test) also reported it.
      const cluster = nodeA.cluster();
      expect(cluster.nodes).toBe(2);
      expect(cluster.channels.get("c")).toMatchObject({ openStreams: 2, messagesPerMinute: 3 });
      expect(cluster.channels.get("c")!.deliveryP99Ms).toBeGreaterThanOrEqual(40);
      unsubscribe();

      clock.advance(16_000);
      const later = nodeA.cluster();
      expect(later.nodes).toBe(1);
      expect(later.channels.get("c")).toMatchObject({ openStreams: 0, messagesPerMinute: 1 });
    } finally {
      nodeA.stop();
      nodeB.stop();
    }
  });
});
