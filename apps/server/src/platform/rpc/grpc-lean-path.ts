import type { Http2ServerRequest, Http2ServerResponse } from "node:http2";
import { brotliCompressSync, gzipSync } from "node:zlib";
import { create, isMessage, type DescMessage } from "@bufbuild/protobuf";
import type { Logger } from "pino";
import { Code, ConnectError, type ContextValues, type Interceptor, type StreamRequest, type StreamResponse } from "@connectrpc/connect";
import {
  compressedFlag,
  compressionNegotiate,
  createMethodSerializationLookup,
  pipe,
  transformDecompressEnvelope,
  transformParseEnvelope,
  transformPrepend,
  transformSplitEnvelope,
  validateUniversalHandlerOptions,
  type Compression,
  type MethodSerializationLookup,
} from "@connectrpc/connect/protocol";
import {
  contentTypeProto,
  headerAcceptEncoding,
  headerContentType,
  headerEncoding,
  headerTimeout,
  parseContentType,
  parseTimeout,
  setTrailerStatus,
} from "@connectrpc/connect/protocol-grpc";
import { directStreamSinkKey, type DirectStreamSink } from "../direct-stream-sink.js";
import { bodyAdmitted, type BodyGate } from "../http/credentials-first.js";
import { respecGrpcMessageIn } from "../http/grpc-message.js";
import type { AnyRequest, AnyResponse } from "../http/listener.js";
import { keptEncoding } from "./kept-encodings.js";
import { checkBinaryBody, checkedBody, logMalformed } from "./malformed-input.js";
import {
  applyInterceptors,
  handlerContextFor,
  interceptorRequest,
  invokeUnary,
  openCall,
  routePath,
  shutdownRelay,
  type Call,
  type LeanRoute,
  type LeanStreamRoute,
  type LeanUnaryRoute,
  type ShutdownRelay,
} from "./lean-call.js";

/**
 * A lean gRPC path for the calls the server answers most (lean-routes.ts): the chat fan-out streams and the unary
 * sends and reference reads that game servers make over gRPC. Connect-ES runs every call and every streamed message
 * through a chain of (down-levelled) async generators and abort controllers: ~300-600 µs of CPU per unary call and
 * ~50 µs per message per stream, so a chat message to 10,000 streams would cost half a second and the sends alone
 * would take a core (docs/performance.md). Here a message yielded (or written to the direct sink) for many streams
 * is serialized once and the same bytes are written to each stream, and a unary call is one read, one write.
 *
 * Only the plumbing is lighter. The protocol decisions are Connect-ES's own helpers
 * (`@connectrpc/connect/protocol-grpc`: content type, timeout parsing and its maximum, trailer status with error
 * metadata and details; `@connectrpc/connect/protocol`: compression negotiation, envelope splitting, read and write
 * limits), the request goes through the same interceptors and handler in Connect's order, and grpc-message is
 * re-encoded as the Connect path re-encodes it (rpc-adapter.ts). What would cost more to match — compressed
 * requests, JSON, HTTP/1.1, encodings without a synchronous twin here — is left to Connect.
 * grpc-stream-parity.test.ts and grpc-unary-parity.test.ts send every case to both and require the same bytes.
 */
export interface GrpcLeanPathOptions {
  routes: LeanRoute[];
  /** Where a malformed request message is logged (as a client error). */
  logger?: Logger;
  interceptors: Interceptor[];
  shutdownSignal: AbortSignal;
  readMaxBytes: number;
  writeMaxBytes?: number;
  maxTimeoutMs?: number;
  acceptCompression?: Compression[];
  contextValues: (req: AnyRequest) => ContextValues;
  /** Checks the bearer token before a unary body is read (credentials-first.ts). */
  bodyGate?: BodyGate;
}

type HandlerOptions = ReturnType<typeof validateUniversalHandlerOptions>;

type Route = (LeanStreamRoute | LeanUnaryRoute) & { serialization: MethodSerializationLookup<DescMessage, DescMessage> };

