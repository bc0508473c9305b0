import { randomUUID } from "node:crypto";
import { pino } from "pino";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { testMessage, type TestEvent } from "../../test/bus-test-events.js";
import type { ClusterBus } from "./cluster-bus.js";
import { createNatsBus } from "./nats-bus.js";

const natsUrl = process.env.NATS_URL;
const logger = pino({ level: "silent" });

/** Two buses on one broker stand for two nodes. Runs when NATS_URL is set. */
describe.skipIf(!natsUrl)("NATS cluster bus", () => {
  let a: ClusterBus<TestEvent>, b: ClusterBus<TestEvent>;
  beforeAll(async () => {
    a = await createNatsBus(natsUrl!, logger);
    b = await createNatsBus(natsUrl!, logger);
  });
  afterAll(async () => {
    await a?.close();
    await b?.close();
  });

  const message = (id: number) => testMessage(id);

  it("delivers messages and control events published on one node to listeners on the other, in order", async () => {
    const channel = { kind: "channel" as const, id: randomUUID() };
    const seen: TestEvent[] = [];
    const leave = await b.subscribe(channel, (e) => seen.push(e));
    for (let i = 1; i <= 3; i++) await a.publish(channel, message(i));
    await a.publish(channel, { type: "sanctioned", kind: "ban", scope: "channel", scopeId: "c" });
    await a.publish(channel, { type: "deleted" });
    await vi.waitFor(() => expect(seen.length === 5).toBe(true), { timeout: 15_000 });
    expect(seen).toEqual([message(1), message(2), message(3), { type: "sanctioned", kind: "ban", scope: "channel", scopeId: "c" }, { type: "deleted" }]);
    leave();
  });

  it("keeps topics apart: another channel and direct messages do not leak", async () => {
    const channel = { kind: "channel" as const, id: randomUUID() };
    const direct = { kind: "direct" as const, id: channel.id };
    const onChannel: TestEvent[] = [];
    const onDirect: TestEvent[] = [];
    const leaveChannel = await b.subscribe(channel, (e) => onChannel.push(e));
    const leaveDirect = await b.subscribe(direct, (e) => onDirect.push(e));
    await a.publish({ kind: "channel", id: randomUUID() }, message(1));
    await a.publish(direct, message(2));
    await a.publish(channel, message(3));
    await vi.waitFor(() => expect(onChannel.length === 1 && onDirect.length === 1).toBe(true), { timeout: 15_000 });
    expect(onChannel).toEqual([message(3)]);
    expect(onDirect).toEqual([message(2)]);
    leaveChannel();
    leaveDirect();
  });

  it("counts local listeners and forgets them on leave; a publisher also hears its own topic", async () => {
    const channel = { kind: "channel" as const, id: randomUUID() };
    const before = a.subscriberCount();
    const heard: TestEvent[] = [];
    const leaves = await Promise.all(Array.from({ length: 100 }, () => a.subscribe(channel, (e) => heard.push(e))));
    expect(a.subscriberCount()).toBe(before + 100);
    await a.publish(channel, message(7));
    await vi.waitFor(() => expect(heard.length === 100).toBe(true), { timeout: 15_000 });
    for (const leave of leaves) leave();
    expect(a.subscriberCount()).toBe(before);
    // A probe subscribed afterwards hears message 8; a listener still registered would have heard it in the same delivery.
    const probe: TestEvent[] = [];
    const leaveProbe = await a.subscribe(channel, (e) => probe.push(e));
    await a.publish(channel, message(8));
    await vi.waitFor(() => expect(probe.length === 1).toBe(true), { timeout: 15_000 });
    leaveProbe();
    expect(heard).toHaveLength(100);
  });

  it("answers pings while connected and refuses after close", async () => {
    const bus = await createNatsBus(natsUrl!, logger);
    await expect(bus.ping()).resolves.toBeUndefined();
    await bus.close();
    await expect(bus.ping()).rejects.toThrow(/closed/);
  });
});
