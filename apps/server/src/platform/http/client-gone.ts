/** The client went away before its request body ended (collectBody, read-body.ts). */
export class ClientGoneError extends Error {
  readonly code = "ERR_CLIENT_GONE";
  constructor(message = "the client went away before the request body ended") {
    super(message);
  }
}

/** Node's errors for a peer that closed or reset the connection while we read or wrote. */
const GONE_CODES = new Set(["ERR_CLIENT_GONE", "ERR_STREAM_PREMATURE_CLOSE", "ERR_STREAM_DESTROYED", "ERR_HTTP2_STREAM_CANCEL", "ERR_HTTP2_INVALID_STREAM"]);

/**
 * Whether `error` says the client went away (closed the connection mid-body or mid-stream). That is the client's
 * choice, not our failure: CANCELED, logged at info, never at error with a stack. Only Node's own stream errors
 * count (node:http's "aborted" is ECONNRESET with that exact message), so a database connection reset is still
 * UNAVAILABLE.
 */
export function isClientGone(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  const code = (error as { code?: unknown }).code;
  if (typeof code === "string" && GONE_CODES.has(code)) return true;
  return code === "ECONNRESET" && error.message === "aborted";
}
