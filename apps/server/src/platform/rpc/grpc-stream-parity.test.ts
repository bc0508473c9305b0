import http2 from "node:http2";
import { gzipSync } from "node:zlib";
import { create, toBinary } from "@bufbuild/protobuf";
import { Code, ConnectError, createConnectRouter, createContextValues, type Interceptor } from "@connectrpc/connect";
import { compressionBrotli, compressionGzip } from "@connectrpc/connect-node";
import { pino } from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ChatMessageSchema, ChatService, ConnectChatChannelRequestSchema } from "../../gen/sro/chat/chat_pb.js";
import { directStreamSinkKey } from "../direct-stream-sink.js";
import { createRpcAdapter } from "../http/rpc-adapter.js";
import { closeAll, envelope, grpcCall, grpcStatus, serveHttp2, type Answer } from "../../test/grpc-parity.js";
import { fastStreamRoute } from "./fast-call.js";
import { createGrpcFastPath } from "./grpc-fast-path.js";

/**
 * The lean gRPC stream path must answer byte for byte what the server's Connect path (Connect-ES's gRPC handler
 * behind rpc-adapter.ts, as LEAN_PATHS=off serves every call) answers: the same handler and interceptors on two
 * HTTP/2 servers, one with the lean path in front, every case sent to both over raw HTTP/2. Each case also says
 * whether the lean path must take it or hand it to Connect, so parity is not won by declining everything.
 */
const READ_MAX_BYTES = 1024;
const WRITE_MAX_BYTES = 4096;
const MAX_TIMEOUT_MS = 60_000;

const chatMessage = (content: string) => create(ChatMessageSchema, { content, senderCharacterId: "c1", sentTimeMs: 1_700_000_000_000n });
const detail = { desc: ChatMessageSchema, value: { content: "why it failed" } };

async function* connectChatChannel(req: { channelId: string }, ctx: Parameters<Parameters<typeof fastStreamRoute>[1]>[1]) {
  const sink = ctx.values.get(directStreamSinkKey);
  switch (req.channelId) {
    case "three":
      yield chatMessage("one");
      yield { content: "two" };
      yield chatMessage("three: ünïcode");
      return;
    case "sink":
      yield chatMessage("history");
      if (sink) {
        sink.write(chatMessage("live one"));
        sink.write(chatMessage("live two"));
        return;
      }
      yield chatMessage("live one");
      yield chatMessage("live two");
      return;
    case "headers":
      ctx.responseHeader.set("x-handler", "set before the first message");
      ctx.responseTrailer.set("x-handler-trailer", "t");
      yield chatMessage("a");
      return;
    case "quiet-end":
      return;
    case "error-first":
      throw new ConnectError("channel gone: café / 100% sure", Code.NotFound, { "x-retry-after": "30" }, [detail]);
    case "error-later":
      yield chatMessage("one");
      throw new ConnectError("too many", Code.ResourceExhausted, { "x-retry-after": "5" }, [detail]);
    case "plain-error":
      throw new Error("secret detail");
    case "too-big":
      yield chatMessage("fits");
      yield chatMessage("x".repeat(WRITE_MAX_BYTES));
      return;
    case "too-big-sink":
      if (sink) {
        sink.write(chatMessage("fits"));
        if (!sink.write(chatMessage("x".repeat(WRITE_MAX_BYTES)))) return;
        throw new Error("the sink took a message past writeMaxBytes");
      }
      yield chatMessage("fits");
      yield chatMessage("x".repeat(WRITE_MAX_BYTES));
      return;
    case "compressible":
      yield chatMessage("y".repeat(2000));
      return;
    case "quiet":
      await new Promise((resolve) => ctx.signal.addEventListener("abort", resolve, { once: true }));
      return;
    case "wait-for-deadline":
      await new Promise((resolve) => ctx.signal.addEventListener("abort", resolve, { once: true }));
      throw ctx.signal.reason;
    default:
      yield chatMessage(`channel ${req.channelId}`);
  }
}

const interceptors: Interceptor[] = [
  (next) => async (req) => {
    if (req.header.get("x-deny")) throw new ConnectError("authentication required", Code.Unauthenticated, { "www-authenticate": "Bearer" }, [detail]);
    const res = await next(req);
    res.header.set("x-intercepted", "yes");
    return res;
  },
];

const servers: http2.Http2Server[] = [];
let connectUrl = "";
let leanUrl = "";
const leanTook: string[] = [];