/** Returns a handler that answers true when it took the call. */
export function createGrpcLeanPath(options: GrpcLeanPathOptions): (req: AnyRequest, res: AnyResponse) => boolean {
  const opt = validateUniversalHandlerOptions(options);
  const routes = new Map<string, Route>();
  for (const route of options.routes) {
    const serialization = createMethodSerializationLookup(route.method, opt.binaryOptions, opt.jsonOptions, opt);
    routes.set(routePath(route.method), { ...route, serialization });
  }
  const shutdown = shutdownRelay(options.shutdownSignal);
  return (req, res) => {
    if (req.httpVersion !== "2.0" || req.method !== "POST") return false;
    const route = routes.get(req.url ?? "");
    if (!route || !parseContentType(headerOf(req, headerContentType))?.binary) return false;
    const compression = compressionNegotiate(opt.acceptCompression, headerOf(req, headerEncoding), headerOf(req, headerAcceptEncoding), headerAcceptEncoding);
    const responseEncoding = compression.response?.name ?? "identity";
    if (compression.request || compression.error || !(responseEncoding in compressSync)) return false;
    const taken: Taken = { responseEncoding, req: req as Http2ServerRequest, res: res as Http2ServerResponse, opt, options, shutdown };
    void (isUnary(route) ? serveUnary(route, taken) : serveStream(route, taken)).catch(() => {
      if (!res.writableEnded) res.end();
    });
    return true;
  };
}

/** A call the lean path took: its request and response, the encoding chosen for the answer, the path's settings. */
interface Taken {
  responseEncoding: string;
  req: Http2ServerRequest;
  res: Http2ServerResponse;
  opt: HandlerOptions;
  options: GrpcLeanPathOptions;
  shutdown: ShutdownRelay;
}

async function serveStream(route: Route & LeanStreamRoute, taken: Taken): Promise<void> {
  const { req, res, opt, options } = taken;
  const { method } = route;
  // A stream's headers go out before Connect would choose its content type; it echoes the request's, as rpc-adapter.ts.
  const contentType = headerOf(req, headerContentType) ?? contentTypeProto;
  const { call, values, output, timeoutError } = startCall(route, taken, contentType);
  const { context } = call;
  // At once, as the Connect path does (rpc-adapter.ts): a quiet stream is visibly open.
  call.sendHeaders();
  const sink = new Http2StreamSink(res, call, output);
  values.set(directStreamSinkKey, sink);
  try {
    // As Connect's gRPC handler reads a stream's request: after the interceptors.
    const input = connectReads(route, checkedRequestBody(route, req, options.logger), timeoutError, opt);
    const invoke = applyInterceptors(async (request: StreamRequest): Promise<StreamResponse> => {
      const message = await singleMessage(request.message, "server-streaming");
      return {
        stream: true,
        service: method.parent,
        method,
        header: context.responseHeader,
        trailer: context.responseTrailer,
        message: route.impl(message as never, handlerContextFor(context, request)) as AsyncIterable<never>,
      };
    }, options.interceptors);
    const response = await invoke(interceptorRequest(call, true, input) as StreamRequest);
    for await (const message of response.message) {
      if (call.gone) break;
      const envelope = output.envelope(message);
      sink.flush(true);
      if (!res.write(envelope)) await drained(res, context.signal);
    }
    sink.flush(true);
    finish(res, call, undefined);
  } catch (error) {
    sink.flush(true);
    finish(res, call, error);
  } finally {
    call.end();
  }
}

/** A unary call as Connect's gRPC handler answers it: the one message with the headers, then the trailers. */
async function serveUnary(route: Route & LeanUnaryRoute, taken: Taken): Promise<void> {
  const { req, res, opt, options } = taken;
  const { call, output, timeoutError } = startCall(route, taken, contentTypeProto);
  try {
    // As Connect reads a unary request: the whole message (a bad timeout first), then the interceptors.
    const input = await unaryRequestMessage(route, req, timeoutError, opt, options);
    const envelope = output.envelope(await invokeUnary(route, call, input, options.interceptors));
    if (!call.gone) {
      call.sendHeaders();
      res.write(envelope);
    }
    finish(res, call, undefined);
  } catch (error) {
    finish(res, call, error);
  } finally {
    call.end();
  }
}

/** What every call starts with: its deadline (or the timeout's error), the call, its response encoding and encoder. */
function startCall(route: Route, taken: Taken, responseContentType: string) {
  const { responseEncoding, req, res, opt, options, shutdown } = taken;
  const timeout = parseTimeout(headerOf(req, headerTimeout), opt.maxTimeoutMs);
  const values = options.contextValues(req);
  const timeoutMs = timeout.error ? undefined : timeout.timeoutMs;
  const call = openCall(route.method, req, res, values, shutdown, { name: "grpc", timeoutMs, responseContentType });
  if (responseEncoding !== "identity") call.context.responseHeader.set(headerEncoding, responseEncoding);
  return { call, values, timeoutError: timeout.error, output: outputOf(route, responseEncoding, opt.compressMinBytes) };
}

