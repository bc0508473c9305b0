import type { IncomingMessage } from "node:http";
import type { Http2ServerRequest } from "node:http2";

export class BodyTooLargeError extends Error {
  constructor(limit: number) {
    super(`request body exceeds the limit of ${limit} bytes`);
  }
}

/** Reads the whole body, refusing anything over `limit` bytes (declared or actual). */
export async function readBody(req: IncomingMessage | Http2ServerRequest, limit: number): Promise<Buffer> {
  const declared = Number(req.headers["content-length"]);
  if (Number.isFinite(declared) && declared > limit) throw new BodyTooLargeError(limit);
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > limit) throw new BodyTooLargeError(limit);
    chunks.push(chunk);
  }
  return Buffer.concat(chunks);
}
