import { describe, expect, it, vi } from "vitest";
import { testMessage, type TestEvent } from "../../test/bus-test-events.js";
import { DELIVERY_SLICE, LocalFanout } from "./local-fanout.js";

const message = (id: number) => testMessage(id, String(id));

describe("local fan-out", () => {
  it("counts listeners per topic and reports the first and last of a topic", () => {
    const fanout = new LocalFanout<TestEvent>();
    const a = () => {};
    const b = () => {};
    expect(fanout.add("t", a)).toBe(true);
    expect(fanout.add("t", b)).toBe(false);
    expect(fanout.size()).toBe(2);
    expect(fanout.remove("t", a)).toBe(false);
    expect(fanout.remove("t", b)).toBe(true);
    expect(fanout.size()).toBe(0);
    expect(fanout.topics()).toBe(0);
  });

  it("delivers a busy topic in slices, every event to every listener, in publish order", async () => {
    const fanout = new LocalFanout<TestEvent>();
    const count = DELIVERY_SLICE * 3 + 7;
    const seen: number[][] = Array.from({ length: count }, () => []);
    for (let i = 0; i < count; i++) fanout.add("busy", (e) => e.type === "message" && seen[i]!.push(e.message.id));
    for (let id = 1; id <= 5; id++)
      fanout.deliver("busy", message(id), (error) => {
        throw error;
      });
    // The first slice of the first event went out at once; the rest follow on later turns of the event loop.
    expect(seen[0]).toEqual([1]);
    expect(seen[count - 1]).toEqual([]);
    await vi.waitFor(() => {
      for (const ids of seen) expect(ids).toEqual([1, 2, 3, 4, 5]);
    });
  });

  it("keeps delivering when a listener throws", () => {
    const fanout = new LocalFanout<TestEvent>();
    const errors: unknown[] = [];
    let delivered = 0;
    fanout.add("t", () => {
      throw new Error("boom");
    });
    fanout.add("t", () => delivered++);
    fanout.deliver("t", message(1), (error) => errors.push(error));
    expect(delivered).toBe(1);
    expect(errors).toHaveLength(1);
  });

  it("delivers to object listeners (a stream's subscription) through their push, like function listeners", async () => {
    const fanout = new LocalFanout<TestEvent>();
    const pushed: number[] = [];
    const subscription = { push: (e: TestEvent) => void (e.type === "message" && pushed.push(e.message.id)) };
    const called: number[] = [];
    fanout.add("t", subscription);
    fanout.add("t", (e) => void (e.type === "message" && called.push(e.message.id)));
    fanout.deliver("t", message(1), (error) => {
      throw error;
    });
    expect(fanout.remove("t", subscription)).toBe(false);
    fanout.deliver("t", message(2), (error) => {
      throw error;
    });
    expect(pushed).toEqual([1]);
    expect(called).toEqual([1, 2]);
  });
});
