import { fromBinary, type DescMessage } from "@bufbuild/protobuf";
import { Code, ConnectError } from "@connectrpc/connect";
import type { Logger } from "pino";

/**
 * A request message that does not decode is the client's fault: INVALID_ARGUMENT, logged as a client error. Connect
 * itself answers INTERNAL for malformed binary ("parse binary: ..."), and decodes before any interceptor runs, so the
 * binary transports check the message first (rpc-adapter.ts, the lean gRPC path).
 */
export function malformedInput(error: unknown): ConnectError {
  const reason = (error instanceof Error ? error.message : String(error)).replace(/^(\[\w+\] )?parse binary: /, "");
  return new ConnectError(`invalid request message: ${reason}`, Code.InvalidArgument);
}

export function logMalformed(logger: Logger | undefined, rpc: string, error: ConnectError): void {
  logger?.warn({ rpc, code: "InvalidArgument", reason: error.rawMessage }, "rpc refused: malformed request message");
}

/**
 * Checks the request body of a binary call before Connect reads it: the single message of a unary or server-streaming
 * call, bare (Connect unary) or in 5-byte frames (gRPC, gRPC-web, Connect streaming). Compressed or oddly framed
 * bodies are left to Connect. Returns the error to answer with, or undefined.
 */
export function checkBinaryBody(schema: DescMessage, body: Uint8Array, enveloped: boolean): ConnectError | undefined {
  const messages: Uint8Array[] = [];
  if (!enveloped) messages.push(body);
  else {
    for (let at = 0; at < body.length;) {
      if (at + 5 > body.length) return undefined;
      const flags = body[at]!;
      const length = new DataView(body.buffer, body.byteOffset + at + 1, 4).getUint32(0);
      if (flags !== 0 || at + 5 + length > body.length) return undefined;
      messages.push(body.subarray(at + 5, at + 5 + length));
      at += 5 + length;
    }
  }
  for (const message of messages) {
    try {
      fromBinary(schema, message);
    } catch (error) {
      return malformedInput(error);
    }
  }
  return undefined;
}

/** Up to this much of a body is checked before Connect sees it (beyond, Connect's readMaxBytes answers anyway). */
const CHECK_MAX_BYTES = 4 * 1024 * 1024;

/** Reads the whole body, lets `check` refuse it (the error then becomes the call's answer), then hands it on. */
export async function* checkedBody(body: AsyncIterable<Uint8Array>, check: (bytes: Uint8Array) => ConnectError | undefined): AsyncGenerator<Uint8Array> {
  const chunks: Uint8Array[] = [];
  let size = 0;
  const iterator = body[Symbol.asyncIterator]();
  for (;;) {
    const next = await iterator.next();
    if (next.done) break;
    chunks.push(next.value);
    size += next.value.byteLength;
    if (size > CHECK_MAX_BYTES) {
      yield* chunks;
      yield* { [Symbol.asyncIterator]: () => iterator };
      return;
    }
  }
  const bytes = Buffer.concat(chunks);
  const error = check(bytes);
  if (error) throw error;
  if (bytes.byteLength > 0) yield bytes;
}
