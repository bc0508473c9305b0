import type { Http2ServerRequest, Http2ServerResponse } from "node:http2";
import { create, fromBinary, isMessage, toBinary, type DescMessage, type DescMethod } from "@bufbuild/protobuf";
import type { Logger } from "pino";
import { Code, ConnectError, type ContextValues, type Interceptor, type StreamRequest, type StreamResponse } from "@connectrpc/connect";
import { createAsyncIterable } from "@connectrpc/connect/protocol";
import { directStreamSinkKey, type DirectStreamSink } from "../direct-stream-sink.js";
import type { AnyRequest, AnyResponse } from "../http/listener.js";
import { specPercentEncode } from "../http/grpc-message.js";
import { collectBody } from "../http/read-body.js";
import { encodeOnce } from "./frozen-messages.js";
import { decodeInput, logMalformed } from "./malformed-input.js";
import {
  applyInterceptors,
  handlerContextFor,
  interceptorRequest,
  invokeUnary,
  openCall,
  routePath,
  shutdownRelay,
  type Call,
  type FastRoute,
  type FastStreamRoute,
  type FastUnaryRoute,
  type ShutdownRelay,
} from "./fast-call.js";

/**
 * A lean gRPC path (HTTP/2, binary protobuf, no compression) for server streams that fan one message out to
 * thousands of clients. Connect-ES runs every streamed message through a chain of (down-levelled) async
 * generators, ~50 µs of CPU per message per stream; a chat message to 10,000 streams would cost half a second.
 * Here a message object yielded to many streams is encoded once and the same bytes are written to each stream.
 *
 * The hot unary calls that feed those streams (sending a chat message) can take the path too: Connect's unary
 * pipeline (async iterables, web Headers, a linked abort controller and a DOMException per call) costs more CPU
 * than the send itself; 1,000 sends/s are what 100 busy channels need.
 *
 * Everything else stays the same: the request runs through the same interceptors (auth, permission table, logs,
 * metrics, tracing) and the same handler function. Connect's unary protocol has its own lean path
 * (connect-unary-fast-path.ts); calls neither takes (gRPC-web, Connect streams, compressed requests) go to Connect.
 */
export interface GrpcStreamFastPathOptions {
  routes: FastRoute[];
  /** Where a malformed request message is logged (as a client error). */
  logger?: Logger;
  interceptors: Interceptor[];
  shutdownSignal: AbortSignal;
  readMaxBytes: number;
  contextValues: (req: AnyRequest) => ContextValues;
}

/** Bytes a client may leave unread before `DirectStreamSink.write` refuses (the stream then ends). */
const MAX_UNREAD_BYTES = 4 << 20;

const GRPC_CONTENT_TYPES = new Set(["application/grpc", "application/grpc+proto"]);
/** Encoded envelopes of messages that were yielded to more than one stream. */
const envelopes = new WeakMap<object, Buffer>();

/** Returns a handler that answers true when it took the call. */
export function createGrpcStreamFastPath(options: GrpcStreamFastPathOptions): (req: AnyRequest, res: AnyResponse) => boolean {
  const routes = new Map(options.routes.map((r) => [routePath(r.method), r]));
  const shutdown = shutdownRelay(options.shutdownSignal);
  return (req, res) => {
    if (req.httpVersion !== "2.0" || req.method !== "POST") return false;
    const route = routes.get(req.url ?? "");
    const contentType = String(req.headers["content-type"] ?? "");
    const encoding = req.headers["grpc-encoding"];
    if (!route || !GRPC_CONTENT_TYPES.has(contentType) || (encoding !== undefined && encoding !== "identity")) return false;
    const served =
      route.method.methodKind === "unary"
        ? serveUnary(route as FastUnaryRoute, req as Http2ServerRequest, res as Http2ServerResponse, options, shutdown)
        : serve(route as FastStreamRoute, req as Http2ServerRequest, res as Http2ServerResponse, options, shutdown);
    void served.catch(() => {
      if (!res.writableEnded) res.end();
    });
    return true;
  };
}

/**
 * One request message, one response message; the same interceptors and handler as Connect's gRPC handler, and
 * the same wire answer (headers, one envelope, trailers with grpc-status; errors in trailers).
 */
async function serveUnary(
  route: FastUnaryRoute,
  req: Http2ServerRequest,
  res: Http2ServerResponse,
  options: GrpcStreamFastPathOptions,
  shutdown: ShutdownRelay,
): Promise<void> {
  const { method } = route;
  const call = openCall(method, req, res, options.contextValues(req), shutdown, grpcProtocol(req));
  try {
    const input = await decodeSingle(method, req, options);
    const output = await invokeUnary(route, call, input, options.interceptors);
    if (!call.gone && !res.writableEnded && !res.destroyed) {
      call.sendHeaders();
      res.write(encodeEnvelope(method.output, output));
    }
    finish(res, call, undefined);
  } catch (error) {
    finish(res, call, error);
  } finally {
    call.end();
  }
}

const grpcProtocol = (req: Http2ServerRequest) => ({
  name: "grpc" as const,
  timeoutMs: parseTimeout(req.headers["grpc-timeout"] as string | undefined),
  responseContentType: "application/grpc",
});

