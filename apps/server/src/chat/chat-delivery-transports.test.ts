import http from "node:http";
import http2 from "node:http2";
import { getDefaultHighWaterMark } from "node:stream";
import { create, toBinary } from "@bufbuild/protobuf";
import { Code } from "@connectrpc/connect";
import { createConnectTransport, createGrpcTransport } from "@connectrpc/connect-node";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { ConnectChatChannelRequestSchema } from "../gen/sro/chat/chat_pb.js";
import { chatClient, insertChannel, insertCharacter, insertDimension, StreamReader, type ChatClient } from "../test/chat-fixtures.js";
import { startTestServer, type TestServer } from "../test/test-server.js";

/**
 * The same events through the two delivery paths over real transports: gRPC over HTTP/2 takes the lean path (its
 * sink), Connect is iterated. delivery-paths.test.ts holds the re-check timing in its hands; this checks the wire.
 */
describe("chat streams end the same way on both delivery paths", () => {
  let t: TestServer;
  let admin: ChatClient, moderator: ChatClient;
  let dim: string;

  beforeAll(async () => {
    t = await startTestServer();
    admin = chatClient(t.url, t.users.admin.token);
    moderator = chatClient(t.url, t.users.moderator.token);
    dim = await insertDimension(t.server.database.db);
  });
  afterAll(() => t?.close());

  const paths = {
    "gRPC (lean path, sink)": { transport: "grpc", contentType: "application/grpc" },
    "Connect over HTTP/2 (iterated)": { transport: "connect", contentType: "application/connect+proto" },
  } as const;
  type PathName = keyof typeof paths;

  const playerOn = (path: PathName) =>
    chatClient(t.url, t.users.player.token, (interceptors) =>
      paths[path].transport === "grpc"
        ? createGrpcTransport({ baseUrl: t.url, interceptors })
        : createConnectTransport({ baseUrl: t.url, httpVersion: "2", interceptors }),
    );
  const say = async (channelId: string, content: string) => {
    const senderCharacterId = await insertCharacter(t.server.database.db, t.users.admin.sub, dim);
    await admin.sendChatChannelMessage({ channelId, chatMessage: { senderCharacterId, content } });
  };
  const publish = (channelId: string, id: number, content: string) =>
    t.server.bus.publish({ kind: "channel", id: channelId }, { type: "message", message: { id, senderCharacterId: "", content, sentAtMs: Date.now() } });

  /** Runs one event sequence on a fresh channel; returns what the client saw. */
  async function run(path: PathName, events: (channel: string, me: string, reader: StreamReader) => Promise<void>) {
    const channel = await insertChannel(t.server.database.db, { public: true });
    const me = await insertCharacter(t.server.database.db, t.users.player.sub, dim);
    await say(channel, "history");
    const reader = new StreamReader(playerOn(path).connectChatChannel({ channelId: channel, characterId: me, history: true }));
    await reader.waitFor(1);
    await events(channel, me, reader);
    const end = await reader.ended;
    return { delivered: reader.messages.map((m) => m.content), end: end && { code: Code[end.code], message: end.rawMessage } };
  }

  const sequences: Record<string, { events: Parameters<typeof run>[1]; expected: unknown }> = {
    "a re-check that passes, with messages arriving during it, then one that fails": {
      events: async (channel, me, reader) => {
        // Published in one turn: the two messages reach the stream while its re-check is waiting for the database.
        void t.server.bus.publish({ kind: "channel", id: channel }, { type: "access-changed", characterId: me });
        void publish(channel, 1e9, "during 1");
        await publish(channel, 1e9 + 1, "during 2");
        await reader.waitFor(3);
        await admin.editChatChannel({ channelId: channel, public: false });
      },
      expected: { delivered: ["history", "during 1", "during 2"], end: { code: "PermissionDenied", message: expect.stringMatching(/^permission denied/) } },
    },
    "a permanent ban": {
      events: async (channel, me) => {
        await moderator.banCharacterFromChatChannel({ channelId: channel, characterId: me, duration: -1n });
      },
      expected: {
        delivered: ["history"],
        end: {
          code: "PermissionDenied",
          message: "permission denied: this character is permanently banned from this channel. Reason: Banned from the channel in the chat view",
        },
      },
    },
    "the channel's deletion": {
      events: async (channel) => {
        await admin.deleteChatChannel({ id: channel });
      },
      expected: { delivered: ["history"], end: { code: "NotFound", message: expect.stringMatching(/^chat channel .* was deleted$/) } },
    },
  };

  describe.each(Object.keys(sequences))("%s", (name) => {
    it.each(Object.keys(paths) as PathName[])("over %s", async (path) => {
      const { events, expected } = sequences[name]!;
      expect(await run(path, events)).toEqual(expected);
    });
  });

  /** A raw call whose client never reads (a tiny window), until `readAll`: then the status it finally gets. */
  function stalledCall(path: PathName, channelId: string, characterId: string) {
    const session = http2.connect(t.url, { settings: { initialWindowSize: 1024 } });
    const body = toBinary(ConnectChatChannelRequestSchema, create(ConnectChatChannelRequestSchema, { channelId, characterId }));
    const envelope = Buffer.alloc(5 + body.length);
    envelope.writeUInt32BE(body.length, 1);
    envelope.set(body, 5);
    const stream = session.request({
      ":method": "POST",
      ":path": "/sro.chat.ChatService/ConnectChatChannel",
      "content-type": paths[path].contentType,
      te: "trailers",
      authorization: `Bearer ${t.users.player.token}`,
    });
    stream.end(envelope);
    stream.pause();
    return {
      /** Reads everything the server buffered; returns the status at the end (gRPC trailers, Connect's end message). */
      async readAll(): Promise<{ code: string; message: string }> {
        const trailers = new Promise<http2.IncomingHttpHeaders>((resolve) => stream.once("trailers", resolve));
        const chunks: Buffer[] = [];
        for await (const chunk of stream) chunks.push(chunk as Buffer);
        session.destroy();
        if (paths[path].transport === "grpc") {
          const received = await trailers;
          return { code: Code[Number(received["grpc-status"])]!, message: decodeURIComponent(String(received["grpc-message"])) };
        }
        let data = Buffer.concat(chunks);
        for (;;) {
          const length = data.readUInt32BE(1);
          if (data[0] === 2) {
            const { error } = JSON.parse(data.subarray(5, 5 + length).toString()) as { error: { code: string; message: string } };
            return { code: error.code === "resource_exhausted" ? "ResourceExhausted" : error.code, message: error.message };
          }
          data = data.subarray(5 + length);
        }
      },
    };
  }

  it("a REST client that stops reading is cut with the same error (the gateway does not buffer for it)", async () => {
    const channel = await insertChannel(t.server.database.db, { public: true });
    const me = await insertCharacter(t.server.database.db, t.users.player.sub, dim);
    const baseline = t.server.bus.subscriberCount();
    const response = await new Promise<http.IncomingMessage>((resolve, reject) =>
      http
        .get(`${t.url}/v1/message/channel/id/${channel}?characterId=${me}`, { headers: { authorization: `Bearer ${t.users.player.token}` } }, resolve)
        .on("error", reject),
    );
    response.pause();
    await vi.waitFor(() => expect(t.server.bus.subscriberCount(), "stream open").toBe(baseline + 1), { timeout: 15_000 });
    const content = "x".repeat(900);
    let published = 0;
    // One message per turn of the event loop, so the gateway has taken each before the next: what piles up is what
    // the gateway refuses to buffer. The socket's buffers on both ends take their share first (a few MB on loopback).
    while (t.server.bus.subscriberCount() > baseline && published < 40_000) {
      await publish(channel, 3e9 + published++, content);
      await new Promise((resolve) => setImmediate(resolve));
    }
    expect(t.server.bus.subscriberCount()).toBe(baseline);
    let text = "";
    for await (const chunk of response) text += String(chunk);
    const last = JSON.parse(text.trim().split("\n").at(-1)!) as { error: { code: number; message: string } };
    expect(last.error).toEqual({ code: Code.ResourceExhausted, message: "client reads too slowly: more than 1 MiB not taken; reconnect" });
  });

  it.each(Object.keys(paths) as PathName[])("a client that stops reading is cut with the same error over %s", async (path) => {
    const channel = await insertChannel(t.server.database.db, { public: true });
    const baseline = t.server.bus.subscriberCount();
    const call = stalledCall(path, channel, await insertCharacter(t.server.database.db, t.users.player.sub, dim));
    await vi.waitFor(() => expect(t.server.bus.subscriberCount(), "stream open").toBe(baseline + 1), { timeout: 15_000 });
    const content = "x".repeat(900);
    let published = 0;
    // One message per turn of the event loop: the transport takes each before the next if it will.
    while (t.server.bus.subscriberCount() > baseline && published < 6_000) {
      await publish(channel, 2e9 + published++, content);
      await new Promise((resolve) => setImmediate(resolve));
    }
    // 1 MiB of 900-character messages is about 1,100 of them; the transport's own window adds a few, and Node's
    // stream buffers hold more from Node 22 on (default highWaterMark 16 KiB → 64 KiB).
    expect(published).toBeGreaterThan(1_000);
    expect(published).toBeLessThan(1_200 + Math.ceil((getDefaultHighWaterMark(false) - 16_384) / content.length));
    expect(await call.readAll()).toEqual({ code: "ResourceExhausted", message: "client reads too slowly: more than 1 MiB not taken; reconnect" });
  });
});
