import { Code, ConnectError } from "@connectrpc/connect";
import { codeToHttpStatus, createEndStreamSerialization, endStreamFlag, errorToJsonBytes, parseContentType as parseConnectType } from "@connectrpc/connect/protocol-connect";
import { parseContentType as parseGrpcType, setTrailerStatus } from "@connectrpc/connect/protocol-grpc";
import { parseContentType as parseGrpcWebType } from "@connectrpc/connect/protocol-grpc-web";
import { encodeEnvelope } from "@connectrpc/connect/protocol";
import type { AnyRequest, AnyResponse } from "./listener.js";
import { GRPC_WEB_TEXT_RESPONSE_TYPE, specPercentEncode } from "./grpc-web-text.js";

/**
 * An rpc path no service has, answered in the caller's protocol so its client reports UNIMPLEMENTED instead of a
 * bare HTTP 404: gRPC and gRPC-web get a trailers-only response (grpc-status 12 in the headers), Connect its
 * error JSON (HTTP 501, code "unimplemented") or, on a stream, an end-stream message carrying the error.
 */
export function answerUnimplemented(req: AnyRequest, res: AnyResponse, path: string): void {
  const error = new ConnectError(`${path} is not implemented`, Code.Unimplemented);
  const contentType = String(req.headers["content-type"] ?? "");
  const grpcWeb = parseGrpcWebType(contentType);
  if (grpcWeb || parseGrpcType(contentType)) {
    const headers: Record<string, string> = { "content-type": grpcWeb ? (grpcWeb.text ? GRPC_WEB_TEXT_RESPONSE_TYPE : "application/grpc-web+proto") : "application/grpc" };
    setTrailerStatus(new Headers(), error).forEach((value, name) => (headers[name] = value));
    if (grpcWeb) headers["grpc-message"] = specPercentEncode(error.rawMessage);
    res.writeHead(200, headers);
    res.end();
    return;
  }
  const connect = parseConnectType(contentType);
  if (connect?.stream) {
    const serialization = createEndStreamSerialization({});
    const body = encodeEnvelope(endStreamFlag, serialization.serialize({ metadata: new Headers(), error }));
    res.writeHead(200, { "content-type": connect.binary ? "application/connect+proto" : "application/connect+json" });
    res.end(body);
    return;
  }
  const body = errorToJsonBytes(error, {});
  res.writeHead(codeToHttpStatus(Code.Unimplemented), { "content-type": "application/json", "content-length": String(body.byteLength) });
  res.end(body);
}
