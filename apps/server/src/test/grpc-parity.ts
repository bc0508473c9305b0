import http2 from "node:http2";
import type { AddressInfo } from "node:net";
import { gzipSync } from "node:zlib";
import { Code, createConnectRouter, createContextValues, type ConnectRouter, type Interceptor } from "@connectrpc/connect";
import { compressionBrotli, compressionGzip } from "@connectrpc/connect-node";
import { pino } from "pino";
import { expect } from "vitest";
import { createRpcAdapter } from "../platform/http/rpc-adapter.js";
import type { LeanRoute } from "../platform/rpc/lean-call.js";
import { createGrpcLeanPath } from "../platform/rpc/grpc-lean-path.js";

/**
 * What the lean gRPC path's parity tests share (platform/rpc/grpc-*-parity.test.ts): the same handler and
 * interceptors behind Connect's path and behind the lean path, each on its own HTTP/2 server; every case goes to both
 * over raw HTTP/2, and the whole answers (headers, body bytes, trailers) must be equal. Each case also says whether
 * the lean path must take it or hand it to Connect, so parity is not won by declining everything.
 */
export interface Answer {
  headers: Record<string, unknown>;
  body: string;
  trailers: Record<string, unknown> | undefined;
}

/** Small limits, so the cases past them stay small. */
export const PARITY_LIMITS = { readMaxBytes: 1024, writeMaxBytes: 4096, maxTimeoutMs: 60_000 };

export interface ParityServers {
  urls: { connect: string; lean: string };
  /** The x-case header of every call the lean path took. */
  leanTook: string[];
  close(): Promise<void>;
}

/**
 * The server's Connect path (Connect-ES's handlers behind rpc-adapter.ts, as LEAN_PATHS=off serves every call) on one
 * HTTP/2 server, and the lean gRPC path in front of the same handlers and interceptors on another.
 */
export async function startParityServers(register: (router: ConnectRouter) => void, routes: LeanRoute[], interceptors: Interceptor[]): Promise<ParityServers> {
  const options = { ...PARITY_LIMITS, interceptors, shutdownSignal: new AbortController().signal, acceptCompression: [compressionGzip, compressionBrotli] };
  const router = createConnectRouter(options);
  register(router);
  const logger = pino({ level: "silent" });
  const contextValues = () => createContextValues();
  const connect = createRpcAdapter(router.handlers, contextValues, logger, options.acceptCompression);
  const lean = createGrpcLeanPath({ ...options, routes, contextValues, logger });
  const servers: http2.Http2Server[] = [];
  const leanTook: string[] = [];
  const urls = {
    connect: await serveHttp2(servers, connect),
    lean: await serveHttp2(servers, (req, res) => {
      if (lean(req, res)) leanTook.push(String(req.headers["x-case"]));
      else connect(req, res);
    }),
  };
  return { urls, leanTook, close: () => closeAll(servers) };
}

