import { describe, expect, it } from "vitest";
import { Batcher } from "./batcher.js";

describe("Batcher (group commit)", () => {
  it("writes what arrives in one event-loop turn as one batch, and each caller gets its own result", async () => {
    const batches: number[][] = [];
    const batcher = new Batcher<number, string>({ run: async (batch) => (batches.push(batch), batch.map((n) => `row ${n}`)) });
    const results = await Promise.all([1, 2, 3, 4].map((n) => batcher.submit(n)));
    expect(results).toEqual(["row 1", "row 2", "row 3", "row 4"]);
    expect(batches).toEqual([[1, 2, 3, 4]]);
  });

  it("keeps at most maxInFlight batches running; what arrives meanwhile goes out together, in order", async () => {
    const batches: number[][] = [];
    let release!: () => void;
    let gate = new Promise<void>((r) => (release = r));
    const batcher = new Batcher<number, number>({
      maxInFlight: 1,
      run: async (batch) => {
        batches.push(batch);
        await gate;
        return batch;
      },
    });
    const first = batcher.submit(1);
    await new Promise((r) => setImmediate(r));
    const later = [2, 3, 4].map((n) => batcher.submit(n));
    // The batcher flushes on the next turn (setImmediate); a few turns later it still has not, as one batch is in flight.
    for (let turn = 0; turn < 3; turn++) await new Promise((r) => setImmediate(r));
    expect(batches).toEqual([[1]]);
    release();
    gate = Promise.resolve();
    expect(await first).toBe(1);
    expect(await Promise.all(later)).toEqual([2, 3, 4]);
    expect(batches).toEqual([[1], [2, 3, 4]]);
  });

  it("splits a long queue into batches of maxBatch", async () => {
    const sizes: number[] = [];
    const batcher = new Batcher<number, number>({ maxBatch: 3, maxInFlight: 4, run: async (batch) => (sizes.push(batch.length), batch) });
    expect(await Promise.all(Array.from({ length: 7 }, (_, i) => batcher.submit(i)))).toEqual([0, 1, 2, 3, 4, 5, 6]);
    expect(sizes).toEqual([3, 3, 1]);
  });

  it("a failing batch is retried row by row: only the bad row fails", async () => {
    const batcher = new Batcher<number, number>({
      run: async (batch) => {
        if (batch.includes(13)) throw new Error("bad row 13");
        return batch.map((n) => n * 10);
      },
    });
    const outcomes = await Promise.allSettled([12, 13, 14].map((n) => batcher.submit(n)));
    expect(outcomes.map((o) => (o.status === "fulfilled" ? o.value : (o.reason as Error).message))).toEqual([120, "bad row 13", 140]);
  });
});
