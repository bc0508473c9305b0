import type { Http2ServerRequest, Http2ServerResponse } from "node:http2";
import { create, fromBinary, isMessage, toBinary, type DescMethodServerStreaming, type DescMethodUnary, type DescMessage, type MessageInitShape, type MessageShape } from "@bufbuild/protobuf";
import {
  Code,
  ConnectError,
  createContextKey,
  type ContextValues,
  type HandlerContext,
  type Interceptor,
  type StreamRequest,
  type StreamResponse,
  type UnaryRequest,
  type UnaryResponse,
} from "@connectrpc/connect";
import { createAsyncIterable } from "@connectrpc/connect/protocol";
import type { AnyRequest, AnyResponse } from "../http/listener.js";

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
 * metrics, tracing) and the same handler function. Calls this path does not take (gRPC-web, Connect, HTTP/1.1, JSON,
 * compressed requests) go to Connect as before.
 */
export interface FastStreamRoute {
  method: DescMethodServerStreaming;
  impl: (request: never, context: HandlerContext) => AsyncIterable<unknown>;
}

/** A route for the fast path: the method and its Connect implementation (the very same function). */
export function fastStreamRoute<I extends DescMessage, O extends DescMessage>(
  method: DescMethodServerStreaming<I, O>,
  impl: (request: MessageShape<I>, context: HandlerContext) => AsyncIterable<MessageInitShape<O>>,
): FastStreamRoute {
  return { method: method as DescMethodServerStreaming, impl: impl as FastStreamRoute["impl"] };
}

export interface FastUnaryRoute {
  method: DescMethodUnary;
  impl: (request: never, context: HandlerContext) => unknown;
}

/** A unary route for the fast path: the method and its Connect implementation (the very same function). */
export function fastUnaryRoute<I extends DescMessage, O extends DescMessage>(
  method: DescMethodUnary<I, O>,
  impl: (request: MessageShape<I>, context: HandlerContext) => MessageInitShape<O> | Promise<MessageInitShape<O>>,
): FastUnaryRoute {
  return { method: method as DescMethodUnary, impl: impl as FastUnaryRoute["impl"] };
}

export type FastRoute = FastStreamRoute | FastUnaryRoute;

export interface GrpcStreamFastPathOptions {
  routes: FastRoute[];
  interceptors: Interceptor[];
  shutdownSignal: AbortSignal;
  readMaxBytes: number;
  contextValues: (req: AnyRequest) => ContextValues;
}

/**
 * Offered to handlers on this path (context value `directStreamSinkKey`): write a message straight to the wire from
 * a synchronous callback, skipping even the handler's own async iteration. Connect-served calls have none.
 */
export interface DirectStreamSink {
  /** False when the message was not written: the client is gone or reads too slowly (the handler should end). */
  write(message: unknown): boolean;
}

export const directStreamSinkKey = createContextKey<DirectStreamSink | undefined>(undefined, { description: "direct stream sink" });

/** Bytes a client may leave unread before `DirectStreamSink.write` refuses (the stream then ends). */
const MAX_UNREAD_BYTES = 4 << 20;

const GRPC_CONTENT_TYPES = new Set(["application/grpc", "application/grpc+proto"]);
/** Encoded envelopes of messages that were yielded to more than one stream. */
const envelopes = new WeakMap<object, Buffer>();

/** Returns a handler that answers true when it took the call. */
export function createGrpcStreamFastPath(options: GrpcStreamFastPathOptions): (req: AnyRequest, res: AnyResponse) => boolean {
  const routes = new Map(options.routes.map((r) => [`/${r.method.parent.typeName}/${r.method.name}`, r]));
  const shutdown = shutdownRelay(options.shutdownSignal);
  return (req, res) => {
    if (req.httpVersion !== "2.0" || req.method !== "POST") return false;
    const route = routes.get(req.url ?? "");
    const contentType = String(req.headers["content-type"] ?? "");
    const encoding = req.headers["grpc-encoding"];
    if (!route || !GRPC_CONTENT_TYPES.has(contentType) || (encoding !== undefined && encoding !== "identity")) return false;
    const served = route.method.methodKind === "unary" ? serveUnary(route as FastUnaryRoute, req as Http2ServerRequest, res as Http2ServerResponse, options, shutdown) : serve(route as FastStreamRoute, req as Http2ServerRequest, res as Http2ServerResponse, options, shutdown);
    void served.catch(() => {
      if (!res.writableEnded) res.end();
    });
    return true;
  };
}