beforeAll(async () => {
  const shutdown = new AbortController();
  const options = {
    interceptors,
    readMaxBytes: READ_MAX_BYTES,
    writeMaxBytes: WRITE_MAX_BYTES,
    maxTimeoutMs: MAX_TIMEOUT_MS,
    shutdownSignal: shutdown.signal,
    acceptCompression: [compressionGzip, compressionBrotli],
  };
  const router = createConnectRouter(options);
  router.service(ChatService, { connectChatChannel });
  const logger = pino({ level: "silent" });
  const contextValues = () => createContextValues();
  const connect = createRpcAdapter(router.handlers, contextValues, logger, options.acceptCompression);
  const lean = createGrpcFastPath({
    ...options,
    routes: [fastStreamRoute(ChatService.method.connectChatChannel, connectChatChannel)],
    contextValues,
    logger,
  });
  connectUrl = await serveHttp2(servers, connect);
  leanUrl = await serveHttp2(servers, (req, res) => {
    if (lean(req, res)) leanTook.push(String(req.headers["x-case"]));
    else connect(req, res);
  });
});

afterAll(() => closeAll(servers));

const request = (channelId: string) =>
  envelope(toBinary(ConnectChatChannelRequestSchema, create(ConnectChatChannelRequestSchema, { channelId, characterId: "c1" })));
const path = "/sro.chat.ChatService/ConnectChatChannel";

interface Case {
  name: string;
  headers?: http2.OutgoingHttpHeaders;
  body: Uint8Array;
  /** Whether the lean path serves it (else it must hand it to Connect). */
  lean: boolean;
  /** What the answer must show, besides being the same on both. */
  expect: (answer: Answer) => void;
}

const status = grpcStatus;

