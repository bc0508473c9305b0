import { getEventListeners } from "node:events";
import http2 from "node:http2";
import { Duplex } from "node:stream";
import type { AddressInfo } from "node:net";
import v8 from "node:v8";
import { compileFunction } from "node:vm";
import { create } from "@bufbuild/protobuf";
import { Code, ConnectError, createClient, createContextValues, type Interceptor } from "@connectrpc/connect";
import { compressionGzip, createGrpcTransport } from "@connectrpc/connect-node";
import { afterEach, describe, expect, it, vi } from "vitest";
import { ChatMessageSchema, ChatService } from "../../gen/sro/chat/chat_pb.js";
import { leanStreamRoute, type LeanRoute } from "./lean-call.js";
import { directStreamSinkKey } from "../direct-stream-sink.js";
import { createGrpcLeanPath } from "./grpc-lean-path.js";

/**
 * The lean gRPC path on a bare HTTP/2 server, spoken to by Connect-ES's own gRPC client: the direct sink, the
 * shutdown relay, and which calls it leaves to Connect. Its answers against Connect's: grpc-stream-parity.test.ts.
 */

interface Harness {
  url: string;
  shutdown: AbortController;
  client: ReturnType<typeof createClient<typeof ChatService>>;
  close(): Promise<void>;
}

const open: Harness[] = [];
afterEach(async () => {
  await Promise.all(open.splice(0).map((h) => h.close()));
});

async function harness(routes: LeanRoute[], interceptors: Interceptor[] = []): Promise<Harness> {
  const shutdown = new AbortController();
  const leanPath = createGrpcLeanPath({
    routes,
    interceptors,
    shutdownSignal: shutdown.signal,
    readMaxBytes: 1 << 16,
    // "custom": an encoding the lean path has no synchronous twin for.
    acceptCompression: [compressionGzip, { name: "custom", compress: async (b) => new Uint8Array(b), decompress: async (b) => new Uint8Array(b) }],
    contextValues: () => createContextValues(),
  });
  const server = http2.createServer((req, res) => {
    if (!leanPath(req, res)) {
      res.writeHead(404);
      res.end();
    }
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const client = createClient(ChatService, createGrpcTransport({ baseUrl: url }));
  const h: Harness = {
    url,
    shutdown,
    client,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        // Sessions the client keeps open would hold close() up.
        (server as unknown as { closeAllSessions?: () => void }).closeAllSessions?.();
        setTimeout(resolve, 200).unref();
      }),
  };
  open.push(h);
  return h;
}