/** Aborts a finished call's signal with this reason: without one, AbortController.abort() builds a DOMException (a stack trace) per call. */
const CALL_ENDED = new ConnectError("call ended", Code.Canceled);

function requestHeaders(req: Http2ServerRequest): Headers {
  const header = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    if (!name.startsWith(":") && value !== undefined) header.set(name, Array.isArray(value) ? value.join(", ") : value);
  }
  return header;
}

interface Call {
  context: HandlerContext;
  header: Headers;
  /** The client reset the stream or the connection went away. */
  readonly gone: boolean;
  sendHeaders(): void;
  /** Ends the call's bookkeeping: deadline timer, close listener, shutdown relay, signal. */
  end(): void;
}

/**
 * What Connect's createHandlerContext builds, with one AbortController per call instead of four (a linked one, the
 * deadline's, the client's, the shutdown relay's): the signal aborts, with the first reason, when the deadline
 * passes (DEADLINE_EXCEEDED), the client goes away (CANCELED) or the server shuts down (its reason).
 */
function openCall(method: DescMethodUnary | DescMethodServerStreaming, req: Http2ServerRequest, res: Http2ServerResponse, values: ContextValues, shutdown: ShutdownRelay): Call {
  const controller = new AbortController();
  const header = requestHeaders(req);
  const timeoutMs = parseTimeout(header.get("grpc-timeout"));
  const deadline = timeoutMs === undefined ? undefined : Date.now() + timeoutMs;
  const timer = timeoutMs === undefined ? undefined : setTimeout(() => controller.abort(new ConnectError("the operation timed out", Code.DeadlineExceeded)), timeoutMs);
  let gone = false;
  const onClose = () => {
    gone = true;
    controller.abort(new ConnectError("client went away", Code.Canceled));
  };
  res.once("close", onClose);
  shutdown.join(controller);
  const context: HandlerContext = {
    service: method.parent,
    method,
    protocolName: "grpc",
    requestMethod: "POST",
    url: `http://${req.headers[":authority"] ?? "localhost"}${req.url}`,
    signal: controller.signal,
    timeoutMs: () => (deadline === undefined ? undefined : deadline - Date.now()),
    requestHeader: header,
    responseHeader: new Headers({ "content-type": "application/grpc" }),
    responseTrailer: new Headers(),
    values,
  };
  let headersSent = false;
  return {
    context,
    header,
    get gone() {
      return gone;
    },
    sendHeaders() {
      if (headersSent) return;
      headersSent = true;
      const headers: Record<string, string> = {};
      context.responseHeader.forEach((value, name) => (headers[name] = value));
      res.writeHead(200, headers);
    },
    end() {
      clearTimeout(timer);
      res.off("close", onClose);
      shutdown.leave(controller);
      controller.abort(CALL_ENDED);
    },
  };
}

/**
 * One request message, one response message; the same interceptors and handler as Connect's gRPC handler, and
 * the same wire answer (headers, one envelope, trailers with grpc-status; errors in trailers).
 */
async function serveUnary(route: FastUnaryRoute, req: Http2ServerRequest, res: Http2ServerResponse, options: GrpcStreamFastPathOptions, shutdown: ShutdownRelay): Promise<void> {
  const { method } = route;
  const call = openCall(method, req, res, options.contextValues(req), shutdown);
  const { context } = call;
  try {
    const input = fromBinary(method.input, await readSingleEnvelope(req, options.readMaxBytes));
    const invoke = applyInterceptors(async (request: UnaryRequest): Promise<UnaryResponse> => {
      const handlerContext: HandlerContext = { ...context, requestHeader: request.header, signal: request.signal, values: request.contextValues };
      const output = await route.impl(request.message as never, handlerContext);
      const message = isMessage(output, method.output) ? output : create(method.output, output as never);
      return { stream: false, service: method.parent, method, header: context.responseHeader, trailer: context.responseTrailer, message };
    }, options.interceptors);
    const response = await invoke({
      stream: false,
      service: method.parent,
      method,
      requestMethod: "POST",
      url: context.url,
      signal: context.signal,
      header: call.header,
      contextValues: context.values,
      message: input,
    });
    if (!call.gone && !res.writableEnded && !res.destroyed) {
      call.sendHeaders();
      res.write(encodeEnvelope(method.output, response.message));
    }
    finish(res, call, undefined);
  } catch (error) {
    finish(res, call, error);
  } finally {
    call.end();
  }
}

