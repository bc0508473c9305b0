import { Code, ConnectError, type ContextValues } from "@connectrpc/connect";
import { universalRequestFromNodeRequest, universalResponseToNodeResponse } from "@connectrpc/connect-node";
import {
  compressionNegotiate,
  type Compression,
  type UniversalHandler,
  type UniversalServerRequest,
  type UniversalServerResponse,
} from "@connectrpc/connect/protocol";
import { headerAcceptEncoding, headerEncoding, parseContentType as parseGrpcContentType } from "@connectrpc/connect/protocol-grpc";
import type { ServerResponse } from "node:http";
import type { Logger } from "pino";
import { withEmptyMessage, type BodyGate } from "./credentials-first.js";
import { checkBinaryBody, checkedBody, logMalformed } from "../rpc/malformed-input.js";
import { respecGrpcMessageIn } from "./grpc-message.js";
import { GRPC_WEB_TEXT_RESPONSE_TYPE, grpcWebResponse, grpcWebTextRequest, isGrpcWebText } from "./grpc-web-text.js";
import type { AnyRequest, AnyResponse } from "./listener.js";
import { answerUnimplemented } from "./unimplemented.js";

const GRPC_WEB_TYPE = /^application\/grpc-web/i;
const GRPC_TYPE = /^application\/grpc(\+|;|$)/i;
/** Streaming content types whose responses are always 200 with this same content type (errors travel in the body). */
const EARLY_HEADER_TYPES = /^application\/(grpc-web(-text)?(\+proto|\+json)?|connect\+(proto|json))$/;

/**
 * gRPC, gRPC-web and Connect over node's http/http2 servers, from the same router the REST gateway uses
 * (what Connect's connectNodeAdapter does, plus one change): a server stream commits its response headers at once.
 * Connect writes them only with the first message, so a browser's fetch for a quiet chat channel would not resolve
 * — the view would say "Connecting…" — until somebody spoke, and a gRPC client could not tell a quiet stream from
 * a stuck one. The lean gRPC path does the same (grpc-lean-path.ts). `acceptCompression`: the router's.
 */
export function createRpcAdapter(
  handlers: readonly UniversalHandler[],
  contextValues: (req: AnyRequest) => ContextValues,
  logger: Logger,
  acceptCompression: Compression[] = [],
  /** Checks the bearer token before a body is read (credentials-first.ts); without it, every body is read. */
  bodyGate?: BodyGate,
) {
  const byPath = new Map(handlers.map((h) => [h.requestPath, h]));
  return (req: AnyRequest, res: AnyResponse): void => {
    const path = (req.url ?? "").split("?", 1)[0]!;
    const handler = byPath.get(path);
    if (!handler) return answerUnimplemented(req, res, path);
    // The lean paths take no gRPC-web at all, so every text-mode call comes here (grpc-web-text.ts).
    const contentType = String(req.headers["content-type"] ?? "");
    const grpcWeb = GRPC_WEB_TYPE.test(contentType);
    const text = grpcWeb && req.method === "POST" && isGrpcWebText(contentType);
    if (handler.method.methodKind === "server_streaming") commitHeadersEarly(req, res, text, acceptCompression);
    let request = universalRequestFromNodeRequest(req, res as never, undefined, contextValues(req));
    // Text mode is decoded to binary gRPC-web first, so one malformed-input check covers both.
    if (text) request = grpcWebTextRequest(request);
    const serve = (call: UniversalServerRequest) =>
      handler(call)
        .then((response) =>
          universalResponseToNodeResponse(
            grpcWeb ? grpcWebResponse(response, text) : GRPC_TYPE.test(contentType) ? respecGrpc(response) : response,
            res as never,
          ),
        )
        .catch((reason: unknown) => {
          if (ConnectError.from(reason).code === Code.Aborted) return;
          logger.error({ err: reason, rpc: `${handler.service.typeName}/${handler.method.name}` }, "rpc handler failed");
        });
    const admittedCall = () => withMalformedInputCheck(handler, req, request, logger);
    const gate = bodyGate;
    const admitted = gate?.admits(req) ?? true;
    if (!gate || admitted === true) void serve(admittedCall());
    else if (admitted === false) void serve(withEmptyMessage(gate, req, request));
    else void admitted.then((ok) => serve(ok ? admittedCall() : withEmptyMessage(gate, req, request)));
  };
}