async function serveHttp2(servers: http2.Http2Server[], handler: (req: http2.Http2ServerRequest, res: http2.Http2ServerResponse) => void): Promise<string> {
  const server = http2.createServer(handler);
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

async function closeAll(servers: http2.Http2Server[]): Promise<void> {
  await Promise.all(servers.map((server) => new Promise((resolve) => server.close(resolve))));
}

/** One gRPC call over its own connection; the Date header is left out (it is the only part allowed to differ). */
export async function grpcCall(url: string, headers: http2.OutgoingHttpHeaders, body: Uint8Array): Promise<Answer> {
  const session = http2.connect(url);
  try {
    return await new Promise<Answer>((resolve, reject) => {
      const stream = session.request({ ":method": "POST", "content-type": "application/grpc", te: "trailers", ...headers });
      let answerHeaders: Record<string, unknown> = {};
      let trailers: Record<string, unknown> | undefined;
      const chunks: Buffer[] = [];
      stream.on("response", (h) => {
        const { date: _date, ...rest } = h;
        answerHeaders = { ...rest };
      });
      stream.on("trailers", (t) => (trailers = { ...t }));
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("error", reject);
      stream.on("close", () => resolve({ headers: answerHeaders, body: Buffer.concat(chunks).toString("hex"), trailers }));
      stream.end(body);
    });
  } finally {
    session.close();
  }
}

/** A gRPC length-prefixed message. */
export function envelope(bytes: Uint8Array, flags = 0): Buffer {
  const out = Buffer.alloc(5 + bytes.length);
  out[0] = flags;
  out.writeUInt32BE(bytes.length, 1);
  out.set(bytes, 5);
  return out;
}

/** The call's gRPC status, from the trailers or (trailers-only) the headers. */
export const grpcStatus = (a: Answer) => String((a.trailers ?? a.headers)["grpc-status"]);

export interface ParityCase {
  name: string;
  headers?: http2.OutgoingHttpHeaders;
  body: Uint8Array;
  /** Whether the lean path serves it (else it must hand it to Connect). */
  lean: boolean;
  /** What the answer must show, besides being the same on both. */
  expect: (answer: Answer) => void;
}

/** Requests for the handler under test, by what it answers to them. */
export interface ParityRequests {
  /** An OK answer; the request message itself, so it can also go gzipped or as JSON. */
  ok: { envelope: Uint8Array; message: Uint8Array; json: string };
  /** One message of 2,000 repeated characters: worth compressing. */
  compressible: Uint8Array;
  /** Only messages too small to compress. */
  small: Uint8Array;
  /** A ConnectError NOT_FOUND with metadata and details. */
  notFound: Uint8Array;
  /** A plain Error whose text says "secret". */
  plainError: Uint8Array;
  /** Waits for the deadline and throws the signal's reason. */
  waitForDeadline: Uint8Array;
  /** A request message past readMaxBytes. */
  tooLarge: Uint8Array;
}

/** The protocol's cases, the same for every kind of call: limits, timeouts, framing, encodings, errors. */
export function protocolCases(r: ParityRequests): ParityCase[] {
  const status = grpcStatus;
  const codeIs = (code: number) => (a: Answer) => expect(status(a)).toBe(String(code));
  return [
    { name: "a plain Error: INTERNAL without its text", body: r.plainError, lean: true, expect: (a) => expect(JSON.stringify(a)).not.toContain("secret") },
    {
      name: "an interceptor's error with metadata and details",
      headers: { "x-deny": "1" },
      body: r.ok.envelope,
      lean: true,
      expect: (a) => expect([status(a), (a.trailers ?? a.headers)["www-authenticate"]]).toEqual([String(Code.Unauthenticated), "Bearer"]),
    },
    { name: "a grpc-timeout over the maximum", headers: { "grpc-timeout": "2M" }, body: r.ok.envelope, lean: true, expect: codeIs(Code.InvalidArgument) },
    { name: "a deadline that passes", headers: { "grpc-timeout": "50m" }, body: r.waitForDeadline, lean: true, expect: codeIs(Code.DeadlineExceeded) },
    { name: "a request past readMaxBytes", body: r.tooLarge, lean: true, expect: codeIs(Code.ResourceExhausted) },
    { name: "a request message that does not decode", body: envelope(Buffer.from([0x0a, 0x05, 0x61])), lean: true, expect: codeIs(Code.InvalidArgument) },
    { name: "no request message", body: new Uint8Array(0), lean: true, expect: codeIs(Code.Unimplemented) },
    { name: "two request messages", body: Buffer.concat([r.ok.envelope, r.ok.envelope]), lean: true, expect: codeIs(Code.Unimplemented) },
    { name: "a cut-off envelope", body: r.ok.envelope.subarray(0, 8), lean: true, expect: codeIs(Code.InvalidArgument) },
    {
      name: "a client that accepts gzip (as grpc-js asks), with a message worth compressing",
      headers: { "grpc-accept-encoding": "identity,deflate,gzip" },
      body: r.compressible,
      lean: true,
      expect: (a) => expect([a.headers["grpc-encoding"], a.body.slice(0, 2)]).toEqual(["gzip", "01"]),
    },
    {
      name: "a client that accepts gzip, with messages too small to compress",
      headers: { "grpc-accept-encoding": "gzip" },
      body: r.small,
      lean: true,
      expect: (a) => expect([a.headers["grpc-encoding"], a.body.slice(0, 2)]).toEqual(["gzip", "00"]),
    },
    {
      name: "a client that accepts brotli first (as Connect-ES's gRPC client asks)",
      headers: { "grpc-accept-encoding": "br,gzip" },
      body: r.compressible,
      lean: true,
      expect: (a) => expect(a.headers["grpc-encoding"]).toBe("br"),
    },
    {
      name: "a client that accepts gzip, with an error",
      headers: { "grpc-accept-encoding": "gzip" },
      body: r.notFound,
      lean: true,
      expect: codeIs(Code.NotFound),
    },
    {
      name: "a client that accepts only encodings the server lacks",
      headers: { "grpc-accept-encoding": "snappy, identity" },
      body: r.compressible,
      lean: true,
      expect: codeIs(0),
    },
    {
      name: "a gzip-compressed request",
      headers: { "grpc-encoding": "gzip" },
      body: envelope(gzipSync(r.ok.message), 1),
      lean: false,
      expect: codeIs(0),
    },
    { name: "an unknown request encoding", headers: { "grpc-encoding": "snappy" }, body: r.ok.envelope, lean: false, expect: codeIs(Code.Unimplemented) },
    {
      name: "JSON over gRPC",
      headers: { "content-type": "application/grpc+json" },
      body: envelope(Buffer.from(r.ok.json)),
      lean: false,
      expect: codeIs(0),
    },
  ];
}

/** Sends the case to both servers: the same answer, what the case expects, and the lean path took it or not. */
export async function expectParity(c: ParityCase, path: string, { urls, leanTook }: ParityServers): Promise<void> {
  const headers = { ":path": path, "x-case": c.name, ...c.headers };
  const viaConnect = await grpcCall(urls.connect, headers, c.body);
  const viaLean = await grpcCall(urls.lean, headers, c.body);
  expect(viaLean).toEqual(viaConnect);
  c.expect(viaLean);
  expect(leanTook.includes(c.name), c.lean ? "the lean path should take it" : "the lean path should hand it to Connect").toBe(c.lean);
}
