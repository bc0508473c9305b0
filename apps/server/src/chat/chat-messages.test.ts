import { Code, ConnectError } from "@connectrpc/connect";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { chatClient, codeOf, insertChannel, insertCharacter, insertDimension, StreamReader, type ChatClient } from "../test/chat-fixtures.js";
import { startTestServer, storageBackends, type TestServer } from "../test/test-server.js";

/** Messages: content limits, server time, storage before fan-out, rate limit, history, direct messages. */
describe.each(storageBackends)("chat messages (%s)", (backend) => {
  let t: TestServer;
  let admin: ChatClient, player: ChatClient, other: ChatClient;
  let dim: string;
  const newCharacter = (owner: "player" | "otherPlayer" | "admin", dimensionId = dim) => insertCharacter(t.server.database.db, t.users[owner].sub, dimensionId);

  beforeAll(async () => {
    t = await startTestServer({ backend });
    admin = chatClient(t.url, t.users.admin.token);
    player = chatClient(t.url, t.users.player.token);
    other = chatClient(t.url, t.users.otherPlayer.token);
    dim = await insertDimension(t.server.database.db);
  });
  afterAll(() => t?.close());

  const send = (client: ChatClient, channelId: string, senderCharacterId: string, content: string, sentTimeMs = 0n) =>
    client.sendChatChannelMessage({ channelId, chatMessage: { senderCharacterId, content, sentTimeMs } });

  it("content is trimmed and stamped with server time; the client's time is ignored; it is stored before the send returns", async () => {
    const channel = await insertChannel(t.server.database.db, { public: true });
    const me = await newCharacter("player");
    const before = Date.now();
    await send(player, channel, me, "   hello there \n", 1234n);
    const after = Date.now();
    // Stored before fan-out: the logs hold it as soon as the send returned.
    const logs = await admin.getChatLogs({ channelId: channel });
    expect(logs.total).toBe(1n);
    expect(logs.logs[0]).toMatchObject({ content: "hello there", senderId: me, channelId: channel });
    // A stream's history carries the millisecond server time.
    const abort = new AbortController();
    const reader = new StreamReader(player.connectChatChannel({ channelId: channel, characterId: me, history: true }, { signal: abort.signal }));
    const [message] = await reader.waitFor(1);
    abort.abort();
    expect(Number(message!.sentTimeMs)).toBeGreaterThanOrEqual(before);
    expect(Number(message!.sentTimeMs)).toBeLessThanOrEqual(after);
    expect(Number(logs.logs[0]!.sentAt)).toBe(Math.floor(Number(message!.sentTimeMs) / 1000));
  });

  it("1000 characters pass, 1001 and empty ones are INVALID_ARGUMENT", async () => {
    const channel = await insertChannel(t.server.database.db, { public: true });
    const me = await newCharacter("player");
    expect(await codeOf(send(player, channel, me, "x".repeat(1000)))).toBe("ok");
    expect(await codeOf(send(player, channel, me, "x".repeat(1001)))).toBe(Code.InvalidArgument);
    expect(await codeOf(send(player, channel, me, "   "))).toBe(Code.InvalidArgument);
    expect(await codeOf(player.sendChatChannelMessage({ channelId: channel }))).toBe(Code.InvalidArgument);
    expect((await admin.getChatLogs({ channelId: channel })).total).toBe(1n);
  });

  it("a character sending faster than 5/s past a burst of 10 gets RESOURCE_EXHAUSTED; others are unaffected", async () => {
    const channel = await insertChannel(t.server.database.db, { public: true });
    const me = await newCharacter("player");
    // Sends take real time (refilling the bucket a little), so send until refused rather than counting exactly.
    let accepted = 0;
    let refusal: ConnectError | undefined;
    while (!refusal && accepted < 30) {
      await send(player, channel, me, `m${accepted}`).then(
        () => accepted++,
        (e: unknown) => (refusal = ConnectError.from(e)),
      );
    }
    expect(accepted).toBeGreaterThanOrEqual(10);
    expect(accepted).toBeLessThan(20);
    expect(refusal?.code).toBe(Code.ResourceExhausted);
    expect(refusal?.rawMessage).toMatch(/too many messages.*try again in/);
    expect(await codeOf(send(other, channel, await newCharacter("otherPlayer"), "hi"))).toBe("ok");
    // The bucket refills at 5/s: a send goes through again within a few hundred ms (refused tries take no token).
    await vi.waitFor(async () => expect(await codeOf(send(player, channel, me, "later"))).toBe("ok"), { timeout: 15_000, interval: 50 });
  });

  it("a stream first replays the last 50 messages, oldest first, then live ones", async () => {
    const channel = await insertChannel(t.server.database.db, { public: true });
    const senders = await Promise.all(Array.from({ length: 6 }, () => newCharacter("admin")));
    for (let i = 0; i < 55; i++) await send(admin, channel, senders[Math.floor(i / 10)]!, `m${i}`);
    const abort = new AbortController();
    const reader = new StreamReader(
      player.connectChatChannel({ channelId: channel, characterId: await newCharacter("player"), history: true }, { signal: abort.signal }),
    );
    await reader.waitFor(50);
    await send(admin, channel, senders[5]!, "live");
    const messages = await reader.waitFor(51);
    abort.abort();
    expect(messages.map((m) => m.content)).toEqual([...Array.from({ length: 50 }, (_, i) => `m${i + 5}`), "live"]);
  });

  it("direct messages: own stream only, same dimension only, history then live", async () => {
    const me = await newCharacter("player");
    const them = await newCharacter("otherPlayer");
    const far = await newCharacter("otherPlayer", await insertDimension(t.server.database.db));
    const dm = (client: ChatClient, from: string, to: string, content: string) =>
      codeOf(client.sendDirectMessage({ characterId: to, chatMessage: { senderCharacterId: from, content } }));

    expect(await dm(other, them, me, "  before you connected ")).toBe("ok");
    const abort = new AbortController();
    const reader = new StreamReader(player.connectDirectMessages({ id: me }, { signal: abort.signal }));
    await reader.waitFor(1);
    expect(await dm(other, them, me, "live")).toBe("ok");
    const messages = await reader.waitFor(2);
    abort.abort();
    expect(messages.map((m) => [m.senderCharacterId, m.content])).toEqual([
      [them, "before you connected"],
      [them, "live"],
    ]);

    expect(await dm(player, me, far, "across dimensions")).toBe(Code.PermissionDenied);
    // A missing target looks like a foreign one to players; staff learn it is missing.
    expect(await dm(player, me, "00000000-0000-4000-8000-000000000000", "x")).toBe(Code.PermissionDenied);
    expect(await dm(admin, me, "00000000-0000-4000-8000-000000000000", "x")).toBe(Code.NotFound);
    // Someone else's character can neither send nor listen.
    expect(await dm(player, them, me, "impostor")).toBe(Code.PermissionDenied);
    const spy = new StreamReader(player.connectDirectMessages({ id: them }));
    expect((await spy.ended)?.code).toBe(Code.PermissionDenied);
    expect(await dm(player, me, them, "x".repeat(1001))).toBe(Code.InvalidArgument);
  });
});
