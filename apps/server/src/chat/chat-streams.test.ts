import { Code, type Interceptor, type Transport } from "@connectrpc/connect";
import { createConnectTransport, createGrpcTransport, createGrpcWebTransport } from "@connectrpc/connect-node";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { chatClient, insertChannel, insertCharacter, insertDimension, StreamReader, type ChatClient } from "../test/chat-fixtures.js";
import { startTestServer, type TestServer } from "../test/test-server.js";

/** Live streams: every transport, REST NDJSON, bans and access changes cutting open streams, cleanup, shutdown. */
describe("chat streams", () => {
  let t: TestServer;
  let admin: ChatClient, moderator: ChatClient, player: ChatClient;
  let dim: string;

  beforeAll(async () => {
    t = await startTestServer();
    admin = chatClient(t.url, t.users.admin.token);
    moderator = chatClient(t.url, t.users.moderator.token);
    player = chatClient(t.url, t.users.player.token);
    dim = await insertDimension(t.server.database.db);
  });
  afterAll(() => t?.close());

  const myCharacter = () => insertCharacter(t.server.database.db, t.users.player.sub, dim);
  /** Sends as a fresh admin character (so the per-character rate limit never interferes); returns its id. */
  async function say(channelId: string, content: string): Promise<string> {
    const senderCharacterId = await insertCharacter(t.server.database.db, t.users.admin.sub, dim);
    await admin.sendChatChannelMessage({ channelId, chatMessage: { senderCharacterId, content } });
    return senderCharacterId;
  }
  /** A player stream that is known to be live: it has received `first`. */
  async function liveStream(channelId: string, characterId: string, client = player) {
    const abort = new AbortController();
    const reader = new StreamReader(client.connectChatChannel({ channelId, characterId, history: true }, { signal: abort.signal }));
    await say(channelId, "first");
    await reader.waitFor(1);
    return { reader, abort };
  }

  const transports: Record<string, (interceptors: Interceptor[]) => Transport> = {
    "gRPC (h2c)": (interceptors) => createGrpcTransport({ baseUrl: t.url, interceptors }),
    "gRPC-web (HTTP/1.1)": (interceptors) => createGrpcWebTransport({ baseUrl: t.url, httpVersion: "1.1", interceptors }),
    "Connect (HTTP/1.1)": (interceptors) => createConnectTransport({ baseUrl: t.url, httpVersion: "1.1", interceptors }),
    "Connect (HTTP/2)": (interceptors) => createConnectTransport({ baseUrl: t.url, httpVersion: "2", interceptors }),
  };

  it.each(Object.keys(transports))("messages and a permanent ban reach a stream over %s", async (name) => {
    const client = chatClient(t.url, t.users.player.token, transports[name]);
    const channel = await insertChannel(t.server.database.db, { public: true });
    const me = await myCharacter();
    const historian = await say(channel, "history");
    const reader = new StreamReader(client.connectChatChannel({ channelId: channel, characterId: me, history: true }));
    await reader.waitFor(1);
    await client.sendChatChannelMessage({ channelId: channel, chatMessage: { senderCharacterId: me, content: "mine" } });
    expect((await reader.waitFor(2)).map((m) => [m.senderCharacterId, m.content])).toEqual([
      [historian, "history"],
      [me, "mine"],
    ]);
    await moderator.banCharacterFromChatChannel({ channelId: channel, characterId: me, duration: -1n });
    const end = await reader.ended;
    expect(end?.code).toBe(Code.PermissionDenied);
  });

  it("REST streams are NDJSON: one {result} per message, then {error} when a ban ends the stream", async () => {
    const channel = await insertChannel(t.server.database.db, { public: true });
    const me = await myCharacter();
    const historian = await say(channel, "history");
    const res = await fetch(`${t.url}/v1/message/channel/id/${channel}?characterId=${me}&history=true`, {
      headers: { authorization: `Bearer ${t.users.player.token}` },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("application/x-ndjson");
    const lines: string[] = [];
    const reading = (async () => {
      const decoder = new TextDecoder();
      let buffer = "";
      for await (const chunk of res.body!) {
        buffer += decoder.decode(chunk as Uint8Array, { stream: true });
        let newline;
        while ((newline = buffer.indexOf("\n")) >= 0) {
          const line = buffer.slice(0, newline).trim();
          buffer = buffer.slice(newline + 1);
          if (line) lines.push(line);
        }
      }
    })();
    await vi.waitFor(() => expect(lines.length, "history line").toBe(1), { timeout: 15_000 });
    await say(channel, "live");
    await vi.waitFor(() => expect(lines.length, "live line").toBe(2), { timeout: 15_000 });
    await moderator.banCharacterFromChatChannel({ channelId: channel, characterId: me, duration: -1n });
    await reading;
    const parsed = lines.map((l) => JSON.parse(l));
    expect(parsed[0]).toMatchObject({ result: { senderCharacterId: historian, content: "history" } });
    expect(parsed[1]).toMatchObject({ result: { content: "live" } });
    expect(typeof parsed[1].result.sentTimeMs).toBe("string");
    expect(parsed[2]).toMatchObject({ error: { code: Code.PermissionDenied } });
  });

  it("direct messages stream over REST too", async () => {
    const me = await myCharacter();
    const them = await insertCharacter(t.server.database.db, t.users.otherPlayer.sub, dim);
    const abort = new AbortController();
    const res = await fetch(`${t.url}/v1/message/character/id/${me}`, { headers: { authorization: `Bearer ${t.users.player.token}` }, signal: abort.signal });
    expect(res.status).toBe(200);
    const reader = res.body!.getReader();
    await chatClient(t.url, t.users.otherPlayer.token).sendDirectMessage({ characterId: me, chatMessage: { senderCharacterId: them, content: "psst" } });
    const { value } = await reader.read();
    expect(JSON.parse(new TextDecoder().decode(value).trim())).toMatchObject({ result: { senderCharacterId: them, content: "psst" } });
    abort.abort();
  });

  it("REST stream errors before the first message are plain HTTP errors", async () => {
    const channel = await insertChannel(t.server.database.db);
    const res = await fetch(`${t.url}/v1/message/channel/id/${channel}?characterId=${await myCharacter()}`, {
      headers: { authorization: `Bearer ${t.users.player.token}` },
    });
    expect(res.status).toBe(403);
  });

  it("a quiet REST stream (no history) still gets its 200 within about a second, then messages", async () => {
    const channel = await insertChannel(t.server.database.db, { public: true });
    const abort = new AbortController();
    const started = performance.now();
    const res = await fetch(`${t.url}/v1/message/channel/id/${channel}?characterId=${await myCharacter()}&history=true`, {
      headers: { authorization: `Bearer ${t.users.player.token}` },
      signal: abort.signal,
    });
    expect(res.status).toBe(200);
    expect(performance.now() - started).toBeLessThan(2_000);
    const reader = res.body!.getReader();
    await say(channel, "now");
    const { value } = await reader.read();
    expect(JSON.parse(new TextDecoder().decode(value))).toMatchObject({ result: { content: "now" } });
    abort.abort();
  });

  it("a permanent ban on a public channel cuts the live stream within 1 s", async () => {
    const channel = await insertChannel(t.server.database.db, { public: true });
    const me = await myCharacter();
    const { reader } = await liveStream(channel, me);
    const started = performance.now();
    await moderator.banCharacterFromChatChannel({ channelId: channel, characterId: me, duration: -1n });
    const end = await reader.ended;
    expect(performance.now() - started).toBeLessThan(1_000);
    expect(end?.code).toBe(Code.PermissionDenied);
    expect(end?.rawMessage).toMatch(/permanently banned/);
  });

  it("a temporary ban ends the stream too (a chat ban stops reading); lifting it lets the character back in", async () => {
    const channel = await insertChannel(t.server.database.db, { public: true });
    const me = await myCharacter();
    const { reader } = await liveStream(channel, me);
    await moderator.banCharacterFromChatChannel({ channelId: channel, characterId: me, duration: 60n });
    const ended = await reader.ended;
    expect(ended?.code).toBe(Code.PermissionDenied);
    expect(ended?.rawMessage).toMatch(/banned from this channel for another/);
    await moderator.banCharacterFromChatChannel({ channelId: channel, characterId: me, duration: 0n });
    const { reader: again, abort } = await liveStream(channel, me);
    await player.sendChatChannelMessage({ channelId: channel, chatMessage: { senderCharacterId: me, content: "back" } });
    // History (the first greeting), the second greeting, then its own message.
    expect((await again.waitFor(3)).map((m) => m.content)).toEqual(["first", "first", "back"]);
    abort.abort();
  });

  it("a ban of one character leaves the other streams of the channel alone", async () => {
    const channel = await insertChannel(t.server.database.db, { public: true });
    const [me, alsoMe] = [await myCharacter(), await myCharacter()];
    const banned = await liveStream(channel, me);
    const bystander = new StreamReader(player.connectChatChannel({ channelId: channel, characterId: alsoMe, history: true }));
    await bystander.waitFor(1);
    await moderator.banCharacterFromChatChannel({ channelId: channel, characterId: me, duration: -1n });
    expect((await banned.reader.ended)?.code).toBe(Code.PermissionDenied);
    await say(channel, "after");
    expect((await bystander.waitFor(2)).map((m) => m.content)).toEqual(["first", "after"]);
  });

  it("making a channel private, or moving it to another dimension, ends streams that lost access", async () => {
    const db = t.server.database.db;
    const channel = await insertChannel(db, { public: true });
    const me = await myCharacter();
    const authorized = await myCharacter();
    await admin.setCharacterChatChannelAuth({ characterId: authorized, ids: [channel] });
    const { reader } = await liveStream(channel, me);
    const keeper = new StreamReader(player.connectChatChannel({ channelId: channel, characterId: authorized, history: true }));
    await keeper.waitFor(1);
    await admin.editChatChannel({ channelId: channel, public: false });
    expect((await reader.ended)?.code).toBe(Code.PermissionDenied);
    await say(channel, "authorized only");
    await keeper.waitFor(2);

    const scoped = await insertChannel(db, { public: true, dimensionId: dim });
    const second = await liveStream(scoped, me);
    await admin.editChatChannel({ channelId: scoped, dimension: await insertDimension(db) });
    expect((await second.reader.ended)?.code).toBe(Code.PermissionDenied);
  });

  it("removing a character's authorization ends its stream on that channel", async () => {
    const channel = await insertChannel(t.server.database.db);
    const me = await myCharacter();
    await admin.setCharacterChatChannelAuth({ characterId: me, ids: [channel] });
    const { reader } = await liveStream(channel, me);
    await admin.updateCharacterChatChannelAuth({ characterId: me, add: false, ids: [channel] });
    expect((await reader.ended)?.code).toBe(Code.PermissionDenied);
  });

  it("1,000 streams opened and closed leave no subscription behind", async () => {
    const channel = await insertChannel(t.server.database.db, { public: true });
    const me = await myCharacter();
    const baseline = t.server.bus.subscriberCount();
    // One HTTP/2 connection multiplexes them all, as a real client fleet behind a proxy would.
    const client = chatClient(t.url, t.users.player.token);
    const aborts = Array.from({ length: 1_000 }, () => new AbortController());
    const readers = aborts.map(
      (abort) => new StreamReader(client.connectChatChannel({ channelId: channel, characterId: me, history: true }, { signal: abort.signal })),
    );
    await vi.waitFor(() => expect(t.server.bus.subscriberCount(), "1,000 subscriptions").toBe(baseline + 1_000), { timeout: 20_000 });
    await say(channel, "to all");
    await Promise.all(readers.map((r) => r.waitFor(1, 20_000)));
    for (const abort of aborts) abort.abort();
    await vi.waitFor(() => expect(t.server.bus.subscriberCount(), "subscriptions released").toBe(baseline), { timeout: 10_000 });
    expect(t.server.bus.subscriberCount()).toBe(baseline);
  }, 240_000);

  it("a REST client that goes away frees its subscription", async () => {
    const channel = await insertChannel(t.server.database.db, { public: true });
    const baseline = t.server.bus.subscriberCount();
    const abort = new AbortController();
    const res = fetch(`${t.url}/v1/message/channel/id/${channel}?characterId=${await myCharacter()}`, {
      headers: { authorization: `Bearer ${t.users.player.token}` },
      signal: abort.signal,
    }).catch(() => undefined);
    await vi.waitFor(() => expect(t.server.bus.subscriberCount(), "subscription").toBe(baseline + 1), { timeout: 15_000 });
    abort.abort();
    await res;
    await vi.waitFor(() => expect(t.server.bus.subscriberCount(), "subscription released").toBe(baseline), { timeout: 15_000 });
  });
});

describe("chat streams at shutdown", () => {
  let t: TestServer;
  beforeAll(async () => {
    t = await startTestServer();
  });

  it("end with UNAVAILABLE so clients reconnect elsewhere", async () => {
    try {
      const db = t.server.database.db;
      const channel = await insertChannel(db, { public: true });
      const me = await insertCharacter(db, t.users.player.sub, await insertDimension(db));
      const reader = new StreamReader(chatClient(t.url, t.users.player.token).connectChatChannel({ channelId: channel, characterId: me, history: true }));
      await vi.waitFor(() => expect(t.server.bus.subscriberCount(), "subscription").toBe(1), { timeout: 15_000 });
      const closing = t.server.close();
      expect((await reader.ended)?.code).toBe(Code.Unavailable);
      await closing;
    } finally {
      await t.close();
    }
  });
});
