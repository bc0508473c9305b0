import { Code, ConnectError, type ContextValues } from "@connectrpc/connect";
import { universalRequestFromNodeRequest, universalResponseToNodeResponse } from "@connectrpc/connect-node";
import type { UniversalHandler, UniversalServerResponse } from "@connectrpc/connect/protocol";
import type { ServerResponse } from "node:http";
import type { Logger } from "pino";
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
 * (what Connect's connectNodeAdapter does, plus one change): a gRPC-web or Connect server stream commits its
 * response headers at once. Connect writes them only with the first message, so a browser's fetch for a quiet
 * chat channel would not resolve — the view would say "Connecting…" — until somebody spoke.
 */
export function createRpcAdapter(handlers: readonly UniversalHandler[], contextValues: (req: AnyRequest) => ContextValues, logger: Logger) {
  const byPath = new Map(handlers.map((h) => [h.requestPath, h]));
  return (req: AnyRequest, res: AnyResponse): void => {
    const path = (req.url ?? "").split("?", 1)[0]!;
    const handler = byPath.get(path);
    if (!handler) return answerUnimplemented(req, res, path);
    // The lean paths take no gRPC-web at all, so every text-mode call comes here (grpc-web-text.ts).
    const contentType = String(req.headers["content-type"] ?? "");
    const grpcWeb = GRPC_WEB_TYPE.test(contentType);
    const text = grpcWeb && req.method === "POST" && isGrpcWebText(contentType);
    if (handler.method.methodKind === "server_streaming") commitHeadersEarly(req, res, text);
    const request = universalRequestFromNodeRequest(req as never, res as never, undefined, contextValues(req));
    handler(text ? grpcWebTextRequest(request) : request)
      .then((response) => universalResponseToNodeResponse(grpcWeb ? grpcWebResponse(response, text) : GRPC_TYPE.test(contentType) ? respecGrpc(response) : response, res as never))
      .catch((reason: unknown) => {
        if (ConnectError.from(reason).code === Code.Aborted) return;
        logger.error({ err: reason, rpc: `${handler.service.typeName}/${handler.method.name}` }, "rpc handler failed");
      });
  };
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

function commitHeadersEarly(req: AnyRequest, res: AnyResponse, text: boolean): void {
  const contentType = String(req.headers["content-type"] ?? "");
  // Compressed responses would need a grpc-encoding header chosen later; such clients keep Connect's behaviour.
  const mayCompress = req.headers["grpc-accept-encoding"] !== undefined || req.headers["connect-accept-encoding"] !== undefined;
  if (req.method !== "POST" || mayCompress || !EARLY_HEADER_TYPES.test(contentType)) return;
  res.writeHead(200, { "content-type": text ? GRPC_WEB_TEXT_RESPONSE_TYPE : contentType });
  (res as ServerResponse).write(new Uint8Array(0)); // an empty write flushes the headers
  // Connect writes its (identical) head after the first message; the one on the wire stands.
  (res as { writeHead: unknown }).writeHead = () => res;
}
