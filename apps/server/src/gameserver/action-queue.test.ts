import { describe, expect, it } from "vitest";
import { ActionQueue } from "./action-queue.js";

describe("action queue", () => {
  it("hands over what was pushed before and while reading, in order, and ends when the call is aborted", async () => {
    const queue = new ActionQueue<number>();
    const abort = new AbortController();
    queue.push(1);
    const read: number[] = [];
    const reading = (async () => {
      for await (const n of queue.read(abort.signal)) {
        read.push(n);
        if (n === 3) abort.abort();
      }
    })();
    await Promise.resolve();
    queue.push(2);
    queue.push(3);
    queue.push(4);
    await reading;
    expect(read).toEqual([1, 2, 3]);
  });

  it("ends a reader that waits with nothing queued when the call is aborted", async () => {
    const abort = new AbortController();
    const reading = (async () => {
      for await (const n of new ActionQueue<number>().read(abort.signal)) throw new Error(`unexpected ${n}`);
      return "ended";
    })();
    abort.abort();
    expect(await reading).toBe("ended");
  });
});
