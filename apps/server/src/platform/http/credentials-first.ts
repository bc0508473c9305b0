import { encodeEnvelope, type UniversalServerRequest } from "@connectrpc/connect/protocol";
import { parseContentType as parseConnectContentType } from "@connectrpc/connect/protocol-connect";
import { parseContentType as parseGrpcContentType } from "@connectrpc/connect/protocol-grpc";
import { parseContentType as parseGrpcWebContentType } from "@connectrpc/connect/protocol-grpc-web";
import { bearerTokenOf } from "../auth/bearer-token.js";
import type { Caller } from "../auth/caller.js";
import { createAccessResolver, type AccessResolver } from "../auth/access-resolution.js";
import { capabilityOfRpc } from "../auth/capabilities.js";
import { publicRpcs } from "../auth/permissions.js";
import { TokenError, type TokenVerifier } from "../auth/token-verifier.js";
import type { AnyRequest } from "./listener.js";
import { collectBody } from "./read-body.js";

/**
 * Every rpc needs a valid bearer token (permissions.ts), yet Connect buffers and parses a unary request's body
 * before the interceptors run: a caller without credentials could make the server hold and parse up to
 * BODY_LIMIT_BYTES per call. So the token is checked first. A call without one, or with one that does not verify,
 * has its body read off the connection and dropped, chunk by chunk; the handler gets an empty message in the
 * request's own encoding, and the auth interceptor refuses it as it refuses every call: the same status, message,
 * log line and metric on every transport (REST and the lean paths do the same). The answer waits for the body's
 * end, up to BODY_LIMIT_BYTES: an answer sent before the body was read closes an HTTP/1.1 connection (listener.ts),
 * which is right for a body over the limit, but a client still writing a small one would report a reset instead.
 *
 * `admits` answers at once for no token (false) and for a token verified before (from the verifier's cache): true
 * unless the permission table denies the caller's role the rpc; only a new token costs a signature check here,
 * whose verdict the interceptor then finds cached (a refusal too).
 */
export interface BodyGate {
  /** `rpc`: the "/package.Service/Method" the call reaches, when its URL is not that path (REST). */
  admits(req: AnyRequest, rpc?: string): boolean | Promise<boolean>;
  /** Reads a refused call's body without keeping it: resolves at its end, past the limit, or when the client leaves. */
  drop(req: AnyRequest): Promise<void>;
}

export function createBodyGate(verifier: TokenVerifier, bodyLimitBytes: number, access: AccessResolver = createAccessResolver()): BodyGate {
  /** False when the caller's capabilities refuse this rpc: the interceptor will refuse it too. */
  const mayCall = (rpc: string, caller: Caller): boolean => {
    const capability = capabilityOfRpc.get(rpc.slice(1));
    return capability === undefined || access.resolve(caller).capabilities.has(capability);
  };
  return {
    admits(req, rpc = rpcPathOf(req)) {
      if (publicRpcs.has(rpc.slice(1))) return true;
      const token = bearerTokenOf(req.headers.authorization);
      if (token === undefined) return false;
      const known = verifier.knownCaller(token);
      if (known) return mayCall(rpc, known);
      // An unreachable identity provider is not the caller's fault: the interceptor answers UNAVAILABLE.
      return verifier.verify(token).then(
        (caller) => mayCall(rpc, caller),
        (error: unknown) => !(error instanceof TokenError),
      );
    },
    drop: (req) => dropBody(req, bodyLimitBytes),
  };
}

/** A gRPC, gRPC-web or Connect call's URL path: "/package.Service/Method". */
function rpcPathOf(req: AnyRequest): string {
  const url = req.url ?? "";
  const query = url.indexOf("?");
  return query === -1 ? url : url.slice(0, query);
}

/** For the lean paths: true when the body may be read; else a promise, false once the body is dropped unread. */
export function bodyAdmitted(gate: BodyGate | undefined, req: AnyRequest): true | Promise<boolean> {
  const admitted = gate?.admits(req) ?? true;
  if (!gate || admitted === true) return true;
  return (async () => {
    if (await admitted) return true;
    await gate.drop(req);
    return false;
  })();
}

const emptyJson = new TextEncoder().encode("{}");

/** `request` with an empty message of its encoding for a body, given once the client's own body is dropped. */
export function withEmptyMessage(gate: BodyGate, req: AnyRequest, request: UniversalServerRequest): UniversalServerRequest {
  const dropped = gate.drop(req);
  // Connect's GET carries its message in the URL; an unknown content type is refused before any body is read.
  const contentType = request.header.get("content-type");
  const codec = parseGrpcContentType(contentType) ?? parseGrpcWebContentType(contentType);
  const connect = codec ? undefined : parseConnectContentType(contentType);
  if (request.method !== "POST" || (!codec && !connect)) return { ...request, body: after(dropped, []) };
  const message = (codec ?? connect)!.binary ? new Uint8Array(0) : emptyJson;
  const header = new Headers(request.header);
  // The empty message is sent as is: neither compressed nor of the client's declared length.
  header.delete("content-length");
  header.delete("content-encoding");
  const enveloped = codec !== undefined || connect?.stream === true;
  return { ...request, header, body: after(dropped, [enveloped ? encodeEnvelope(0, message) : message]) };
}

function dropBody(req: AnyRequest, limit: number): Promise<void> {
  if (req.readableEnded || Number(req.headers["content-length"]) > limit) return Promise.resolve();
  return collectBody(req, limit, { keep: false }).then(
    ({ size }) => {
      if (size > limit) req.pause(); // the answer goes now; the rest of the body is not read
    },
    () => {}, // the client went away: nothing left to answer
  );
}

async function* after(done: Promise<void>, chunks: Uint8Array[]): AsyncIterable<Uint8Array> {
  await done;
  yield* chunks;
}
