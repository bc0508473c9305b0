import { Code, ConnectError } from "@connectrpc/connect";
import {
  codeToHttpStatus,
  createEndStreamSerialization,
  endStreamFlag,
  errorToJsonBytes,
  parseContentType as parseConnectType,
} from "@connectrpc/connect/protocol-connect";
import { parseContentType as parseGrpcType, setTrailerStatus } from "@connectrpc/connect/protocol-grpc";
import { parseContentType as parseGrpcWebType } from "@connectrpc/connect/protocol-grpc-web";
import { encodeEnvelope } from "@connectrpc/connect/protocol";
import type { AnyRequest, AnyResponse } from "./listener.js";
import { specPercentEncode } from "./grpc-message.js";
import { GRPC_WEB_TEXT_RESPONSE_TYPE } from "./grpc-web-text.js";

/**
 * An rpc path no service has, answered in the caller's protocol so its client reports UNIMPLEMENTED instead of a
 * bare HTTP 404: gRPC gets grpc-status 12 in its trailers,
 * gRPC-web a trailers-only response (the status in the headers), Connect its
 * error JSON (HTTP 501, code "unimplemented") or, on a stream, an end-stream message carrying the error.
 */
export function answerUnimplemented(req: AnyRequest, res: AnyResponse, path: string): void {
  const error = new ConnectError(`${path} is not implemented`, Code.Unimplemented);
  const contentType = String(req.headers["content-type"] ?? "");
  const grpcWeb = parseGrpcWebType(contentType);
  req.resume(); // the request body is not needed
  const status: Record<string, string> = {};
  setTrailerStatus(new Headers(), error).forEach((value, name) => (status[name] = value));
  status["grpc-message"] = specPercentEncode(error.rawMessage);
  if (grpcWeb) {
    // gRPC-web's trailers-only form: the status in the headers, no body.
    res.writeHead(200, { "content-type": grpcWeb.text ? GRPC_WEB_TEXT_RESPONSE_TYPE : "application/grpc-web+proto", ...status });
    res.end();
    return;
  }
  if (parseGrpcType(contentType)) {
    // Node's compatibility API cannot end a stream with its HEADERS frame, so the status goes in real trailers.
    res.writeHead(200, { "content-type": "application/grpc" });
    res.addTrailers(status);
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
