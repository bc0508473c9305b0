import { randomUUID } from "node:crypto";
import { createContextValues } from "@connectrpc/connect";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { callerKey, type Caller } from "../platform/auth/caller.js";
import type { Database } from "../platform/db/database.js";
import { createLogger } from "../platform/logger.js";
import { createAccountStreams, type AccountStreams } from "../platform/account-streams.js";
import { openTestDatabase } from "../test/test-server.js";
import { createBanDisconnects, createBanDisconnectStore } from "./ban-disconnects.js";
import { sanctionDisconnects } from "./disconnect-schema.js";
import { createFiguresStore } from "./figures-store.js";

const T0 = Date.UTC(2026, 5, 1, 12);

/** A server stream of `sub` through the node's counting interceptor; end() fails it as a ban would. */
async function openStream(streams: AccountStreams, sub: string) {
  let fail!: (error: Error) => void;
  const pending = new Promise<never>((_, reject) => (fail = reject));
  const source: AsyncIterable<never> = { [Symbol.asyncIterator]: () => ({ next: () => pending }) };
  const contextValues = createContextValues().set(callerKey, { sub } as Caller);
  const next = (async () => ({ stream: true, message: source })) as unknown as Parameters<AccountStreams["interceptor"]>[0];
  const res = (await streams.interceptor(next)({ contextValues } as never)) as unknown as { message: AsyncIterable<never> };
  const reading = res.message[Symbol.asyncIterator]()
    .next()
    .catch(() => "ended");
  return { end: async () => (fail(new Error("banned")), await reading) };
}

/**
 * Ban to disconnect across two nodes sharing one PGlite database (a node here: its stream registry and its
 * recorder, the bus's delivery replaced by calling each node's `heard`): the sanction's row holds the latest end over
 * the nodes, whatever order they write in. A fake clock throughout.
 */
describe("ban to disconnect over two nodes", () => {
  let database: Database;
  let close: () => Promise<void>;
  let clock = T0;
  const now = () => clock;
  const node = () => {
    const streams = createAccountStreams(now);
    const store = createBanDisconnectStore(database.db);
    const recorder = createBanDisconnects({ lastStreamEnded: (a, since) => streams.lastEnded(a, since), store, logger: createLogger("silent") });
    return { streams, recorder };
  };
  const rowOf = async (sanctionId: string) => (await database.db.select().from(sanctionDisconnects)).find((r) => r.sanctionId === sanctionId);

  beforeAll(async () => ({ database, close } = await openTestDatabase("pglite")));
  afterAll(() => close?.());

  it("keeps the last stream end over both nodes, also when the node that ended first writes last", async () => {
    const [a, b] = [node(), node()];
    const sanctionId = randomUUID();
    const account = `acc-${sanctionId}`;
    clock = T0;
    const [a1, a2, b1] = [await openStream(a.streams, account), await openStream(a.streams, account), await openStream(b.streams, account)];
    expect([a.streams.openOf(account), b.streams.openOf(account)]).toEqual([2, 1]);
    // Node B ends its stream before it hears of the ban (the revocation reached it first); A hears at once.
    clock = T0 + 40;
    await b1.end();
    const aHeard = a.recorder.heard(sanctionId, account, T0);
    clock = T0 + 90;
    await a1.end();
    expect(await rowOf(sanctionId)).toBeUndefined();
    clock = T0 + 120;
    await a2.end();
    await aHeard;
    expect((await rowOf(sanctionId))?.lastStreamEndedAt.getTime()).toBe(T0 + 120);
    // B's own end (40 ms) arrives later and lowers nothing.
    clock = T0 + 150;
    await b.recorder.heard(sanctionId, account, T0);
    const row = await rowOf(sanctionId);
    expect([row?.issuedAt.getTime(), row?.lastStreamEndedAt.getTime()]).toEqual([T0, T0 + 120]);
    const figures = await createFiguresStore(database.db).banDisconnects({ from: new Date(T0 - 1000), to: new Date(T0 + 1000) });
    expect(figures).toEqual({ count: 1, p50Ms: 120, p99Ms: 120 });
  });

  it("records nothing for a ban of an account with no stream, or whose streams ended before the ban", async () => {
    const [a, b] = [node(), node()];
    const offline = randomUUID();
    await Promise.all([a.recorder.heard(offline, "nobody-online", T0), b.recorder.heard(offline, "nobody-online", T0)]);
    const earlier = randomUUID();
    clock = T0 - 5;
    await (await openStream(a.streams, "left-before")).end();
    clock = T0;
    await a.recorder.heard(earlier, "left-before", T0);
    expect([await rowOf(offline), await rowOf(earlier)]).toEqual([undefined, undefined]);
  });

  it("reports p50 and p99 interpolated over the bans issued in the window only", async () => {
    const from = new Date(T0 + 10 * 3_600_000);
    const store = createBanDisconnectStore(database.db);
    const latencies = [100, 200, 300, 400, 500];
    for (const [i, ms] of latencies.entries()) await store.record(randomUUID(), from.getTime() + i, from.getTime() + i + ms);
    await store.record(randomUUID(), from.getTime() - 1, from.getTime() + 5_000); // issued before the window
    const figures = await createFiguresStore(database.db).banDisconnects({ from, to: new Date(from.getTime() + 60_000) });
    expect(figures.count).toBe(5);
    expect(figures.p50Ms).toBeCloseTo(300, 3);
    expect(figures.p99Ms).toBeCloseTo(496, 3);
    const empty = await createFiguresStore(database.db).banDisconnects({ from: new Date(0), to: new Date(1) });
    expect(empty).toEqual({ count: 0, p50Ms: null, p99Ms: null });
  });
});
