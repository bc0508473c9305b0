import { create, type DescMessage } from "@bufbuild/protobuf";
import type { Logger } from "pino";
import { Code, ConnectError, type ContextValues, type Interceptor } from "@connectrpc/connect";
import {
  compressionNegotiate,
  createMethodSerializationLookup,
  readAllBytes,
  validateUniversalHandlerOptions,
  type Compression,
  type MethodSerializationLookup,
} from "@connectrpc/connect/protocol";
import { codeToHttpStatus, errorToJsonBytes, parseContentType, parseTimeout, trailerMux } from "@connectrpc/connect/protocol-connect";
import { bodyAdmitted, type BodyGate } from "../http/credentials-first.js";
import type { AnyRequest, AnyResponse } from "../http/listener.js";
import { collectBody } from "../http/read-body.js";
import { keptEncoding } from "./frozen-messages.js";
import { decodeInput, logMalformed } from "./malformed-input.js";
import { invokeUnary, openCall, routePath, shutdownRelay, type FastRoute, type FastUnaryRoute, type ShutdownRelay } from "./fast-call.js";

const keptBinary = keptEncoding("binary");
const keptJson = keptEncoding("json");

/**
 * A lean path for Connect's unary protocol (POST, `application/json` or `application/proto`, over HTTP/1.1 or
 * HTTP/2) on the hot unary calls: the cached map and dimension reads and the chat sends. Connect's own handler
 * wraps each call in async iterables, web Request/Headers objects and four linked abort controllers (a DOMException
 * per call); that plumbing cost more CPU than the call. The protocol details — content types, error JSON, HTTP
 * status per code, timeouts, response compression, trailers as `trailer-` headers — come from Connect-ES's own
 * protocol-connect helpers, so the wire answer is Connect's. Anything else (GET requests, compressed requests,
 * streams, other rpcs) goes to Connect's handler as before.
 */
export interface ConnectUnaryFastPathOptions {
  routes: FastRoute[];
  /** Where a malformed request message is logged (as a client error). */
  logger?: Logger;
  interceptors: Interceptor[];
  shutdownSignal: AbortSignal;
  readMaxBytes: number;
  acceptCompression: Compression[];
  contextValues: (req: AnyRequest) => ContextValues;
  /** Checks the bearer token before a body is read (credentials-first.ts). */
  bodyGate?: BodyGate;
}

interface Route extends FastUnaryRoute {
  serialization: MethodSerializationLookup<DescMessage, DescMessage>;
}

/** Returns a handler that answers true when it took the call. */
export function createConnectUnaryFastPath(options: ConnectUnaryFastPathOptions): (req: AnyRequest, res: AnyResponse) => boolean {
  // Connect's defaults for everything the router options leave out (compressMinBytes, writeMaxBytes, JSON options).
  const opt = validateUniversalHandlerOptions(options);
  const routes = new Map<string, Route>();
  for (const route of options.routes) {
    if (route.method.methodKind !== "unary") continue;
    const serialization = createMethodSerializationLookup(route.method, opt.binaryOptions, opt.jsonOptions, opt);
    routes.set(routePath(route.method), { ...(route as FastUnaryRoute), serialization });
  }
  const shutdown = shutdownRelay(options.shutdownSignal);
  return (req, res) => {
    if (req.method !== "POST") return false;
    const route = routes.get(req.url ?? "");
    if (!route) return false;
    const type = parseContentType(req.headers["content-type"] ?? null);
    const encoding = req.headers["content-encoding"];
    if (!type || type.stream || (encoding !== undefined && encoding !== "identity")) return false;
    void serve(route, type.binary, req, res, opt, options, shutdown).catch(() => {
      if (!res.writableEnded) res.end();
    });
    return true;
  };
}

type HandlerOptions = ReturnType<typeof validateUniversalHandlerOptions>;

/** What Connect's unary handler answers: the message with 200, or the error JSON with the code's HTTP status. */
async function serve(
  route: Route,
  binary: boolean,
  req: AnyRequest,
  res: AnyResponse,
  opt: HandlerOptions,
  options: ConnectUnaryFastPathOptions,
  shutdown: ShutdownRelay,
): Promise<void> {
  const timeout = parseTimeout(headerOf(req, "connect-timeout-ms"), opt.maxTimeoutMs);
  const contentType = binary ? "application/proto" : "application/json";
  const call = openCall(route.method, req, res, options.contextValues(req), shutdown, {
    name: "connect",
    timeoutMs: timeout.timeoutMs,
    responseContentType: contentType,
  });
  const { context } = call;
  const compression = compressionNegotiate(opt.acceptCompression, null, headerOf(req, "accept-encoding"), "accept-encoding");
  let status = 200;
  let body: Uint8Array;
  try {
    if (timeout.error) throw timeout.error;
    const input = await requestMessage(route, binary, req, opt, options);
    const output = await invokeUnary(route, call, input, options.interceptors);
    body = (binary ? keptBinary : keptJson)(output, (message) => route.serialization.getO(binary).serialize(message as never));
  } catch (e) {
    const error = e instanceof ConnectError ? e : new ConnectError("internal error", Code.Internal, undefined, undefined, e);
    status = codeToHttpStatus(error.code);
    context.responseHeader.set("content-type", "application/json");
    error.metadata.forEach((value, key) => context.responseHeader.set(key, value));
    body = errorToJsonBytes(error, opt.jsonOptions);
  } finally {
    call.end();
  }
  if (call.gone || res.writableEnded || res.destroyed) return;
  if (compression.response && body.byteLength >= opt.compressMinBytes) {
    body = await compression.response.compress(body);
    context.responseHeader.set("content-encoding", compression.response.name);
  }
  const headers: Record<string, string> = {};
  trailerMux(context.responseHeader, context.responseTrailer).forEach((value, name) => (headers[name] = value));
  headers["content-length"] = String(body.byteLength);
  res.writeHead(status, headers);
  res.end(body);
}

async function requestMessage(route: Route, binary: boolean, req: AnyRequest, opt: HandlerOptions, options: ConnectUnaryFastPathOptions): Promise<unknown> {
  const admitted = bodyAdmitted(options.bodyGate, req);
  if (admitted !== true && !(await admitted)) return create(route.method.input);
  const bytes = await readRequestBytes(req, opt.readMaxBytes);
  return binary ? decodeLogged(route, options, () => route.serialization.getI(true).parse(bytes)) : route.serialization.getI(false).parse(bytes);
}

function headerOf(req: AnyRequest, name: string): string | null {
  const value = req.headers[name];
  return value === undefined ? null : Array.isArray(value) ? value.join(", ") : value;
}

/** Connect's readAllBytes (its limits and messages) over chunks read with events (read-body.ts says why). */
async function readRequestBytes(req: AnyRequest, maxBytes: number): Promise<Uint8Array> {
  const lengthHint = headerOf(req, "content-length");
  if (Number(lengthHint) > maxBytes) return readAllBytes(iterate([]), maxBytes, lengthHint); // refuses before reading
  const { chunks } = await collectBody(req, maxBytes);
  return readAllBytes(iterate(chunks), maxBytes, lengthHint);
}

async function* iterate(chunks: Uint8Array[]): AsyncIterable<Uint8Array> {
  yield* chunks;
}

function decodeLogged<T>(route: Route, options: ConnectUnaryFastPathOptions, decode: () => T): T {
  try {
    return decodeInput(decode);
  } catch (error) {
    if (error instanceof ConnectError) logMalformed(options.logger, `${route.method.parent.typeName}/${route.method.name}`, error);
    throw error;
  }
}
