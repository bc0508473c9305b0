import type http2 from "node:http2";
import { gzipSync } from "node:zlib";
import { create, toBinary } from "@bufbuild/protobuf";
import { Code, ConnectError, createConnectRouter, createContextValues, type HandlerContext, type Interceptor } from "@connectrpc/connect";
import { compressionBrotli, compressionGzip } from "@connectrpc/connect-node";
import { pino } from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TargetIdSchema } from "../../gen/sro/common_pb.js";
import { MapSchema, MapService } from "../../gen/sro/gameserver/gameserver_pb.js";
import { closeAll, envelope, grpcCall, grpcStatus as status, serveHttp2, type Answer } from "../../test/grpc-parity.js";
import { createRpcAdapter } from "../http/rpc-adapter.js";
import { fastUnaryRoute } from "./fast-call.js";
import { createGrpcFastPath } from "./grpc-fast-path.js";

/**
 * The lean gRPC path's unary calls must answer byte for byte what Connect-ES's gRPC handler behind rpc-adapter.ts
 * answers (as LEAN_PATHS=off serves every call): the same handler and interceptors on two HTTP/2 servers, one with
 * the lean path in front, every case sent to both over raw HTTP/2. Each case also says whether the lean path must
 * take it or hand it to Connect, so parity is not won by declining everything.
 */
const READ_MAX_BYTES = 1024;
const WRITE_MAX_BYTES = 4096;
const MAX_TIMEOUT_MS = 60_000;

const detail = { desc: MapSchema, value: { name: "why it failed" } };

async function getMap(req: { id: string }, ctx: HandlerContext) {
  switch (req.id) {
    case "message":
      return create(MapSchema, { id: "m1", name: "Night City: ünïcode", mapPath: "/maps/m1.umap" });
    case "init":
      return { id: "m2", name: "an init object, not a message" };
    case "empty":
      return {};
    case "headers":
      ctx.responseHeader.set("x-handler", "set by the handler");
      ctx.responseTrailer.set("x-handler-trailer", "t");
      return { id: "m3" };
    case "error":
      throw new ConnectError("map gone: café / 100% sure", Code.NotFound, { "x-retry-after": "30" }, [detail]);
    case "plain-error":
      throw new Error("secret detail");
    case "too-big":
      return { name: "x".repeat(WRITE_MAX_BYTES) };
    case "compressible":
      return { name: "y".repeat(2000) };
    case "wait-for-deadline":
      await new Promise((resolve) => ctx.signal.addEventListener("abort", resolve, { once: true }));
      throw ctx.signal.reason;
    default:
      return { id: req.id };
  }
}

const interceptors: Interceptor[] = [
  (next) => async (req) => {
    if (req.header.get("x-deny")) throw new ConnectError("authentication required", Code.Unauthenticated, { "www-authenticate": "Bearer" }, [detail]);
    const res = await next(req);
    res.header.set("x-intercepted", "yes");
    res.trailer.set("x-intercepted-trailer", "yes");
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
  router.service(MapService, { getMap });
  const logger = pino({ level: "silent" });
  const contextValues = () => createContextValues();
  const connect = createRpcAdapter(router.handlers, contextValues, logger, options.acceptCompression);
  const lean = createGrpcFastPath({ ...options, routes: [fastUnaryRoute(MapService.method.getMap, getMap)], contextValues, logger });
  connectUrl = await serveHttp2(servers, connect);
  leanUrl = await serveHttp2(servers, (req, res) => {
    if (lean(req, res)) leanTook.push(String(req.headers["x-case"]));
    else connect(req, res);
  });
});

afterAll(() => closeAll(servers));

const request = (id: string) => envelope(toBinary(TargetIdSchema, create(TargetIdSchema, { id })));
const path = "/sro.gameserver.MapService/GetMap";

interface Case {
  name: string;
  headers?: http2.OutgoingHttpHeaders;
  body: Uint8Array;
  /** Whether the lean path serves it (else it must hand it to Connect). */
  lean: boolean;
  /** What the answer must show, besides being the same on both. */
  expect: (answer: Answer) => void;
}