/**
 * A unary request's one message. The usual body — one uncompressed message within readMaxBytes — goes straight to
 * Connect's parser, past the four async generators of its pipeline (a third of a chat send's CPU); any other body
 * takes that pipeline, which answers it as Connect's handler does (grpc-unary-parity.test.ts covers both).
 */
async function unaryRequestMessage(
  route: Route,
  req: Http2ServerRequest,
  timeoutError: ConnectError | undefined,
  opt: HandlerOptions,
  options: GrpcLeanPathOptions,
) {
  if (timeoutError) throw timeoutError; // Connect's pipeline raises it before it reads the body
  const admitted = bodyAdmitted(options.bodyGate, req);
  if (admitted !== true && !(await admitted)) return create(route.method.input);
  const body = checkedRequestBody(route, req, options.logger);
  const first = await body.next();
  const rest = first.done === true ? first : await body.next();
  if (first.done !== true && rest.done === true && isOneEnvelope(first.value, opt.readMaxBytes)) {
    return route.serialization.getI(true).parse(first.value.subarray(5));
  }
  const read = (async function* () {
    if (first.done !== true) yield first.value;
    if (rest.done !== true) yield rest.value;
    yield* body;
  })();
  return singleMessage(connectReads(route, read, undefined, opt), "unary");
}

function isOneEnvelope(bytes: Uint8Array, readMaxBytes: number): boolean {
  if (bytes.byteLength < 5 || bytes[0] !== 0) return false;
  const length = new DataView(bytes.buffer, bytes.byteOffset + 1, 4).getUint32(0);
  return length === bytes.byteLength - 5 && length <= readMaxBytes;
}

function checkedRequestBody(route: Route, req: Http2ServerRequest, logger?: Logger): AsyncGenerator<Uint8Array> {
  const { method } = route;
  return checkedBody(req, (bytes) => {
    const error = checkBinaryBody(method.input, bytes, true);
    if (error) logMalformed(logger, `${method.parent.typeName}/${method.name}`, error);
    return error;
  });
}

/** Connect's gRPC handler's reading of a request body: timeout error, envelopes, limits, decompression, parsing. */
function connectReads(route: Route, body: AsyncIterable<Uint8Array>, timeoutError: ConnectError | undefined, opt: HandlerOptions) {
  return pipe(
    body,
    transformPrepend<Uint8Array>(() => {
      if (timeoutError) throw timeoutError;
      return undefined;
    }),
    transformSplitEnvelope(opt.readMaxBytes),
    transformDecompressEnvelope(null, opt.readMaxBytes),
    transformParseEnvelope(route.serialization.getI(true)),
  );
}

const isUnary = (route: Route): route is Route & LeanUnaryRoute => route.method.methodKind === "unary";

/** What Connect's node adapter writes at the end: headers unless sent, trailers with the status, nothing more. */
function finish(res: Http2ServerResponse, call: Call, error: unknown): void {
  if (res.writableEnded || res.destroyed) return;
  call.sendHeaders();
  const trailer = call.context.responseTrailer;
  if (error === undefined) setTrailerStatus(trailer, undefined);
  else setTrailerStatus(trailer, error instanceof ConnectError ? error : new ConnectError("internal error", Code.Internal, undefined, undefined, error));
  respecGrpcMessageIn(trailer);
  const trailers: Record<string, string> = {};
  trailer.forEach((value, name) => (trailers[name] = value));
  res.addTrailers(trailers);
  res.end();
}

/** The one request message, with Connect's errors for none or more than one. */
async function singleMessage(messages: AsyncIterable<unknown>, kind: "unary" | "server-streaming"): Promise<unknown> {
  const it = messages[Symbol.asyncIterator]();
  const first = await it.next();
  if (first.done === true) throw new ConnectError(`protocol error: missing input message for ${kind} method`, Code.Unimplemented);
  const second = await it.next();
  if (second.done !== true) throw new ConnectError(`protocol error: received extra input message for ${kind} method`, Code.Unimplemented);
  return first.value;
}

interface Output {
  /** The message's envelope, serialized once however many streams it goes to; throws past writeMaxBytes. */
  envelope(message: unknown): Uint8Array;
}

