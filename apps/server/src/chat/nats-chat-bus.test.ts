import { randomUUID } from "node:crypto";
import { pino } from "pino";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { ChatBus, ChatEvent } from "./chat-bus.js";
import { createNatsChatBus } from "./nats-chat-bus.js";

const natsUrl = process.env.NATS_URL;
const logger = pino({ level: "silent" });

/** Two buses on one broker stand for two nodes. Runs when NATS_URL is set. */
describe.skipIf(!natsUrl)("NATS chat bus", () => {
  let a: ChatBus, b: ChatBus;
  beforeAll(async () => {
    a = await createNatsChatBus(natsUrl!, logger);
    b = await createNatsChatBus(natsUrl!, logger);
  });
  afterAll(async () => {
    await a?.close();
    await b?.close();
  });

  const message = (id: number): ChatEvent => ({ type: "message", message: { id, senderCharacterId: "s", content: `m${id}`, sentAtMs: id } });

  it("delivers messages and control events published on one node to listeners on the other, in order", async () => {
    const channel = { kind: "channel" as const, id: randomUUID() };
    const seen: ChatEvent[] = [];
    const leave = await b.subscribe(channel, (e) => seen.push(e));
    for (let i = 1; i <= 3; i++) await a.publish(channel, message(i));
    await a.publish(channel, { type: "sanctioned", kind: "ban", scope: "channel", scopeId: "c" });
    await a.publish(channel, { type: "deleted" });
    await vi.waitFor(() => expect(seen.length, "five events").toBe(5), { timeout: 5_000 });
    expect(seen).toEqual([message(1), message(2), message(3), { type: "sanctioned", kind: "ban", scope: "channel", scopeId: "c" }, { type: "deleted" }]);
    leave();
  });

  it("keeps topics apart: another channel and direct messages do not leak", async () => {
    const channel = { kind: "channel" as const, id: randomUUID() };
    const direct = { kind: "direct" as const, id: channel.id };
    const onChannel: ChatEvent[] = [];
    const onDirect: ChatEvent[] = [];
    const leaveChannel = await b.subscribe(channel, (e) => onChannel.push(e));
    const leaveDirect = await b.subscribe(direct, (e) => onDirect.push(e));
    await a.publish({ kind: "channel", id: randomUUID() }, message(1));
    await a.publish(direct, message(2));
    await a.publish(channel, message(3));
    await vi.waitFor(() => expect(onChannel.length === 1 && onDirect.length === 1, "one event each").toBe(true), { timeout: 5_000 });
    expect(onChannel).toEqual([message(3)]);
    expect(onDirect).toEqual([message(2)]);
    leaveChannel();
    leaveDirect();
  });

  it("counts local listeners and forgets them on leave; a publisher also hears its own topic", async () => {
    const channel = { kind: "channel" as const, id: randomUUID() };
    const before = a.subscriberCount();
    const heard: ChatEvent[] = [];
    const leaves = await Promise.all(Array.from({ length: 100 }, () => a.subscribe(channel, (e) => heard.push(e))));
    expect(a.subscriberCount()).toBe(before + 100);
    await a.publish(channel, message(7));
    await vi.waitFor(() => expect(heard.length, "100 local deliveries").toBe(100), { timeout: 5_000 });
    for (const leave of leaves) leave();
    expect(a.subscriberCount()).toBe(before);
    // A probe subscribed afterwards hears message 8; a listener still registered would have heard it in the same delivery.
    const probe: ChatEvent[] = [];
    const leaveProbe = await a.subscribe(channel, (e) => probe.push(e));
    await a.publish(channel, message(8));
    await vi.waitFor(() => expect(probe.length, "the probe's delivery").toBe(1), { timeout: 5_000 });
    leaveProbe();
    expect(heard).toHaveLength(100);
  });

  it("answers pings while connected and refuses after close", async () => {
    const bus = await createNatsChatBus(natsUrl!, logger);
    await expect(bus.ping()).resolves.toBeUndefined();
    await bus.close();
    await expect(bus.ping()).rejects.toThrow(/closed/);
  });
});
