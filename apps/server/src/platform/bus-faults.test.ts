import { Code } from "@connectrpc/connect";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { chatClient, insertChannel, insertCharacter, insertDimension, StreamReader } from "../test/chat-fixtures.js";
import { startTcpProxy, type TcpProxy } from "../test/tcp-proxy.js";
import type { TestServer } from "../test/test-server.js";
import { startTwoNodes, twoNodesAvailable, type TwoNodes } from "../test/two-nodes.js";

const natsUrl = process.env.NATS_URL;

/**
 * NATS going away (a TCP relay in front of the real broker, cut and restored). Sends degrade instead of
 * failing — the message is stored and acknowledged (docs/chat.md) — /readyz says the bus is down, and fan-out
 * across nodes comes back by itself. Nothing acknowledged is lost.
 */
describe.skipIf(!twoNodesAvailable)("NATS outage", () => {
  let proxy: TcpProxy;
  let nodes: TwoNodes;
  let a: TestServer, b: TestServer;

  beforeAll(async () => {
    const broker = new URL(natsUrl!);
    proxy = await startTcpProxy(broker.hostname, Number(broker.port || 4222));
    nodes = await startTwoNodes(`nats://127.0.0.1:${proxy.port}`);
    ({ a, b } = nodes);
  });
  afterAll(async () => {
    await nodes?.close();
    await proxy?.close();
  });

  it("sends are still acknowledged and stored, readiness reports the bus, and cross-node delivery recovers", async () => {
    const db = a.server.database.db;
    const dimensionId = await insertDimension(db);
    const channelId = await insertChannel(db, { public: true });
    const speaker = await insertCharacter(db, a.users.admin.sub, dimensionId);
    const listener = await insertCharacter(db, b.users.player.sub, dimensionId);
    const adminOnA = chatClient(a.url, a.users.admin.token);
    const send = (content: string) => adminOnA.sendChatChannelMessage({ channelId, chatMessage: { senderCharacterId: speaker, content } });

    proxy.cut();
    // Once the client has seen its socket close, readiness reports the bus down.
    await vi.waitFor(
      async () => {
        const ready = await fetch(`${a.url}/readyz`);
        expect(ready.status).toBe(503);
        expect(await ready.json()).toMatchObject({ checks: { database: "ok", bus: "unavailable" } });
      },
      { timeout: 10_000, interval: 20 },
    );
    await expect(send("during the outage")).resolves.toBeDefined();

    proxy.restore();
    await vi.waitFor(
      async () => {
        expect((await fetch(`${a.url}/readyz`)).status, "node A reports the bus back").toBe(200);
        expect((await fetch(`${b.url}/readyz`)).status, "node B reports the bus back").toBe(200);
      },
      { timeout: 15_000, interval: 20 },
    );
    // A client on B that (re)connects gets what was acknowledged during the outage from history, then live messages.
    const onB = new StreamReader(chatClient(b.url, b.users.player.token).connectChatChannel({ channelId, characterId: listener, history: true }));
    await onB.waitFor(1);
    expect(onB.messages[0]?.content).toBe("during the outage");
    await send("after the outage");
    await onB.waitFor(2, 10_000);
    expect(onB.messages.map((m) => m.content)).toEqual(["during the outage", "after the outage"]);
    const logs = await adminOnA.getChatLogs({ channelId });
    expect(logs.logs.map((l) => l.content).sort()).toEqual(["after the outage", "during the outage"]);
  });

  it("open streams end with UNAVAILABLE when their node loses the bus; resuming after the last id misses nothing", async () => {
    const db = a.server.database.db;
    const dimensionId = await insertDimension(db);
    const channelId = await insertChannel(db, { public: true });
    const speaker = await insertCharacter(db, a.users.admin.sub, dimensionId);
    const listener = await insertCharacter(db, b.users.player.sub, dimensionId);
    const adminOnA = chatClient(a.url, a.users.admin.token);
    const send = (content: string) => adminOnA.sendChatChannelMessage({ channelId, chatMessage: { senderCharacterId: speaker, content } });
    const openOnB = (request: { afterMessageId?: string }) =>
      new StreamReader(chatClient(b.url, b.users.player.token).connectChatChannel({ channelId, characterId: listener, ...request }));

    const stayed = openOnB({});
    await send("before the outage");
    await stayed.waitFor(1, 10_000);

    proxy.cut();
    const during = ["during 1", "during 2", "during 3"];
    for (const content of during) await send(content);
    // The stream that stayed open learns that it may have missed messages, instead of staying silently open.
    const end = await stayed.ended;
    expect({ code: end && Code[end.code], message: end?.rawMessage }).toEqual({
      code: "Unavailable",
      message: "chat bus connection lost, messages may have been missed: reconnect (resume after your last message id)",
    });

    proxy.restore();
    // Both nodes: B to receive, and A because it publishes "after the outage" (a node without its bus stores and
    // acknowledges a send but cannot fan it out).
    await vi.waitFor(
      async () => {
        expect((await fetch(`${a.url}/readyz`)).status, "node A reports the bus back").toBe(200);
        expect((await fetch(`${b.url}/readyz`)).status, "node B reports the bus back").toBe(200);
      },
      { timeout: 15_000, interval: 20 },
    );
    const resumed = openOnB({ afterMessageId: stayed.messages.at(-1)!.id });
    await resumed.waitFor(during.length, 10_000);
    await send("after the outage");
    await resumed.waitFor(during.length + 1, 10_000);
    // Every acknowledged message reached this client exactly once, in order.
    const seen = [...stayed.messages, ...resumed.messages].map((m) => m.content);
    expect(seen).toEqual(["before the outage", ...during, "after the outage"]);
    expect((await adminOnA.getChatLogs({ channelId })).logs.map((l) => l.content).reverse()).toEqual(seen);
  });
});