const cases: Case[] = [
  {
    name: "a message",
    body: request("message"),
    lean: true,
    expect: (a) => expect([status(a), Buffer.from(a.body, "hex").toString()]).toEqual(["0", expect.stringContaining("Night City")]),
  },
  { name: "an init object", body: request("init"), lean: true, expect: (a) => expect(Buffer.from(a.body, "hex").toString()).toContain("an init object") },
  { name: "an empty answer", body: request("empty"), lean: true, expect: (a) => expect([status(a), a.body]).toEqual(["0", "0000000000"]) },
  {
    name: "headers and trailers the handler and interceptors set",
    body: request("headers"),
    lean: true,
    expect: (a) =>
      expect([a.headers["x-handler"], a.headers["x-intercepted"], a.trailers?.["x-handler-trailer"], a.trailers?.["x-intercepted-trailer"]]).toEqual([
        "set by the handler",
        "yes",
        "t",
        "yes",
      ]),
  },
  {
    name: "a handler's error with metadata and details",
    body: request("error"),
    lean: true,
    expect: (a) => {
      const where = a.trailers ?? a.headers;
      expect([status(a), where["x-retry-after"], Boolean(where["grpc-status-details-bin"])]).toEqual([String(Code.NotFound), "30", true]);
    },
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
    body: request("message"),
    lean: true,
    expect: (a) => expect([status(a), (a.trailers ?? a.headers)["www-authenticate"]]).toEqual([String(Code.Unauthenticated), "Bearer"]),
  },
  {
    name: "an interceptor's error and a malformed grpc-timeout: the timeout is reported",
    headers: { "x-deny": "1", "grpc-timeout": "soon" },
    body: request("message"),
    lean: true,
    expect: (a) => expect(status(a)).toBe(String(Code.InvalidArgument)),
  },
  {
    name: "a grpc-timeout over the maximum",
    headers: { "grpc-timeout": "2M" },
    body: request("message"),
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
  { name: "an answer past writeMaxBytes", body: request("too-big"), lean: true, expect: (a) => expect(status(a)).toBe(String(Code.ResourceExhausted)) },
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
  {
    name: "a request message that does not decode and a malformed grpc-timeout: the timeout is reported",
    headers: { "grpc-timeout": "soon" },
    body: envelope(Buffer.from([0x0a, 0x05, 0x61])),
    lean: true,
    expect: (a) => expect(status(a)).toBe(String(Code.InvalidArgument)),
  },
  { name: "an empty request message", body: envelope(new Uint8Array(0)), lean: true, expect: (a) => expect(status(a)).toBe("0") },
  {
    name: "a request message with bytes after it",
    body: Buffer.concat([request("message"), Buffer.from([0, 0])]),
    lean: true,
    expect: (a) => expect(status(a)).not.toBe("0"),
  },
  {
    name: "a request message flagged compressed without an encoding",
    body: envelope(toBinary(TargetIdSchema, create(TargetIdSchema, { id: "message" })), 1),
    lean: true,
    expect: (a) => expect(status(a)).not.toBe("0"),
  },
  {
    name: "a request message exactly at readMaxBytes",
    body: envelope(Buffer.concat([Buffer.from([0x0a, 0xfd, 0x07]), Buffer.alloc(READ_MAX_BYTES - 3, 0x7a)])),
    lean: true,
    expect: (a) => expect(status(a)).toBe("0"),
  },
  { name: "no request message", body: new Uint8Array(0), lean: true, expect: (a) => expect(status(a)).toBe(String(Code.Unimplemented)) },
  {
    name: "two request messages",
    body: Buffer.concat([request("a"), request("b")]),
    lean: true,
    expect: (a) => expect(status(a)).toBe(String(Code.Unimplemented)),
  },
  { name: "a cut-off envelope", body: request("message").subarray(0, 8), lean: true, expect: (a) => expect(status(a)).toBe(String(Code.InvalidArgument)) },
  {
    name: "the content type application/grpc+proto",
    headers: { "content-type": "application/grpc+proto" },
    body: request("message"),
    lean: true,
    expect: (a) => expect(status(a)).toBe("0"),
  },
  {
    name: "a client that accepts gzip, with an answer worth compressing",
    headers: { "grpc-accept-encoding": "identity,deflate,gzip" },
    body: request("compressible"),
    lean: true,
    expect: (a) => expect([a.headers["grpc-encoding"], a.body.slice(0, 2)]).toEqual(["gzip", "01"]),
  },
  {
    name: "a client that accepts gzip, with an answer too small to compress",
    headers: { "grpc-accept-encoding": "gzip" },
    body: request("message"),
    lean: true,
    expect: (a) => expect([a.headers["grpc-encoding"], a.body.slice(0, 2)]).toEqual(["gzip", "00"]),
  },
  {
    name: "a client that accepts brotli first",
    headers: { "grpc-accept-encoding": "br,gzip" },
    body: request("compressible"),
    lean: true,
    expect: (a) => expect(a.headers["grpc-encoding"]).toBe("br"),
  },
  {
    name: "a client that accepts gzip, with an error",
    headers: { "grpc-accept-encoding": "gzip" },
    body: request("error"),
    lean: true,
    expect: (a) => expect(status(a)).toBe(String(Code.NotFound)),
  },
  {
    name: "a gzip-compressed request",
    headers: { "grpc-encoding": "gzip" },
    body: envelope(gzipSync(toBinary(TargetIdSchema, create(TargetIdSchema, { id: "message" }))), 1),
    lean: false,
    expect: (a) => expect(status(a)).toBe("0"),
  },
  {
    name: "an unknown request encoding",
    headers: { "grpc-encoding": "snappy" },
    body: request("message"),
    lean: false,
    expect: (a) => expect(status(a)).toBe(String(Code.Unimplemented)),
  },
  {
    name: "JSON over gRPC",
    headers: { "content-type": "application/grpc+json" },
    body: envelope(Buffer.from(JSON.stringify({ id: "message" }))),
    lean: false,
    expect: (a) => expect(status(a)).toBe("0"),
  },
];

describe("lean gRPC path, unary calls: byte parity with Connect's gRPC handler", () => {
  it.each(cases)("$name", async (c) => {
    const headers = { ":path": path, "x-case": c.name, ...c.headers };
    const viaConnect = await grpcCall(connectUrl, headers, c.body);
    const viaLean = await grpcCall(leanUrl, headers, c.body);
    expect(viaLean).toEqual(viaConnect);
    c.expect(viaLean);
    expect(leanTook.includes(c.name), c.lean ? "the lean path should take it" : "the lean path should hand it to Connect").toBe(c.lean);
  });
});