const cases: Case[] = [
  { name: "a normal stream of three messages", body: request("three"), lean: true, expect: (a) => expect(status(a)).toBe("0") },
  {
    name: "history yielded, live messages through the direct sink",
    body: request("sink"),
    lean: true,
    expect: (a) => expect(Buffer.from(a.body, "hex").toString()).toContain("live two"),
  },
  {
    // Headers go out as the call starts (rpc-adapter.ts says why): ones set later are lost on both paths.
    name: "headers and trailers the handler and interceptors set",
    body: request("headers"),
    lean: true,
    expect: (a) => expect([a.headers["x-handler"], a.headers["x-intercepted"], a.trailers?.["x-handler-trailer"]]).toEqual([undefined, undefined, "t"]),
  },
  { name: "a stream that ends before any message", body: request("quiet-end"), lean: true, expect: (a) => expect(status(a)).toBe("0") },
  {
    name: "an error before the first message, with metadata and details",
    body: request("error-first"),
    lean: true,
    expect: (a) => {
      expect(status(a)).toBe(String(Code.NotFound));
      const where = a.trailers ?? a.headers;
      expect(where["x-retry-after"]).toBe("30");
      expect(where["grpc-status-details-bin"]).toBeTruthy();
    },
  },
  {
    name: "an error after a message, with metadata and details",
    body: request("error-later"),
    lean: true,
    expect: (a) => expect([status(a), a.trailers?.["x-retry-after"], Boolean(a.trailers?.["grpc-status-details-bin"])]).toEqual(["8", "5", true]),
  },
  {
    name: "a plain Error: INTERNAL without its text",
    body: request("plain-error"),
    lean: true,
    expect: (a) => expect(JSON.stringify(a)).not.toContain("secret"),
  },
  {
    name: "an interceptor's error with metadata and details",
    headers: { "x-deny": "1" },
    body: request("three"),
    lean: true,
    expect: (a) => expect([status(a), (a.trailers ?? a.headers)["www-authenticate"]]).toEqual([String(Code.Unauthenticated), "Bearer"]),
  },
  {
    name: "a malformed grpc-timeout",
    headers: { "grpc-timeout": "soon" },
    body: request("three"),
    lean: true,
    expect: (a) => expect(status(a)).toBe(String(Code.InvalidArgument)),
  },
  {
    name: "a grpc-timeout over the maximum",
    headers: { "grpc-timeout": "2M" },
    body: request("three"),
    lean: true,
    expect: (a) => expect(status(a)).toBe(String(Code.InvalidArgument)),
  },
  {
    name: "a deadline that passes",
    headers: { "grpc-timeout": "50m" },
    body: request("wait-for-deadline"),
    lean: true,
    expect: (a) => expect(status(a)).toBe(String(Code.DeadlineExceeded)),
  },
  {
    name: "a message past writeMaxBytes, yielded",
    body: request("too-big"),
    lean: true,
    expect: (a) => expect(status(a)).toBe(String(Code.ResourceExhausted)),
  },
  {
    name: "a message past writeMaxBytes, through the sink",
    body: request("too-big-sink"),
    lean: true,
    expect: (a) => expect(status(a)).toBe(String(Code.ResourceExhausted)),
  },
  {
    name: "a request past readMaxBytes",
    body: request("z".repeat(READ_MAX_BYTES)),
    lean: true,
    expect: (a) => expect(status(a)).toBe(String(Code.ResourceExhausted)),
  },
  {
    name: "a request message that does not decode",
    body: envelope(Buffer.from([0x0a, 0x05, 0x61])),
    lean: true,
    expect: (a) => expect(status(a)).toBe(String(Code.InvalidArgument)),
  },
  { name: "no request message", body: new Uint8Array(0), lean: true, expect: (a) => expect(status(a)).toBe(String(Code.Unimplemented)) },
  {
    name: "two request messages",
    body: Buffer.concat([request("a"), request("b")]),
    lean: true,
    expect: (a) => expect(status(a)).toBe(String(Code.Unimplemented)),
  },
  {
    name: "a cut-off envelope",
    body: request("three").subarray(0, 8),
    lean: true,
    expect: (a) => expect(status(a)).toBe(String(Code.InvalidArgument)),
  },
  {
    name: "a gzip-compressed request",
    headers: { "grpc-encoding": "gzip" },
    body: envelope(gzipSync(toBinary(ConnectChatChannelRequestSchema, create(ConnectChatChannelRequestSchema, { channelId: "three" }))), 1),
    lean: false,
    expect: (a) => expect(status(a)).toBe("0"),
  },
  {
    name: "a client that accepts gzip (as grpc-js asks), with a message worth compressing",
    headers: { "grpc-accept-encoding": "identity,deflate,gzip" },
    body: request("compressible"),
    lean: true,
    expect: (a) => expect([a.headers["grpc-encoding"], a.body.slice(0, 2)]).toEqual(["gzip", "01"]),
  },
  {
    name: "a client that accepts gzip, with messages too small to compress",
    headers: { "grpc-accept-encoding": "gzip" },
    body: request("sink"),
    lean: true,
    expect: (a) => expect([a.headers["grpc-encoding"], a.body.slice(0, 2)]).toEqual(["gzip", "00"]),
  },
  {
    name: "a client that accepts brotli first (as Connect-ES's gRPC client asks)",
    headers: { "grpc-accept-encoding": "br,gzip" },
    body: request("compressible"),
    lean: true,
    expect: (a) => expect(a.headers["grpc-encoding"]).toBe("br"),
  },
  {
    name: "a client that accepts gzip, with an error before the first message",
    headers: { "grpc-accept-encoding": "gzip" },
    body: request("error-first"),
    lean: true,
    expect: (a) => expect(status(a)).toBe(String(Code.NotFound)),
  },
  {
    name: "a client that accepts only encodings the server lacks",
    headers: { "grpc-accept-encoding": "snappy, identity" },
    body: request("compressible"),
    lean: true,
    expect: (a) => expect(status(a)).toBe("0"),
  },
  {
    name: "an unknown request encoding",
    headers: { "grpc-encoding": "snappy" },
    body: request("three"),
    lean: false,
    expect: (a) => expect(status(a)).toBe(String(Code.Unimplemented)),
  },
  {
    name: "JSON over gRPC",
    headers: { "content-type": "application/grpc+json" },
    body: envelope(Buffer.from(JSON.stringify({ channelId: "three" }))),
    lean: false,
    expect: (a) => expect(status(a)).toBe("0"),
  },
  {
    name: "an unknown method",
    headers: { ":path": "/sro.chat.ChatService/NoSuchMethod" },
    body: request("three"),
    lean: false,
    expect: (a) => expect(status(a)).toBe(String(Code.Unimplemented)),
  },
];

describe("lean gRPC stream path: byte parity with Connect's gRPC handler", () => {
  it.each(cases)("$name", async (c) => {
    const headers = { ":path": path, "x-case": c.name, ...c.headers };
    const viaConnect = await grpcCall(connectUrl, headers, c.body);
    const viaLean = await grpcCall(leanUrl, headers, c.body);
    expect(viaLean).toEqual(viaConnect);
    c.expect(viaLean);
    expect(leanTook.includes(c.name), c.lean ? "the lean path should take it" : "the lean path should hand it to Connect").toBe(c.lean);
  });

  it("both send the headers of a quiet stream at once, before any message", async () => {
    for (const url of [connectUrl, leanUrl]) {
      const session = http2.connect(url);
      const stream = session.request({ ":method": "POST", ":path": path, "content-type": "application/grpc", te: "trailers", "x-case": "quiet" });
      stream.end(request("quiet"));
      const headers = await new Promise<http2.IncomingHttpHeaders>((resolve) => stream.once("response", resolve));
      expect([headers[":status"], headers["content-type"]]).toEqual([200, "application/grpc"]);
      session.destroy();
    }
    expect(leanTook).toContain("quiet");
  });
});
