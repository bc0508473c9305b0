import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { PgliteWorkerClient } from "./pglite-worker-client.js";

describe("PGlite on its own thread", () => {
  let client: PgliteWorkerClient;
  beforeAll(async () => {
    client = await PgliteWorkerClient.start(undefined);
    await client.exec("CREATE TABLE items (id int PRIMARY KEY, name text NOT NULL, at timestamptz DEFAULT now())");
  });
  afterAll(async () => {
    await client?.close();
  });

  const count = async () => (await client.query<{ n: number }>("SELECT count(*)::int AS n FROM items")).rows[0]!.n;

  it("answers queries with parameters, in object or array rows; kept-as-text types stay text", async () => {
    await client.query("INSERT INTO items (id, name) VALUES ($1, $2)", [1, "one"]);
    expect((await client.query("SELECT id, name FROM items WHERE id = $1", [1])).rows).toEqual([{ id: 1, name: "one" }]);
    expect((await client.query("SELECT id, name FROM items WHERE id = $1", [1], { rowMode: "array" })).rows).toEqual([[1, "one"]]);
    // 1184 = timestamptz: drizzle asks for it as text (its parsers), otherwise PGlite makes a Date.
    const asText = (await client.query<{ at: unknown }>("SELECT at FROM items", [], { parsers: { 1184: (v: string) => v } })).rows[0]!.at;
    const asDate = (await client.query<{ at: unknown }>("SELECT at FROM items")).rows[0]!.at;
    expect(typeof asText).toBe("string");
    expect(asDate).toBeInstanceOf(Date);
  });

  it("counts the time calls were pending (what the load watch reads)", async () => {
    const before = client.busyMs();
    await client.query("SELECT pg_sleep(0.05)");
    expect(client.busyMs() - before).toBeGreaterThanOrEqual(40);
  });

  it("commits a transaction whose callback resolves, and answers with its result", async () => {
    const before = await count();
    const result = await client.transaction(async (tx) => {
      await tx.query("INSERT INTO items (id, name) VALUES (10, 'ten')");
      return (await tx.query<{ n: number }>("SELECT count(*)::int AS n FROM items")).rows[0]!.n;
    });
    expect(result).toBe(before + 1);
    expect(await count()).toBe(before + 1);
  });

  it("rolls back a transaction whose callback throws, and rethrows that error", async () => {
    const before = await count();
    const failure = new Error("changed my mind");
    await expect(
      client.transaction(async (tx) => {
        await tx.query("INSERT INTO items (id, name) VALUES (20, 'twenty')");
        throw failure;
      }),
    ).rejects.toBe(failure);
    expect(await count()).toBe(before);
  });

  it("keeps other statements waiting while a transaction is open, as one PGlite session does", async () => {
    const order: string[] = [];
    let outside: Promise<number> | undefined;
    await client.transaction(async (tx) => {
      await tx.query("INSERT INTO items (id, name) VALUES (30, 'thirty')");
      outside = count().then((n) => (order.push("outside"), n));
      // Statements sent after the outside one come back first: it is held, not merely slower.
      await tx.query("SELECT 1");
      await tx.query("SELECT 2");
      order.push("transaction body done");
    });
    const seen = await outside!;
    // Run on its own, the count takes about a millisecond: it waited for the transaction, then saw its row.
    expect(order).toEqual(["transaction body done", "outside"]);
    expect(seen).toBe(await count());
  });

  it("hands errors back with their SQLSTATE fields (what the rpc layer maps to status codes)", async () => {
    const error = await client.query("INSERT INTO items (id, name) VALUES (1, 'again')").catch((e: unknown) => e);
    expect(error).toBeInstanceOf(Error);
    expect(error).toMatchObject({ code: "23505", constraint: "items_pkey" });
    // A failed statement inside a transaction rolls the whole transaction back.
    const before = await count();
    await expect(
      client.transaction(async (tx) => {
        await tx.query("INSERT INTO items (id, name) VALUES (40, 'forty')");
        await tx.query("INSERT INTO items (id, name) VALUES (1, 'duplicate')");
      }),
    ).rejects.toMatchObject({ code: "23505" });
    expect(await count()).toBe(before);
  });

  it("delivers LISTEN notices until the listener is removed", async () => {
    const heard: string[] = [];
    const stop = await client.listen("changes", (payload) => heard.push(payload));
    await client.query("SELECT pg_notify('changes', 'first')");
    await vi.waitFor(() => expect(heard).toEqual(["first"]));
    await stop();
    await client.query("SELECT pg_notify('changes', 'second')");
    await client.query("SELECT 1"); // a round trip after the notice would have been sent
    expect(heard).toEqual(["first"]);
  });

  it("refuses calls once closed", async () => {
    const closing = await PgliteWorkerClient.start(undefined);
    await closing.close();
    await expect(closing.query("SELECT 1")).rejects.toThrow(/database thread stopped/);
  });
});

describe("PGlite's thread failing to start", () => {
  it("rejects the start with the database's own error", async () => {
    // A data dir that is a file: PGlite cannot open it.
    const file = join(mkdtempSync(join(tmpdir(), "sro-pglite-bad-")), "not-a-dir");
    writeFileSync(file, "x");
    const error = await PgliteWorkerClient.start(file).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(Error);
    expect((error as Error).message).not.toMatch(/database thread stopped|\[object Object\]/);
  });
});