/**
 * Connect's response compressions (app.ts: gzip, br) with the same zlib defaults, but synchronous: the direct sink
 * writes from a synchronous callback. The bytes are the same as Connect's asynchronous ones (the parity test).
 */
const compressSync: Record<string, ((bytes: Uint8Array) => Uint8Array) | undefined> = {
  identity: undefined,
  gzip: (bytes) => gzipSync(bytes, {}),
  br: (bytes) => brotliCompressSync(bytes, {}),
};

function outputOf(route: Route, encoding: string, compressMinBytes: number): Output {
  const compress = compressSync[encoding];
  const keep = keptEncoding(`grpc envelope, ${encoding}`);
  const encode = (message: unknown) => {
    let bytes: Uint8Array = route.serialization.getO(true).serialize(normalize(route.method.output, message));
    // As Connect's envelopeCompress: small messages go uncompressed even when the client accepts compression.
    const compressed = compress !== undefined && bytes.byteLength >= compressMinBytes;
    if (compressed) bytes = compress(bytes);
    const envelope = Buffer.allocUnsafe(5 + bytes.byteLength);
    envelope[0] = compressed ? compressedFlag : 0;
    envelope.writeUInt32BE(bytes.byteLength, 1);
    envelope.set(bytes, 5);
    return envelope;
  };
  return { envelope: (message) => keep(message, encode) };
}

/** What Connect's normalizeIterable does: an init object becomes the message. */
function normalize(schema: DescMessage, message: unknown): never {
  return (isMessage(message, schema) ? message : create(schema, message as never)) as never;
}

// ---- DirectStreamSink (platform/direct-stream-sink.ts): what the lean path offers a streaming handler ----
// Live messages go to the HTTP/2 stream itself, past the compatibility response's per-write checks. A message past
// writeMaxBytes ends the call with Connect's error for it, as a yielded one would. A class, not an object literal
// with a getter, for the reason lean-call.ts gives at LeanHandlerContext (its reads run once per delivery).
//
// One write in flight per stream: what arrives meanwhile waits here, in order, and goes out as one write when it
// completes — when Node's Writable would have written its own buffer of them. Node spends ~200 bytes of heap on
// every write it takes (its closures, a WriteWrap, a tick) and more on each one it buffers, and a busy stream's
// buffered writes live long enough to reach the old generation; a waiting envelope here costs a slot in an array
// (the envelope itself is shared by every stream of the channel). docs/performance.md has the figures.
class Http2StreamSink implements DirectStreamSink {
  private readonly stream: Http2ServerResponse["stream"];
  private waiting: Uint8Array[] = [];
  private waitingBytes = 0;
  private writing = false;
  /** The stream's write callback, made once per stream rather than once per write. */
  private readonly written = (error?: Error | null) => {
    this.writing = false;
    if (error) this.waiting = [];
    else this.flush();
  };

  constructor(
    private readonly res: Http2ServerResponse,
    private readonly call: Call,
    private readonly output: Output,
  ) {
    this.stream = res.stream;
  }

  write(message: unknown): boolean {
    // How much a client may leave unread is the stream's rule (chat/chat-stream.ts), not the transport's.
    if (this.call.gone || this.stream.destroyed || this.stream.writableEnded) return false;
    let envelope: Uint8Array;
    try {
      envelope = this.output.envelope(message);
    } catch (error) {
      this.flush(true);
      finish(this.res, this.call, error);
      return false;
    }
    if (this.writing) {
      this.waiting.push(envelope);
      this.waitingBytes += envelope.byteLength;
    } else {
      this.writing = true;
      this.stream.write(envelope, this.written);
    }
    return true;
  }

  /** Writes what waits as one chunk; `all`: even with a write in flight (before the stream ends or writes otherwise). */
  flush(all = false): void {
    const { waiting, stream } = this;
    if (waiting.length === 0 || (this.writing && !all)) return;
    this.waiting = [];
    const bytes = this.waitingBytes;
    this.waitingBytes = 0;
    if (stream.destroyed || stream.writableEnded) return;
    this.writing = true;
    stream.write(waiting.length === 1 ? waiting[0]! : Buffer.concat(waiting, bytes), this.written);
  }

  get unreadBytes(): number {
    return this.stream.writableLength + this.waitingBytes;
  }
}
// ---- end of DirectStreamSink ----

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

function headerOf(req: AnyRequest, name: string): string | null {
  const value = req.headers[name.toLowerCase()];
  return value === undefined ? null : Array.isArray(value) ? value.join(", ") : value;
}
