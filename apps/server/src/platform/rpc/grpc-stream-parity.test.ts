import http2 from "node:http2";
import { create, toBinary } from "@bufbuild/protobuf";
import { Code, ConnectError, type Interceptor } from "@connectrpc/connect";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ChatMessageSchema, ChatService, ConnectChatChannelRequestSchema } from "../../gen/sro/chat/chat_pb.js";
import { directStreamSinkKey } from "../direct-stream-sink.js";
import {
  envelope,
  expectParity,
  grpcStatus,
  PARITY_LIMITS,
  protocolCases,
  startParityServers,
  type ParityCase,
  type ParityServers,
} from "../../test/grpc-parity.js";
import { leanStreamRoute } from "./lean-call.js";

/** The lean gRPC path's server streams answer byte for byte as Connect-ES's gRPC handler (test/grpc-parity.ts: how). */
const { readMaxBytes: READ_MAX_BYTES, writeMaxBytes: WRITE_MAX_BYTES } = PARITY_LIMITS;

const chatMessage = (content: string) => create(ChatMessageSchema, { content, senderCharacterId: "c1", sentTimeMs: 1_700_000_000_000n });
const detail = { desc: ChatMessageSchema, value: { content: "why it failed" } };

async function* connectChatChannel(req: { channelId: string }, ctx: Parameters<Parameters<typeof leanStreamRoute>[1]>[1]) {
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

let servers: ParityServers;

beforeAll(async () => {
  servers = await startParityServers(
    (router) => router.service(ChatService, { connectChatChannel }),
    [leanStreamRoute(ChatService.method.connectChatChannel, connectChatChannel)],
    interceptors,
  );
});

afterAll(() => servers.close());

const request = (channelId: string) => envelope(requestMessage(channelId));
const path = "/sro.chat.ChatService/ConnectChatChannel";

const status = grpcStatus;
const requestMessage = (channelId: string) =>
  toBinary(ConnectChatChannelRequestSchema, create(ConnectChatChannelRequestSchema, { channelId, characterId: "c1" }));

const cases: ParityCase[] = [
  ...protocolCases({
    ok: { envelope: request("three"), message: requestMessage("three"), json: JSON.stringify({ channelId: "three" }) },
    compressible: request("compressible"),
    small: request("sink"),
    notFound: request("error-first"),
    plainError: request("plain-error"),
    waitForDeadline: request("wait-for-deadline"),
    tooLarge: request("z".repeat(READ_MAX_BYTES)),
  }),
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
    name: "a malformed grpc-timeout",
    headers: { "grpc-timeout": "soon" },
    body: request("three"),
    lean: true,
    expect: (a) => expect(status(a)).toBe(String(Code.InvalidArgument)),
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
    name: "an unknown method",
    headers: { ":path": "/sro.chat.ChatService/NoSuchMethod" },
    body: request("three"),
    lean: false,
    expect: (a) => expect(status(a)).toBe(String(Code.Unimplemented)),
  },
];

describe("lean gRPC stream path: byte parity with Connect's gRPC handler", () => {
  it.each(cases)("$name", (c) => expectParity(c, path, servers));

  it("both send the headers of a quiet stream at once, before any message", async () => {
    for (const url of [servers.urls.connect, servers.urls.lean]) {
      const session = http2.connect(url);
      const stream = session.request({ ":method": "POST", ":path": path, "content-type": "application/grpc", te: "trailers", "x-case": "quiet" });
      stream.end(request("quiet"));
      const headers = await new Promise<http2.IncomingHttpHeaders>((resolve) => stream.once("response", resolve));
      expect([headers[":status"], headers["content-type"]]).toEqual([200, "application/grpc"]);
      session.destroy();
    }
    expect(servers.leanTook).toContain("quiet");
  });
});