describe("lean gRPC path", () => {
  it("streams: history by yield, then live messages through the direct sink", async () => {
    const live: ((text: string) => boolean)[] = [];
    const h = await harness([
      leanStreamRoute(ChatService.method.connectChatChannel, async function* (_req, ctx) {
        yield { content: "history" };
        const sink = ctx.values.get(directStreamSinkKey)!;
        await new Promise<void>((resolve) => {
          live.push((content) => sink.write(create(ChatMessageSchema, { content })));
          ctx.signal.addEventListener("abort", () => resolve());
        });
      }),
    ]);
    const abort = new AbortController();
    const received: string[] = [];
    const reading = (async () => {
      for await (const m of h.client.connectChatChannel({ channelId: "c", history: true }, { signal: abort.signal })) received.push(m.content);
    })().catch(() => {});
    await vi.waitFor(() => expect(live.length).toBe(1));
    expect(live[0]!("live one")).toBe(true);
    await vi.waitFor(() => expect(received).toEqual(["history", "live one"]));
    abort.abort();
    await reading;
  });

  it("messages written to the sink while a write is in flight wait in order and leave as one write, counted as unread", async () => {
    // Each write Node's HTTP/2 stream takes costs heap (closures, a WriteWrap, a tick) and each one it buffers more:
    // a burst to one stream goes out in a few writes, not one per message, and the slow-client rule still sees it.
    const writes = vi.spyOn(Duplex.prototype, "write");
    const seen: { unread: number[] } = { unread: [] };
    const h = await harness([
      leanStreamRoute(ChatService.method.connectChatChannel, async function* (_req, ctx) {
        yield { content: "history" };
        const sink = ctx.values.get(directStreamSinkKey)!;
        for (let i = 0; i < 200; i++) {
          sink.write(create(ChatMessageSchema, { content: `live ${i}` }));
          seen.unread.push(sink.unreadBytes);
        }
      }),
    ]);
    const received: string[] = [];
    for await (const m of h.client.connectChatChannel({ channelId: "c" })) received.push(m.content);
    const serverWrites = writes.mock.contexts.filter((stream) => (stream as object).constructor.name === "ServerHttp2Stream").length;
    writes.mockRestore();
    expect(received).toEqual(["history", ...Array.from({ length: 200 }, (_, i) => `live ${i}`)]);
    expect(serverWrites).toBeGreaterThan(0);
    expect(serverWrites).toBeLessThan(10);
    // Every message waiting is unread: the count only grows while the burst is written in one turn.
    expect(seen.unread.at(-1)).toBeGreaterThan(199 * 8);
    expect(seen.unread).toEqual([...seen.unread].sort((a, b) => a - b));
  });

  it("a message changed after it was sent goes out as it is now; only a frozen one keeps its first encoding", async () => {
    const h = await harness([
      leanStreamRoute(ChatService.method.connectChatChannel, async function* (_req, ctx) {
        const reused = create(ChatMessageSchema, { content: "first" });
        yield reused;
        reused.content = "changed";
        yield reused;
        reused.content = "changed again";
        ctx.values.get(directStreamSinkKey)!.write(reused);
        const frozen = Object.freeze(create(ChatMessageSchema, { content: "frozen" }));
        yield frozen;
        yield frozen;
      }),
    ]);
    const received: string[] = [];
    for await (const m of h.client.connectChatChannel({ channelId: "c", history: true })) received.push(m.content);
    expect(received).toEqual(["first", "changed", "changed again", "frozen", "frozen"]);
  });

  it("a call's context, its interceptors' request and its stream sink keep V8's fast properties", async () => {
    // An object literal with a getter gets a new accessor per object, and V8 turns each such object into a
    // dictionary: every read on it is then a slow lookup (a stream sink's checks ran once per delivery).
    v8.setFlagsFromString("--allow-natives-syntax");
    const hasFastProperties = compileFunction("return %HasFastProperties(o)", ["o"]) as (o: object) => boolean;
    const seen: Record<string, boolean> = {};
    const inspect: Interceptor = (next) => (req) => {
      seen.request = hasFastProperties(req);
      // Interceptors may pass on a copy; the signal must come along.
      seen.spreadKeepsSignal = { ...req }.signal instanceof AbortSignal;
      return next({ ...req });
    };
    const h = await harness(
      [
        leanStreamRoute(ChatService.method.connectChatChannel, async function* (_req, ctx) {
          seen.context = hasFastProperties(ctx);
          seen.sink = hasFastProperties(ctx.values.get(directStreamSinkKey)!);
          yield { content: "one" };
        }),
      ],
      [inspect],
    );
    for await (const _ of h.client.connectChatChannel({ channelId: "c", history: true })) void _;
    expect(seen).toEqual({ request: true, spreadKeepsSignal: true, context: true, sink: true });
  });

  it("the shutdown signal holds one listener however many streams are open, ends them all with its reason, and calls that ended leave no trace", async () => {
    const h = await harness([
      leanStreamRoute(ChatService.method.connectChatChannel, async function* (_req, ctx) {
        yield { content: "open" };
        await new Promise<void>((_, reject) => ctx.signal.addEventListener("abort", () => reject(ctx.signal.reason as Error)));
      }),
      leanStreamRoute(ChatService.method.connectDirectMessages, async function* (req) {
        yield { content: `one for ${req.id}` };
      }),
    ]);
    const listeners = () => getEventListeners(h.shutdown.signal, "abort").length;
    expect(listeners()).toBe(1);
    const ends = Array.from({ length: 50 }, async () => {
      try {
        for await (const _ of h.client.connectChatChannel({ channelId: "c", history: true })) void _;
        return "ended";
      } catch (error) {
        return ConnectError.from(error);
      }
    });
    for (let i = 0; i < 20; i++) for await (const _ of h.client.connectDirectMessages({ id: `u${i}` })) void _;
    expect(listeners()).toBe(1);
    h.shutdown.abort(new ConnectError("server is shutting down, reconnect", Code.Unavailable));
    for (const end of await Promise.all(ends)) expect(end).toMatchObject({ code: Code.Unavailable, rawMessage: "server is shutting down, reconnect" });
  });

  it("leaves everything else to Connect: other paths, unary calls, JSON, compression, HTTP/1.1", async () => {
    const h = await harness([leanStreamRoute(ChatService.method.connectChatChannel, async function* () {})]);
    const session = http2.connect(h.url);
    const status = (headers: http2.OutgoingHttpHeaders) =>
      new Promise<number>((resolve) => {
        const stream = session.request({ ":method": "POST", ...headers });
        stream.once("response", (h) => resolve(Number(h[":status"])));
        stream.resume();
        stream.end();
      });
    const path = "/sro.chat.ChatService/ConnectChatChannel";
    expect(await status({ ":path": "/sro.chat.ChatService/ConnectDirectMessages", "content-type": "application/grpc" })).toBe(404);
    expect(await status({ ":path": "/sro.chat.ChatService/GetChatChannel", "content-type": "application/grpc" })).toBe(404);
    expect(await status({ ":path": path, "content-type": "application/json" })).toBe(404);
    expect(await status({ ":path": path, "content-type": "application/grpc+json" })).toBe(404);
    expect(await status({ ":path": path, "content-type": "application/grpc", "grpc-encoding": "gzip" })).toBe(404);
    expect(await status({ ":path": path, "content-type": "application/grpc", "grpc-accept-encoding": "custom" })).toBe(404);
    expect(await status({ ":path": path, "content-type": "application/grpc", "grpc-accept-encoding": "identity,deflate,gzip" })).toBe(200);
    expect(await status({ ":path": path, "content-type": "application/grpc" })).toBe(200);
    session.destroy();
  });
});
