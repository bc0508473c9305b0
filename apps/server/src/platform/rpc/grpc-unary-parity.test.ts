import { create, toBinary } from "@bufbuild/protobuf";
import { Code, ConnectError, type HandlerContext, type Interceptor } from "@connectrpc/connect";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TargetIdSchema } from "../../gen/sro/common_pb.js";
import { MapSchema, MapService } from "../../gen/sro/gameserver/gameserver_pb.js";
import {
  envelope,
  expectParity,
  grpcStatus as status,
  PARITY_LIMITS,
  protocolCases,
  startParityServers,
  type ParityCase,
  type ParityServers,
} from "../../test/grpc-parity.js";
import { leanUnaryRoute } from "./lean-call.js";

/** The lean gRPC path's unary calls answer byte for byte as Connect-ES's gRPC handler (test/grpc-parity.ts: how). */
const { readMaxBytes: READ_MAX_BYTES, writeMaxBytes: WRITE_MAX_BYTES } = PARITY_LIMITS;

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

let servers: ParityServers;

beforeAll(async () => {
  servers = await startParityServers((router) => router.service(MapService, { getMap }), [leanUnaryRoute(MapService.method.getMap, getMap)], interceptors);
});

afterAll(() => servers.close());

const requestMessage = (id: string) => toBinary(TargetIdSchema, create(TargetIdSchema, { id }));
const request = (id: string) => envelope(requestMessage(id));
const path = "/sro.gameserver.MapService/GetMap";

const cases: ParityCase[] = [
  ...protocolCases({
    ok: { envelope: request("message"), message: requestMessage("message"), json: JSON.stringify({ id: "message" }) },
    compressible: request("compressible"),
    small: request("message"),
    notFound: request("error"),
    plainError: request("plain-error"),
    waitForDeadline: request("wait-for-deadline"),
    tooLarge: request("z".repeat(READ_MAX_BYTES)),
  }),
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
    name: "an interceptor's error and a malformed grpc-timeout: the timeout is reported",
    headers: { "x-deny": "1", "grpc-timeout": "soon" },
    body: request("message"),
    lean: true,
    expect: (a) => expect(status(a)).toBe(String(Code.InvalidArgument)),
  },
  { name: "an answer past writeMaxBytes", body: request("too-big"), lean: true, expect: (a) => expect(status(a)).toBe(String(Code.ResourceExhausted)) },
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
  {
    name: "the content type application/grpc+proto",
    headers: { "content-type": "application/grpc+proto" },
    body: request("message"),
    lean: true,
    expect: (a) => expect(status(a)).toBe("0"),
  },
];

describe("lean gRPC path, unary calls: byte parity with Connect's gRPC handler", () => {
  it.each(cases)("$name", (c) => expectParity(c, path, servers));
});
