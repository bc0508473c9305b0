import http2 from "node:http2";
import { create, toBinary } from "@bufbuild/protobuf";
import { Code } from "@connectrpc/connect";
import { createGrpcTransport } from "@connectrpc/connect-node";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { ConnectChatChannelRequestSchema } from "../gen/sro/chat/chat_pb.js";
import { chatClient, insertChannel, insertCharacter, insertDimension, StreamReader, type ChatClient } from "../test/chat-fixtures.js";
import { metricsText, startTestServer, type TestServer } from "../test/test-server.js";

/**
 * Chat streams over gRPC/HTTP2 take the lean path (platform/rpc/grpc-lean-path.ts): same interceptors, same
 * handler, bytes encoded once per message. These check what that path must keep.
 */
describe("chat streams over the lean gRPC path", () => {
  let t: TestServer;
  let grpcPlayer: ChatClient, admin: ChatClient;
  let dim: string;

  beforeAll(async () => {
    t = await startTestServer();
    grpcPlayer = chatClient(t.url, t.users.player.token, (interceptors) => createGrpcTransport({ baseUrl: t.url, interceptors }));
    admin = chatClient(t.url, t.users.admin.token);
    dim = await insertDimension(t.server.database.db);
  });
  afterAll(() => t?.close());

  const myCharacter = () => insertCharacter(t.server.database.db, t.users.player.sub, dim);

  /** A raw HTTP/2 gRPC call: what headers and trailers does the server send? */
  function rawCall(channelId: string, characterId: string, token?: string) {
    const session = http2.connect(t.url);
    const body = toBinary(ConnectChatChannelRequestSchema, create(ConnectChatChannelRequestSchema, { channelId, characterId }));
    const envelope = Buffer.alloc(5 + body.length);
    envelope.writeUInt32BE(body.length, 1);
    envelope.set(body, 5);
    const stream = session.request({
      ":method": "POST",
      ":path": "/sro.chat.ChatService/ConnectChatChannel",
      "content-type": "application/grpc",
      te: "trailers",
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    });
    stream.end(envelope);
    const headers = new Promise<http2.IncomingHttpHeaders>((resolve) => stream.once("response", resolve));
    const trailers = new Promise<http2.IncomingHttpHeaders>((resolve) => stream.once("trailers", resolve));
    stream.resume();
    return { headers, trailers, close: () => session.destroy() };
  }

  it("sends headers at once, even on a quiet channel", async () => {
    const channel = await insertChannel(t.server.database.db, { public: true });
    const call = rawCall(channel, await myCharacter(), t.users.player.token);
    const headers = await call.headers;
    expect(headers[":status"]).toBe(200);
    expect(headers["content-type"]).toBe("application/grpc");
    call.close();
  });

  it("answers UNAUTHENTICATED and PERMISSION_DENIED in trailers, like Connect does", async () => {
    const secret = await insertChannel(t.server.database.db);
    const me = await myCharacter();
    const anonymous = rawCall(secret, me);
    expect((await anonymous.trailers)["grpc-status"]).toBe(String(Code.Unauthenticated));
    anonymous.close();
    const denied = rawCall(secret, me, t.users.player.token);
    const trailers = await denied.trailers;
    expect(trailers["grpc-status"]).toBe(String(Code.PermissionDenied));
    expect(decodeURIComponent(String(trailers["grpc-message"]))).toMatch(/may not use this channel/);
    denied.close();
  });

  it("delivers history then live messages to many streams; closing them frees every subscription", async () => {
    const channel = await insertChannel(t.server.database.db, { public: true });
    const me = await myCharacter();
    const speaker = await insertCharacter(t.server.database.db, t.users.admin.sub, dim);
    await admin.sendChatChannelMessage({ channelId: channel, chatMessage: { senderCharacterId: speaker, content: "before" } });
    const baseline = t.server.bus.subscriberCount();
    const aborts = Array.from({ length: 200 }, () => new AbortController());
    const readers = aborts.map(
      (a) => new StreamReader(grpcPlayer.connectChatChannel({ channelId: channel, characterId: me, history: true }, { signal: a.signal })),
    );
    await Promise.all(readers.map((r) => r.waitFor(1)));
    await admin.sendChatChannelMessage({ channelId: channel, chatMessage: { senderCharacterId: speaker, content: "live" } });
    for (const r of await Promise.all(readers.map((r) => r.waitFor(2)))) expect(r.map((m) => m.content)).toEqual(["before", "live"]);
    for (const a of aborts) a.abort();
    await vi.waitFor(() => expect(t.server.bus.subscriberCount(), "subscriptions released").toBe(baseline), { timeout: 15_000 });
  });

  it("cuts loose a client that stops reading instead of buffering for it without bound", async () => {
    const channel = await insertChannel(t.server.database.db, { public: true });
    const baseline = t.server.bus.subscriberCount();
    const session = http2.connect(t.url, { settings: { initialWindowSize: 1024 } });
    const body = toBinary(ConnectChatChannelRequestSchema, create(ConnectChatChannelRequestSchema, { channelId: channel, characterId: await myCharacter() }));
    const envelope = Buffer.alloc(5 + body.length);
    envelope.writeUInt32BE(body.length, 1);
    envelope.set(body, 5);
    const stream = session.request({
      ":method": "POST",
      ":path": "/sro.chat.ChatService/ConnectChatChannel",
      "content-type": "application/grpc",
      te: "trailers",
      authorization: `Bearer ${t.users.player.token}`,
    });
    stream.end(envelope);
    stream.pause(); // never reads
    await vi.waitFor(() => expect(t.server.bus.subscriberCount(), "stream open").toBe(baseline + 1), { timeout: 15_000 });
    const content = "x".repeat(900);
    for (let i = 0; i < 6_000 && t.server.bus.subscriberCount() > baseline; i++) {
      await t.server.bus.publish(
        { kind: "channel", id: channel },
        { type: "message", message: { id: 1e9 + i, senderCharacterId: "", content, sentAtMs: Date.now() } },
      );
    }
    await vi.waitFor(() => expect(t.server.bus.subscriberCount(), "slow stream released").toBe(baseline), { timeout: 15_000 });
    session.destroy();
  });

  it("honors grpc-timeout with DEADLINE_EXCEEDED", async () => {
    const channel = await insertChannel(t.server.database.db, { public: true });
    const reader = new StreamReader(grpcPlayer.connectChatChannel({ channelId: channel, characterId: await myCharacter(), history: true }, { timeoutMs: 300 }));
    expect((await reader.ended)?.code).toBe(Code.DeadlineExceeded);
  });

  it("sends over gRPC (Connect's gRPC handler): same answers, same rules, same metrics as over Connect", async () => {
    const channel = await insertChannel(t.server.database.db, { public: true });
    const me = await myCharacter();
    const count = async (code: string) => {
      const text = await metricsText(t.url);
      const line = text.split("\n").find((l) => l.startsWith(`sro_rpc_total{rpc="sro.chat.ChatService/SendChatChannelMessage",code="${code}"}`));
      return Number(line?.split(" ")[1] ?? 0);
    };
    const okBefore = await count("ok");
    const send = (content: string, characterId = me) =>
      grpcPlayer.sendChatChannelMessage({ channelId: channel, chatMessage: { senderCharacterId: characterId, content } });
    await send("  over grpc  ");
    expect((await admin.getChatLogs({ channelId: channel })).logs.map((l) => l.content)).toEqual(["over grpc"]);
    expect(await count("ok")).toBe(okBefore + 1);
    await expect(send("   ")).rejects.toMatchObject({ code: Code.InvalidArgument, rawMessage: "message content is empty" });
    const foreign = await insertCharacter(t.server.database.db, t.users.otherPlayer.sub, dim);
    await expect(send("x", foreign)).rejects.toMatchObject({
      code: Code.PermissionDenied,
      rawMessage: "permission denied: you may only use your own characters",
    });
    const anonymous = chatClient(t.url, "", (interceptors) => createGrpcTransport({ baseUrl: t.url, interceptors }));
    await expect(anonymous.sendChatChannelMessage({ channelId: channel, chatMessage: { senderCharacterId: me, content: "x" } })).rejects.toMatchObject({
      code: Code.Unauthenticated,
    });
    let refusal: unknown;
    for (let i = 0; i < 30 && !refusal; i++) await send(`flood ${i}`).catch((error: unknown) => (refusal = error));
    expect(refusal).toMatchObject({
      code: Code.ResourceExhausted,
      rawMessage: expect.stringMatching(/^too many messages from this character; try again in \d/),
    });
  });

  it("keeps the rpc log and metrics: open streams go up and back down", async () => {
    const channel = await insertChannel(t.server.database.db, { public: true });
    const openStreams = async () => {
      const text = await metricsText(t.url);
      const line = text.split("\n").find((l) => l.startsWith('sro_open_streams{rpc="sro.chat.ChatService/ConnectChatChannel"}'));
      return Number(line?.split(" ")[1] ?? 0);
    };
    const before = await openStreams();
    const abort = new AbortController();
    void new StreamReader(grpcPlayer.connectChatChannel({ channelId: channel, characterId: await myCharacter(), history: true }, { signal: abort.signal }));
    await vi.waitFor(() => expect(t.server.bus.subscriberCount(), "stream open").toBeGreaterThan(0), { timeout: 15_000 });
    expect(await openStreams()).toBe(before + 1);
    abort.abort();
    await vi.waitFor(() => expect(t.server.bus.subscriberCount(), "stream closed").toBe(0), { timeout: 15_000 });
    await vi.waitFor(async () => expect(await openStreams()).toBe(before));
  });
});
