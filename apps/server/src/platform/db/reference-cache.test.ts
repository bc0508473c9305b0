import { describe, expect, it } from "vitest";
import { referenceCache } from "./reference-cache.js";
import { ANY_TABLE, type TableChangeListener, type TableChanges } from "./table-changes.js";

function fakeChanges(): TableChanges & { reliable: boolean } {
  const listeners = new Set<TableChangeListener>();
  return {
    reliable: true,
    subscribe(listener) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
    announce(...tables) {
      for (const table of tables) for (const listener of listeners) listener(table);
    },
    close: async () => {},
  };
}

/** A load whose every call waits until the test lets it finish with the value it names. */
function controlledLoad() {
  const calls: Array<(value: string) => void> = [];
  const load = () => new Promise<string>((resolve) => calls.push(resolve));
  return { load, calls };
}

describe("referenceCache", () => {
  it("reads once and serves every caller from memory until one of its tables changes", async () => {
    const changes = fakeChanges();
    let loads = 0;
    const cache = referenceCache(changes, ["maps"], async () => `v${++loads}`);
    expect(await Promise.all([cache.read(), cache.read()])).toEqual(["v1", "v1"]);
    expect(await cache.read()).toBe("v1");
    changes.announce("characters");
    expect(await cache.read()).toBe("v1");
    changes.announce("maps");
    expect(await cache.read()).toBe("v2");
    changes.announce(ANY_TABLE);
    expect(await cache.read()).toBe("v3");
    expect(loads).toBe(3);
  });

  it("shares one read among concurrent callers", async () => {
    const { load, calls } = controlledLoad();
    const cache = referenceCache(fakeChanges(), ["maps"], load);
    const both = Promise.all([cache.read(), cache.read()]);
    expect(calls).toHaveLength(1);
    calls[0]!("only");
    expect(await both).toEqual(["only", "only"]);
  });

  it("does not keep a read that was running when its table changed (it may predate the change)", async () => {
    const changes = fakeChanges();
    const { load, calls } = controlledLoad();
    const cache = referenceCache(changes, ["maps"], load);
    const early = cache.read();
    changes.announce("maps");
    const late = cache.read();
    expect(calls).toHaveLength(2);
    calls[0]!("before the write");
    calls[1]!("after the write");
    expect(await early).toBe("before the write");
    expect(await late).toBe("after the write");
    expect(await cache.read()).toBe("after the write");
    expect(calls).toHaveLength(2);
  });

  it("reads the database on every call while changes from other nodes cannot be heard", async () => {
    const changes = fakeChanges();
    let loads = 0;
    const cache = referenceCache(changes, ["maps"], async () => ++loads);
    await cache.read();
    changes.reliable = false;
    expect(await cache.read()).toBe(2);
    expect(await cache.read()).toBe(3);
  });

  it("does not keep a failed read", async () => {
    let fail = true;
    const cache = referenceCache(fakeChanges(), ["maps"], async () => {
      if (fail) throw new Error("database down");
      return "ok";
    });
    await expect(cache.read()).rejects.toThrow("database down");
    fail = false;
    expect(await cache.read()).toBe("ok");
  });
});
