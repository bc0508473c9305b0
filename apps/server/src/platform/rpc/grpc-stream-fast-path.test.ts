import { getEventListeners } from "node:events";
import http2 from "node:http2";
import type { AddressInfo } from "node:net";
import { create } from "@bufbuild/protobuf";
import { Code, ConnectError, createClient, createContextKey, createContextValues, type Interceptor } from "@connectrpc/connect";
import { createGrpcTransport } from "@connectrpc/connect-node";
import { afterEach, describe, expect, it } from "vitest";
import { ChatChannelSchema, ChatMessageSchema, ChatService } from "../../gen/sro/chat/chat_pb.js";
import { fastStreamRoute, fastUnaryRoute, type FastRoute } from "./fast-call.js";
import { directStreamSinkKey } from "../direct-stream-sink.js";
import { createGrpcStreamFastPath } from "./grpc-stream-fast-path.js";

/**
 * The lean gRPC path on a bare HTTP/2 server, spoken to by Connect-ES's own gRPC client: what a gRPC client sees
 * must be what Connect's handler would give it (messages, status codes and messages, deadlines), and the
 * interceptors must run as Connect runs them.
 */
const seen = createContextKey<string[]>([], { description: "interceptor trace" });

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

async function harness(routes: FastRoute[], interceptors: Interceptor[] = []): Promise<Harness> {
  const shutdown = new AbortController();
  const fastPath = createGrpcStreamFastPath({
    routes,
    interceptors,
    shutdownSignal: shutdown.signal,
    readMaxBytes: 1 << 16,
    contextValues: () => createContextValues(),
  });
  const server = http2.createServer((req, res) => {
    if (!fastPath(req, res)) {
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

/** Records the order interceptors run in and what they see; the first in the list is the outermost. */
const tracing =
  (name: string): Interceptor =>
  (next) =>
  async (req) => {
    req.contextValues.set(seen, [...req.contextValues.get(seen), `${name}:${req.method.name}:${req.header.get("x-test") ?? ""}`]);
    return next(req);
  };

describe("lean gRPC path", () => {
  it("unary: runs the interceptors in Connect's order, then the handler, and answers one message", async () => {
    let trace: string[] = [];
    const h = await harness(
      [
        fastUnaryRoute(ChatService.method.getChatChannel, async (req, ctx) => {
          trace = ctx.values.get(seen);
          return { id: req.id, name: "General", public: true };
        }),
      ],
      [tracing("outer"), tracing("inner")],
    );
    const channel = await h.client.getChatChannel({ id: "c1" }, { headers: { "x-test": "yes" } });
    expect(channel).toEqual(create(ChatChannelSchema, { id: "c1", name: "General", public: true }));
    expect(trace).toEqual(["outer:GetChatChannel:yes", "inner:GetChatChannel:yes"]);
  });

  it("unary: errors from interceptors and handlers reach the client with their code and message; others are INTERNAL", async () => {
    // Like Connect's handler, the path turns any other error into INTERNAL (keeping its text: the app's observe
    // interceptor is what replaces it with a clean one).
    const h = await harness(
      [
        fastUnaryRoute(ChatService.method.getChatChannel, async (req) => {
          if (req.id === "missing") throw new ConnectError("chat channel missing not found", Code.NotFound);
          if (req.id === "boom") throw new Error("secret detail");
          return { id: req.id };
        }),
      ],
      [
        (next) => async (req) => {
          if (!req.header.get("authorization")) throw new ConnectError("authentication required: send a bearer token", Code.Unauthenticated);
          return next(req);
        },
      ],
    );
    const auth = { headers: { authorization: "Bearer x" } };
    await expect(h.client.getChatChannel({ id: "c1" })).rejects.toMatchObject({
      code: Code.Unauthenticated,
      rawMessage: "authentication required: send a bearer token",
    });
    await expect(h.client.getChatChannel({ id: "missing" }, auth)).rejects.toMatchObject({ code: Code.NotFound, rawMessage: "chat channel missing not found" });
    await expect(h.client.getChatChannel({ id: "boom" }, auth)).rejects.toMatchObject({ code: Code.Internal });
  });

  it("unary: honours grpc-timeout; the handler's signal aborts with DEADLINE_EXCEEDED", async () => {
    const reasons = new Map<string, unknown>();
    const h = await harness([
      fastUnaryRoute(ChatService.method.getChatChannel, (req, ctx) => {
        return new Promise((_, reject) =>
          ctx.signal.addEventListener("abort", () => {
            reasons.set(req.id, ctx.signal.reason);
            reject(ctx.signal.reason as Error);
          }),
        );
      }),
    ]);
    await expect(h.client.getChatChannel({ id: "slow" }, { timeoutMs: 200 })).rejects.toMatchObject({ code: Code.DeadlineExceeded });
    // Connect's client also gives up at its deadline and resets the stream, which can reach the server before the
    // server's own timer fires. So the server's timer is checked with a raw request that has no client-side timer.
    const session = http2.connect(h.url);
    const stream = session.request({
      ":method": "POST",
      ":path": "/sro.chat.ChatService/GetChatChannel",
      "content-type": "application/grpc",
      te: "trailers",
      "grpc-timeout": "100m",
    });
    const status = await new Promise<string | undefined>((resolve) => {
      let grpcStatus: string | undefined;
      stream.on("response", (headers) => headers["grpc-status"] !== undefined && (grpcStatus = String(headers["grpc-status"])));
      stream.on("trailers", (trailers) => (grpcStatus = String(trailers["grpc-status"])));
      stream.on("close", () => resolve(grpcStatus));
      stream.resume();
      stream.end(Buffer.from([0, 0, 0, 0, 0])); // an empty GetChatChannelRequest: id ""
    });
    session.close();
    expect(status).toBe(String(Code.DeadlineExceeded));
    expect(ConnectError.from(reasons.get("")).code).toBe(Code.DeadlineExceeded);
  });

  it("streams: history by yield, then live messages through the direct sink", async () => {
    const live: ((text: string) => boolean)[] = [];
    const h = await harness([
      fastStreamRoute(ChatService.method.connectChatChannel, async function* (_req, ctx) {
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
      for await (const m of h.client.connectChatChannel({ channelId: "c" }, { signal: abort.signal })) received.push(m.content);
    })().catch(() => {});
    await expect.poll(() => live.length).toBe(1);
    expect(live[0]!("live one")).toBe(true);
    await expect.poll(() => received).toEqual(["history", "live one"]);
    abort.abort();
    await reading;
  });

  it("the shutdown signal holds one listener however many streams are open, ends them all with its reason, and calls that ended leave no trace", async () => {
    const h = await harness([
      fastStreamRoute(ChatService.method.connectChatChannel, async function* (_req, ctx) {
        yield { content: "open" };
        await new Promise<void>((_, reject) => ctx.signal.addEventListener("abort", () => reject(ctx.signal.reason as Error)));
      }),
      fastUnaryRoute(ChatService.method.getChatChannel, async (req) => ({ id: req.id })),
    ]);
    const listeners = () => getEventListeners(h.shutdown.signal, "abort").length;
    expect(listeners()).toBe(1);
    const ends = Array.from({ length: 50 }, async () => {
      try {
        for await (const _ of h.client.connectChatChannel({ channelId: "c" })) void _;
        return "ended";
      } catch (error) {
        return ConnectError.from(error);
      }
    });
    for (let i = 0; i < 20; i++) await h.client.getChatChannel({ id: `u${i}` });
    expect(listeners()).toBe(1);
    h.shutdown.abort(new ConnectError("server is shutting down, reconnect", Code.Unavailable));
    for (const end of await Promise.all(ends)) expect(end).toMatchObject({ code: Code.Unavailable, rawMessage: "server is shutting down, reconnect" });
  });

  it("leaves everything else to Connect: other paths, content types, compressed requests, HTTP/1.1", async () => {
    const h = await harness([fastUnaryRoute(ChatService.method.getChatChannel, async (req) => ({ id: req.id }))]);
    const session = http2.connect(h.url);
    const status = (headers: http2.OutgoingHttpHeaders) =>
      new Promise<number>((resolve) => {
        const stream = session.request({ ":method": "POST", ...headers });
        stream.once("response", (h) => resolve(Number(h[":status"])));
        stream.resume();
        stream.end();
      });
    expect(await status({ ":path": "/sro.chat.ChatService/GetChatChannels", "content-type": "application/grpc" })).toBe(404);
    expect(await status({ ":path": "/sro.chat.ChatService/GetChatChannel", "content-type": "application/json" })).toBe(404);
    expect(await status({ ":path": "/sro.chat.ChatService/GetChatChannel", "content-type": "application/grpc+json" })).toBe(404);
    expect(await status({ ":path": "/sro.chat.ChatService/GetChatChannel", "content-type": "application/grpc", "grpc-encoding": "gzip" })).toBe(404);
    expect(await status({ ":path": "/sro.chat.ChatService/GetChatChannel", "content-type": "application/grpc" })).toBe(200);
    session.destroy();
  });
});
