import type { IncomingMessage } from "node:http";
import type { Http2ServerRequest } from "node:http2";
import { ClientGoneError } from "./client-gone.js";

export class BodyTooLargeError extends Error {
  constructor(limit: number) {
    super(`request body exceeds the limit of ${limit} bytes`);
  }
}

/** Reads the whole body, refusing anything over `limit` bytes (declared or actual). */
export async function readBody(req: IncomingMessage | Http2ServerRequest, limit: number): Promise<Buffer> {
  const declared = Number(req.headers["content-length"]);
  if (Number.isFinite(declared) && declared > limit) throw new BodyTooLargeError(limit);
  const { chunks, size } = await collectBody(req, limit);
  if (size > limit) throw new BodyTooLargeError(limit);
  return Buffer.concat(chunks);
}

/**
 * The body's chunks, read with 'data' events: a Readable's async iterator costs more per request than a small rpc
 * does (end-of-stream listeners, a promise per chunk). Stops collecting once more than `limit` bytes arrived, so
 * `size > limit` says the body was too large without holding all of it. Rejects if the client goes away first.
 * `keep: false` only counts the bytes (a body read to be dropped).
 */
export function collectBody(
  req: IncomingMessage | Http2ServerRequest,
  limit: number,
  { keep = true }: { keep?: boolean } = {},
): Promise<{ chunks: Buffer[]; size: number }> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const done = () => {
      req.off("data", onData);
      req.off("end", onEnd);
      req.off("error", onError);
      req.off("close", onClose);
    };
    const onData = (chunk: Buffer) => {
      if (keep) chunks.push(chunk);
      size += chunk.length;
      if (size > limit) {
        done();
        resolve({ chunks, size });
      }
    };
    const onEnd = () => {
      done();
      resolve({ chunks, size });
    };
    const onError = (error: Error) => {
      done();
      reject(error);
    };
    const onClose = () => {
      done();
      reject(new ClientGoneError());
    };
    req.on("data", onData);
    req.once("end", onEnd);
    req.once("error", onError);
    req.once("close", onClose);
  });
}
