import { describe, expect, it } from "vitest";
import { SharedReads } from "./shared-reads.js";

/** A read per call, settled by the test: what each caller got shows which read it shared. */
function controlledReads() {
  const reads: { key: string; resolve: (value: string) => void; reject: (error: Error) => void }[] = [];
  const shared = new SharedReads(
    (key: string) =>
      new Promise<string>((resolve, reject) => {
        const n = reads.filter((r) => r.key === key).length + 1;
        reads.push({ key, resolve: () => resolve(`${key} read ${n}`), reject });
      }),
  );
  return { shared, reads };
}

describe("SharedReads", () => {
  it("reads at once when no read of the key runs", async () => {
    const { shared, reads } = controlledReads();
    const first = shared.get("a");
    expect(reads).toHaveLength(1);
    reads[0]!.resolve("");
    await expect(first).resolves.toBe("a read 1");
    const again = shared.get("a");
    expect(reads).toHaveLength(2);
    reads[1]!.resolve("");
    await expect(again).resolves.toBe("a read 2");
  });

  it("never hands a caller a read that started before it asked: callers meanwhile share the next one", async () => {
    const { shared, reads } = controlledReads();
    const first = shared.get("a");
    const second = shared.get("a");
    const third = shared.get("a");
    // The second read starts only when the first returns.
    expect(reads).toHaveLength(1);
    reads[0]!.resolve("");
    await expect(first).resolves.toBe("a read 1");
    await expect.poll(() => reads.length).toBe(2);
    // Asking while the second runs: a third read, after it.
    const fourth = shared.get("a");
    reads[1]!.resolve("");
    expect(await Promise.all([second, third])).toEqual(["a read 2", "a read 2"]);
    await expect.poll(() => reads.length).toBe(3);
    reads[2]!.resolve("");
    await expect(fourth).resolves.toBe("a read 3");
  });

  it("keeps keys apart", async () => {
    const { shared, reads } = controlledReads();
    const a = shared.get("a");
    const b = shared.get("b");
    expect(reads.map((r) => r.key)).toEqual(["a", "b"]);
    reads[1]!.resolve("");
    reads[0]!.resolve("");
    expect(await Promise.all([a, b])).toEqual(["a read 1", "b read 1"]);
  });

  it("a failed read fails its callers only; those waiting behind it get a read of their own", async () => {
    const { shared, reads } = controlledReads();
    const failing = shared.get("a");
    const waiting = shared.get("a");
    reads[0]!.reject(new Error("database gone"));
    await expect(failing).rejects.toThrow("database gone");
    await expect.poll(() => reads.length).toBe(2);
    reads[1]!.resolve("");
    await expect(waiting).resolves.toBe("a read 2");
  });
});