async function serve(
  route: FastStreamRoute,
  req: Http2ServerRequest,
  res: Http2ServerResponse,
  options: GrpcStreamFastPathOptions,
  shutdown: ShutdownRelay,
): Promise<void> {
  const { method } = route;
  // Live messages go to the HTTP/2 stream itself, past the compatibility response's per-write checks (headers are
  // sent before the handler switches to the sink).
  const stream = res.stream;
  const sink: DirectStreamSink = {
    write(message) {
      if (call.gone || stream.destroyed || stream.writableEnded || stream.writableLength > MAX_UNREAD_BYTES) return false;
      stream.write(envelopeOf(method.output, message));
      return true;
    },
  };
  // The sink reads `call` only once the handler writes, after this line.
  const call = openCall(method, req, res, options.contextValues(req).set(directStreamSinkKey, sink), shutdown, grpcProtocol(req));
  const { context } = call;
  try {
    const input = await decodeSingle(method, req, options);
    const invoke = applyInterceptors(async (request: StreamRequest): Promise<StreamResponse> => {
      return {
        stream: true,
        service: method.parent,
        method,
        header: context.responseHeader,
        trailer: context.responseTrailer,
        message: route.impl(input as never, handlerContextFor(context, request)) as AsyncIterable<never>,
      };
    }, options.interceptors);
    const response = await invoke(interceptorRequest(call, true, createAsyncIterable([input])) as StreamRequest);
    // Headers go out now, not with the first message: a quiet stream is visibly open.
    call.sendHeaders();
    for await (const message of response.message) {
      if (call.gone) break;
      if (!res.write(envelopeOf(method.output, message))) await drained(res, context.signal);
    }
    finish(res, call, undefined);
  } catch (error) {
    finish(res, call, error);
  } finally {
    call.end();
  }
}

function finish(res: Http2ServerResponse, call: Call, error: unknown): void {
  if (res.writableEnded || res.destroyed) return;
  call.sendHeaders();
  const trailers: Record<string, string> = {};
  call.context.responseTrailer.forEach((value, name) => (trailers[name] = value));
  const status = error === undefined ? undefined : ConnectError.from(error, Code.Internal);
  trailers["grpc-status"] = String(status?.code ?? 0);
  if (status) trailers["grpc-message"] = specPercentEncode(status.rawMessage);
  res.addTrailers(trailers);
  res.end();
}

/** A streamed message's envelope, encoded once however many streams it is written to. */
function envelopeOf(schema: DescMessage, message: unknown): Buffer {
  const cached = typeof message === "object" && message !== null ? envelopes.get(message) : undefined;
  if (cached) return cached;
  const envelope = encodeEnvelope(schema, message);
  if (typeof message === "object" && message !== null) envelopes.set(message, envelope);
  return envelope;
}

function encodeEnvelope(schema: DescMessage, message: unknown): Buffer {
  const bytes = encodeOnce(message, "binary", () => toBinary(schema, isMessage(message, schema) ? message : create(schema, message as never)));
  const envelope = Buffer.allocUnsafe(5 + bytes.length);
  envelope[0] = 0;
  envelope.writeUInt32BE(bytes.length, 1);
  envelope.set(bytes, 5);
  return envelope;
}

async function readSingleEnvelope(req: Http2ServerRequest, maxBytes: number): Promise<Uint8Array> {
  const { chunks, size } = await collectBody(req, maxBytes + 5);
  if (size > maxBytes + 5) throw new ConnectError(`message larger than ${maxBytes} bytes`, Code.ResourceExhausted);
  const body = chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks);
  if (body.length < 5) throw new ConnectError("protocol error: missing request message", Code.Unimplemented);
  const length = body.readUInt32BE(1);
  if (body[0] !== 0) throw new ConnectError("protocol error: compressed request without grpc-encoding", Code.Internal);
  if (body.length !== 5 + length) throw new ConnectError("protocol error: expected exactly one request message", Code.Unimplemented);
  return body.subarray(5);
}

function drained(res: Http2ServerResponse, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      res.off("drain", done);
      signal.removeEventListener("abort", done);
      resolve();
    };
    res.once("drain", done);
    signal.addEventListener("abort", done, { once: true });
  });
}

const TIMEOUT_UNIT_MS: Record<string, number> = { H: 3_600_000, M: 60_000, S: 1_000, m: 1, u: 0.001, n: 0.000001 };

/** grpc-timeout: up to 8 digits and a unit (H, M, S, m, u, n). */
function parseTimeout(value: string | undefined): number | undefined {
  const match = value ? /^(\d{1,8})([HMSmun])$/.exec(value) : null;
  if (!match) return undefined;
  return Number(match[1]) * TIMEOUT_UNIT_MS[match[2]!]!;
}

/** The call's one request message; a malformed one is INVALID_ARGUMENT (malformed-input.ts). */
async function decodeSingle(method: DescMethod, req: Http2ServerRequest, options: GrpcStreamFastPathOptions): Promise<unknown> {
  const bytes = await readSingleEnvelope(req, options.readMaxBytes);
  try {
    return decodeInput(() => fromBinary(method.input, bytes));
  } catch (error) {
    if (error instanceof ConnectError) logMalformed(options.logger, `${method.parent.typeName}/${method.name}`, error);
    throw error;
  }
}