async function serve(route: FastStreamRoute, req: Http2ServerRequest, res: Http2ServerResponse, options: GrpcStreamFastPathOptions, shutdown: ShutdownRelay): Promise<void> {
  const { method } = route;
  let call: Call | undefined;
  // Live messages go to the HTTP/2 stream itself, past the compatibility response's per-write checks (headers are
  // sent before the handler switches to the sink).
  const stream = res.stream;
  const sink: DirectStreamSink = {
    write(message) {
      if (call!.gone || stream.destroyed || stream.writableEnded || stream.writableLength > MAX_UNREAD_BYTES) return false;
      stream.write(envelopeOf(method.output, message));
      return true;
    },
  };
  call = openCall(method, req, res, options.contextValues(req).set(directStreamSinkKey, sink), shutdown);
  const { context } = call;
  try {
    const input = fromBinary(method.input, await readSingleEnvelope(req, options.readMaxBytes));
    const invoke = applyInterceptors(async (request: StreamRequest): Promise<StreamResponse> => {
      const handlerContext: HandlerContext = { ...context, requestHeader: request.header, signal: request.signal, values: request.contextValues };
      return { stream: true, service: method.parent, method, header: context.responseHeader, trailer: context.responseTrailer, message: route.impl(input as never, handlerContext) as AsyncIterable<never> };
    }, options.interceptors);
    const response = await invoke({
      stream: true,
      service: method.parent,
      method,
      requestMethod: "POST",
      url: context.url,
      signal: context.signal,
      header: call.header,
      contextValues: context.values,
      message: createAsyncIterable([input]),
    });
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

/**
 * The server's shutdown signal, relayed to each call through a signal of its own. Connect links every call's
 * signal to the shutdown signal directly; with 10,000 streams open that signal holds 10,000 listeners, and Node's
 * EventTarget walks all of them on every addEventListener and removeEventListener — i.e. on every other call of
 * the server (a unary send paid ~20,000 list steps). Here the shutdown signal has one listener; joining and leaving
 * is a Set operation.
 */
interface ShutdownRelay {
  join(call: AbortController): void;
  leave(call: AbortController): void;
}

function shutdownRelay(shutdownSignal: AbortSignal): ShutdownRelay {
  const calls = new Set<AbortController>();
  shutdownSignal.addEventListener(
    "abort",
    () => {
      const open = [...calls];
      calls.clear();
      for (const call of open) call.abort(shutdownSignal.reason);
    },
    { once: true },
  );
  return {
    join(call) {
      if (shutdownSignal.aborted) call.abort(shutdownSignal.reason);
      else calls.add(call);
    },
    leave(call) {
      calls.delete(call);
    },
  };
}

function finish(res: Http2ServerResponse, call: Call, error: unknown): void {
  if (res.writableEnded || res.destroyed) return;
  call.sendHeaders();
  const trailers: Record<string, string> = {};
  call.context.responseTrailer.forEach((value, name) => (trailers[name] = value));
  const status = error === undefined ? undefined : ConnectError.from(error, Code.Internal);
  trailers["grpc-status"] = String(status?.code ?? 0);
  if (status) trailers["grpc-message"] = encodeURIComponent(status.rawMessage);
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
  const shaped = isMessage(message, schema) ? message : create(schema, message as never);
  const bytes = toBinary(schema, shaped);
  const envelope = Buffer.allocUnsafe(5 + bytes.length);
  envelope[0] = 0;
  envelope.writeUInt32BE(bytes.length, 1);
  envelope.set(bytes, 5);
  return envelope;
}

async function readSingleEnvelope(req: Http2ServerRequest, maxBytes: number): Promise<Uint8Array> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > maxBytes + 5) throw new ConnectError(`message larger than ${maxBytes} bytes`, Code.ResourceExhausted);
    chunks.push(chunk);
  }
  const body = Buffer.concat(chunks);
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
function parseTimeout(value: string | null): number | undefined {
  const match = value ? /^(\d{1,8})([HMSmun])$/.exec(value) : null;
  if (!match) return undefined;
  return Number(match[1]) * TIMEOUT_UNIT_MS[match[2]!]!;
}

/** The same wrapping Connect does: the first interceptor in the list is the outermost. */
function applyInterceptors<Req extends StreamRequest | UnaryRequest, Res extends StreamResponse | UnaryResponse>(next: (req: Req) => Promise<Res>, interceptors: Interceptor[]) {
  let fn = next as unknown as Parameters<Interceptor>[0];
  for (const interceptor of [...interceptors].reverse()) fn = interceptor(fn);
  return fn as unknown as (req: Req) => Promise<Res>;
}
