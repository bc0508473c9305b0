import { Code, createClient } from "@connectrpc/connect";
import { createConnectTransport } from "@connectrpc/connect-node";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { CharacterService } from "../gen/sro/character/character_pb.js";
import { chatClient, codeOf, insertChannel, insertCharacter, insertDimension, StreamReader, type ChatClient } from "../test/chat-fixtures.js";
import type { TestServer } from "../test/test-server.js";
import { startTwoNodes, twoNodesAvailable, type TwoNodes } from "../test/two-nodes.js";
import { historyClient } from "../test/history-clients.js";
import { bearer } from "../test/bearer.js";

/**
 * Scaling past one machine: two nodes sharing one PostgreSQL database and one NATS. A stream open on B
 * sees what happens through A. Runs when NATS_URL and DATABASE_URL are set.
 */
describe.skipIf(!twoNodesAvailable)("chat across two nodes (NATS + PostgreSQL)", () => {
  let nodes: TwoNodes;
  let a: TestServer, b: TestServer;
  let adminOnA: ChatClient, playerOnB: ChatClient;
  let dim: string, speaker: string;

  beforeAll(async () => {
    nodes = await startTwoNodes();
    ({ a, b } = nodes);
    adminOnA = chatClient(a.url, a.users.admin.token);
    playerOnB = chatClient(b.url, b.users.player.token);
    dim = await insertDimension(a.server.database.db);
    speaker = await insertCharacter(a.server.database.db, a.users.admin.sub, dim);
  });
  afterAll(async () => {
    await nodes?.close();
  });

  async function streamOnB(channelId: string, notices = false) {
    const me = await insertCharacter(b.server.database.db, b.users.player.sub, dim);
    const before = b.server.bus.subscriberCount();
    const reader = new StreamReader(playerOnB.connectChatChannel({ channelId, characterId: me, notices, history: true }));
    await vi.waitFor(() => expect(b.server.bus.subscriberCount(), "stream on B").toBe(before + 1), { timeout: 15_000 });
    return { me, reader };
  }

  it("both nodes report the bus in /readyz", async () => {
    for (const node of [a, b]) {
      const res = await fetch(`${node.url}/readyz`);
      expect(res.status).toBe(200);
      expect(await res.json()).toMatchObject({ checks: { database: "ok", bus: "ok" } });
    }
  });

  it("a message sent through A reaches a stream on B", async () => {
    const channel = await insertChannel(a.server.database.db, { public: true });
    const { reader } = await streamOnB(channel);
    await adminOnA.sendChatChannelMessage({ channelId: channel, chatMessage: { senderCharacterId: speaker, content: "from A" } });
    const [message] = await reader.waitFor(1);
    expect(message).toMatchObject({ senderCharacterId: speaker, content: "from A" });
  });

  it("a permanent ban through A cuts a stream on B within 1 s", async () => {
    const channel = await insertChannel(a.server.database.db, { public: true });
    const { me, reader } = await streamOnB(channel);
    await adminOnA.sendChatChannelMessage({ channelId: channel, chatMessage: { senderCharacterId: speaker, content: "are you there" } });
    await reader.waitFor(1);
    const started = performance.now();
    await adminOnA.banCharacterFromChatChannel({ channelId: channel, characterId: me, duration: -1n });
    expect((await reader.ended)?.code).toBe(Code.PermissionDenied);
    expect(performance.now() - started).toBeLessThan(1_000);
    // B reads the ban from the shared database too.
    const send = playerOnB.sendChatChannelMessage({ channelId: channel, chatMessage: { senderCharacterId: me, content: "x" } });
    await expect(send).rejects.toThrow(/permanently banned/);
  });

  it("a message deleted through A leaves a notices stream on B at once; a plain stream on B gets no notice", async () => {
    const channel = await insertChannel(a.server.database.db, { public: true });
    const asking = await streamOnB(channel, true);
    const plain = await streamOnB(channel);
    await adminOnA.sendChatChannelMessage({ channelId: channel, chatMessage: { senderCharacterId: speaker, content: "rude" } });
    const [sent] = await asking.reader.waitFor(1);
    await plain.reader.waitFor(1);
    expect(sent!.id).toMatch(/^[1-9]\d*$/);
    await historyClient(a.url, a.users.moderator.token).deleteChatMessage({ id: sent!.id, reason: "Insults" });
    const [, notice] = await asking.reader.waitFor(2);
    expect(notice!.notice?.deletedMessageIds).toEqual([sent!.id]);
    await adminOnA.sendChatChannelMessage({ channelId: channel, chatMessage: { senderCharacterId: speaker, content: "next" } });
    expect((await plain.reader.waitFor(2)).map((m) => m.content)).toEqual(["rude", "next"]);
  });

  it("deleting the channel through A ends the stream on B", async () => {
    const channel = await insertChannel(a.server.database.db, { public: true });
    const { reader } = await streamOnB(channel);
    await adminOnA.sendChatChannelMessage({ channelId: channel, chatMessage: { senderCharacterId: speaker, content: "bye" } });
    await reader.waitFor(1);
    await adminOnA.deleteChatChannel({ id: channel });
    expect((await reader.ended)?.code).toBe(Code.NotFound);
  });

  it("B remembers what let a character send; bans, lifts, authorization changes and deletions through A still count on B's next send", async () => {
    const send = (channelId: string, characterId: string) =>
      playerOnB.sendChatChannelMessage({ channelId, chatMessage: { senderCharacterId: characterId, content: "x" } });
    const channel = await insertChannel(a.server.database.db, { public: true });
    const me = await insertCharacter(b.server.database.db, b.users.player.sub, dim);
    await send(channel, me);
    await adminOnA.banCharacterFromChatChannel({ channelId: channel, characterId: me, duration: 60n });
    await expect(send(channel, me)).rejects.toThrow(/banned from this channel for another/);
    await adminOnA.banCharacterFromChatChannel({ channelId: channel, characterId: me, duration: 0n });
    await send(channel, me);

    const secret = await insertChannel(a.server.database.db);
    await adminOnA.updateCharacterChatChannelAuth({ characterId: me, add: true, ids: [secret] });
    await send(secret, me);
    await adminOnA.updateCharacterChatChannelAuth({ characterId: me, add: false, ids: [secret] });
    expect(await codeOf(send(secret, me))).toBe(Code.PermissionDenied);

    await adminOnA.deleteChatChannel({ id: channel });
    expect(await codeOf(send(channel, me))).toBe(Code.PermissionDenied);
    const elsewhere = await insertChannel(a.server.database.db, { public: true });
    await send(elsewhere, me);
    await createClient(
      CharacterService,
      createConnectTransport({ baseUrl: a.url, httpVersion: "2", interceptors: [bearer(a.users.admin.token)] }),
    ).deleteCharacter({ id: me });
    expect(await codeOf(send(elsewhere, me))).toBe(Code.PermissionDenied);
  });

  it("deleting a character through A ends its stream on B", async () => {
    const channel = await insertChannel(a.server.database.db, { public: true });
    const { me, reader } = await streamOnB(channel);
    await adminOnA.sendChatChannelMessage({ channelId: channel, chatMessage: { senderCharacterId: speaker, content: "hello" } });
    await reader.waitFor(1);
    await createClient(
      CharacterService,
      createConnectTransport({ baseUrl: a.url, httpVersion: "2", interceptors: [bearer(a.users.admin.token)] }),
    ).deleteCharacter({ id: me });
    expect((await reader.ended)?.code).toBe(Code.NotFound);
  });

  it("a direct message sent through B reaches a stream on A", async () => {
    const target = await insertCharacter(a.server.database.db, a.users.player.sub, dim);
    const sender = await insertCharacter(b.server.database.db, b.users.player.sub, dim);
    const before = a.server.bus.subscriberCount();
    const reader = new StreamReader(chatClient(a.url, a.users.player.token).connectDirectMessages({ id: target }));
    await vi.waitFor(() => expect(a.server.bus.subscriberCount(), "stream on A").toBe(before + 1), { timeout: 15_000 });
    await playerOnB.sendDirectMessage({ characterId: target, chatMessage: { senderCharacterId: sender, content: "psst" } });
    expect((await reader.waitFor(1))[0]).toMatchObject({ senderCharacterId: sender, content: "psst" });
  });
});