function withMalformedInputCheck(handler: UniversalHandler, req: AnyRequest, request: UniversalServerRequest, logger: Logger): UniversalServerRequest {
  const framing = binaryFraming(req);
  if (framing === undefined || handler.method.methodKind === "client_streaming" || handler.method.methodKind === "bidi_streaming") return request;
  const body = checkedBody(request.body as AsyncIterable<Uint8Array>, (bytes) => {
    const error = checkBinaryBody(handler.method.input, bytes, framing === "enveloped");
    if (error) logMalformed(logger, `${handler.service.typeName}/${handler.method.name}`, error);
    return error;
  });
  return { ...request, body };
}

/** Native gRPC: Connect's grpc-message in the headers (trailers-only) or trailers, re-encoded (grpc-message.ts). */
function respecGrpc(response: UniversalServerResponse): UniversalServerResponse {
  respecGrpcMessageIn(response.header);
  respecGrpcMessageIn(response.trailer);
  const { body, trailer } = response;
  if (!body || !trailer) return response;
  // Connect fills the trailers as the body ends; node writes them after the last chunk.
  return {
    ...response,
    body: (async function* () {
      try {
        yield* body;
      } finally {
        respecGrpcMessageIn(trailer);
      }
    })(),
  };
}

function commitHeadersEarly(req: AnyRequest, res: AnyResponse, text: boolean, acceptCompression: Compression[]): void {
  const contentType = String(req.headers["content-type"] ?? "");
  if (req.method !== "POST") return;
  const head: Record<string, string> = { "content-type": text ? GRPC_WEB_TEXT_RESPONSE_TYPE : contentType };
  if (parseGrpcContentType(contentType)) {
    // Native gRPC: the response encoding is known now, as Connect's gRPC handler negotiates it.
    const compression = compressionNegotiate(acceptCompression, headerValue(req, headerEncoding), headerValue(req, headerAcceptEncoding), headerAcceptEncoding);
    if (compression.error) return; // Connect answers it with the status in the headers
    if (compression.response) head[headerEncoding.toLowerCase()] = compression.response.name;
  } else {
    // Compressed responses would need an encoding header chosen later; such clients keep Connect's behaviour.
    const mayCompress = req.headers["grpc-accept-encoding"] !== undefined || req.headers["connect-accept-encoding"] !== undefined;
    if (mayCompress || !EARLY_HEADER_TYPES.test(contentType)) return;
  }
  res.writeHead(200, head);
  (res as ServerResponse).write(new Uint8Array(0)); // an empty write flushes the headers
  // Connect writes its head after the first message (headers set by then are lost); the one on the wire stands.
  (res as { writeHead: unknown }).writeHead = () => res;
}

function headerValue(req: AnyRequest, name: string): string | null {
  const value = req.headers[name.toLowerCase()];
  return value === undefined ? null : Array.isArray(value) ? value.join(", ") : value;
}

/** Binary, uncompressed request bodies (the ones checkBinaryBody can read): bare or in frames. */
function binaryFraming(req: AnyRequest): "bare" | "enveloped" | undefined {
  const type = String(req.headers["content-type"] ?? "")
    .split(";")[0]!
    .trim();
  const compressed = [req.headers["content-encoding"], req.headers["grpc-encoding"], req.headers["connect-content-encoding"]].some(
    (e) => e !== undefined && e !== "identity",
  );
  if (req.method !== "POST" || compressed) return undefined;
  if (type === "application/proto") return "bare";
  return /^application\/(grpc|grpc\+proto|grpc-web(-text)?|grpc-web(-text)?\+proto|connect\+proto)$/.test(type) ? "enveloped" : undefined;
}
