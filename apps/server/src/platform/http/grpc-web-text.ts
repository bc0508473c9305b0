import { Code, ConnectError } from "@connectrpc/connect";
import { encodeEnvelope, type UniversalServerRequest, type UniversalServerResponse } from "@connectrpc/connect/protocol";
import { parseContentType, trailerFlag, trailerParse, trailerSerialize } from "@connectrpc/connect/protocol-grpc-web";
import { respecGrpcMessage } from "./grpc-message.js";

/**
 * gRPC-web's text mode (`application/grpc-web-text[+proto]`): the binary gRPC-web body, base64-encoded both ways.
 * protobuf-ts's GrpcWebFetchTransport and Google's grpc-web (`mode=grpcwebtext`) default to it; Envoy's grpc_web
 * filter used to translate it. Connect-ES refuses it (415), so these two functions translate around Connect's own
 * gRPC-web handler: envelopes, trailers (the 0x80 frame) and compression stay Connect's.
 *
 * Each response chunk (one envelope: a message or the trailers) is encoded on its own, with padding, as Envoy and
 * grpc-dotnet do: a streamed chat message reaches the client whole instead of waiting for the next one to fill the
 * last base64 group. Clients decode padded groups one after another (the protocol doc allows it).
 */
export const GRPC_WEB_TEXT_RESPONSE_TYPE = "application/grpc-web-text+proto";

export function isGrpcWebText(contentType: string | undefined): boolean {
  const type = parseContentType(contentType ?? null);
  return type !== undefined && type.text && type.binary;
}

/** The request as Connect's binary gRPC-web handler expects it: body decoded, content type without `-text`. */
export function grpcWebTextRequest(request: UniversalServerRequest): UniversalServerRequest {
  const header = new Headers(request.header);
  header.set("content-type", "application/grpc-web+proto");
  header.delete("content-length");
  return { ...request, header, body: decodeBase64Stream(request.body as AsyncIterable<Uint8Array>) };
}

/**
 * Connect's gRPC-web response as other gRPC-web servers send it: `grpc-message` percent-encoded the spec's way
 * (grpc-message.ts), in the headers and in the trailers frame. In text mode, base64 chunk by chunk.
 */
export function grpcWebResponse(response: UniversalServerResponse, text: boolean): UniversalServerResponse {
  const header = new Headers(response.header);
  const message = header.get("grpc-message");
  if (message !== null) header.set("grpc-message", respecGrpcMessage(message));
  if (text && parseContentType(header.get("content-type"))) header.set("content-type", GRPC_WEB_TEXT_RESPONSE_TYPE);
  header.delete("content-length");
  return { ...response, header, body: response.body ? transformBody(response.body, text) : undefined };
}

/** Connect's gRPC-web handler yields one envelope per chunk: each message, then the trailers (flag 0x80). */
async function* transformBody(body: AsyncIterable<Uint8Array>, text: boolean): AsyncIterable<Uint8Array> {
  for await (const original of body) {
    if (original.byteLength === 0) continue;
    let chunk = original;
    if ((chunk[0]! & trailerFlag) === trailerFlag && chunk.byteLength >= 5) {
      const trailer = trailerParse(chunk.subarray(5));
      const message = trailer.get("grpc-message");
      if (message !== null) {
        trailer.set("grpc-message", respecGrpcMessage(message));
        chunk = encodeEnvelope(trailerFlag, trailerSerialize(trailer));
      }
    }
    yield text ? Buffer.from(Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength).toString("base64"), "latin1") : chunk;
  }
}

/** A base64 group (4 characters) may end in padding; several padded groups may follow each other. */
const BASE64_ALPHABET = /^[A-Za-z0-9+/=]*$/;
const PADDED_RUN = /[A-Za-z0-9+/]*={0,2}/g;

/**
 * Decodes as the text arrives, 4 characters at a time; whitespace is ignored, anything else outside the base64
 * alphabet (or a group cut short at the end) fails the call as Connect fails a malformed envelope.
 */
async function* decodeBase64Stream(body: AsyncIterable<Uint8Array>): AsyncIterable<Uint8Array> {
  let pending = "";
  for await (const chunk of body) {
    const text = Buffer.from(chunk).toString("latin1").replace(/\s+/g, "");
    if (!BASE64_ALPHABET.test(text)) throw new ConnectError("protocol error: grpc-web-text body is not base64", Code.InvalidArgument);
    pending += text;
    const whole = pending.length - (pending.length % 4);
    if (whole === 0) continue;
    yield decodeGroups(pending.slice(0, whole));
    pending = pending.slice(whole);
  }
  if (pending.length > 0) throw new ConnectError("protocol error: grpc-web-text body is not whole base64 groups", Code.InvalidArgument);
}

function decodeGroups(text: string): Uint8Array {
  const parts: Buffer[] = [];
  let consumed = 0;
  for (const run of text.match(PADDED_RUN) ?? []) {
    if (run.length === 0) continue;
    if (run.length % 4 !== 0) break;
    parts.push(Buffer.from(run, "base64"));
    consumed += run.length;
  }
  if (consumed !== text.length) throw new ConnectError("protocol error: grpc-web-text body is not base64", Code.InvalidArgument);
  return parts.length === 1 ? parts[0]! : Buffer.concat(parts);
}
