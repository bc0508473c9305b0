import { Code, ConnectError } from '@connectrpc/connect';

export interface RpcErrorParts {
  /** Upper-case gRPC code name, e.g. 'INVALID_ARGUMENT'; 'UNKNOWN' when the error carries none. */
  code: string;
  /** The server's message without Connect's '[code]' prefix. */
  message: string;
}

const CODE_NAMES: Record<number, string> = Object.fromEntries(
  Object.entries(Code)
    .filter(([, value]) => typeof value === 'number')
    .map(([name, value]) => [value, name.replace(/([a-z])([A-Z])/g, '$1_$2').toUpperCase()]),
);

/** The upper-case name of a gRPC code, e.g. 14 → 'UNAVAILABLE'. */
export function codeName(code: Code): string {
  return CODE_NAMES[code] ?? 'UNKNOWN';
}

/**
 * The call never reached the server, or lost it on the way: the browser's fetch failed ('Failed to fetch',
 * 'NetworkError when attempting to fetch resource.', 'Load failed', 'network error' — a TypeError in every browser).
 * Connect reports these as UNKNOWN with the TypeError as cause; gRPC's name for them is UNAVAILABLE.
 */
export function isNetworkFailure(error: unknown): boolean {
  const cause = error instanceof ConnectError ? (error.code === Code.Unknown ? error.cause : null) : error;
  return cause instanceof TypeError;
}

/**
 * What a network failure means, said instead of the browser's 'Failed to fetch': `server` names what could not be
 * reached ('The chat server' in the chat). The one wording for every call that never reached its server.
 */
export const serverUnreachableText = (server = 'The server') => `${server} could not be reached. Check your network connection.`;

/**
 * docs/product.md#texts-and-errors: the RPC error carries a message and a code (default 'UNKNOWN'). A network failure is UNAVAILABLE (its gRPC
 * name) with a sentence, not 'UNKNOWN' with 'Failed to fetch'.
 */
export function rpcErrorParts(error: unknown): RpcErrorParts {
  // Only a call's failure: a TypeError thrown by our own code is a bug, not an unreachable server.
  if (error instanceof ConnectError && isNetworkFailure(error)) return { code: codeName(Code.Unavailable), message: serverUnreachableText() };
  if (error instanceof ConnectError) {
    return { code: codeName(error.code), message: error.rawMessage };
  }
  if (error instanceof Error) return { code: 'UNKNOWN', message: error.message };
  return { code: 'UNKNOWN', message: String(error) };
}

/**
 * Answers the same call gets again: the request itself is wrong or not allowed, or the server stopped it for taking
 * too long (a staff search past its limit would run, and fail, once more).
 */
const REPEATED_ANSWERS = new Set<Code>([
  Code.InvalidArgument,
  Code.NotFound,
  Code.AlreadyExists,
  Code.PermissionDenied,
  Code.FailedPrecondition,
  Code.OutOfRange,
  Code.Unimplemented,
  Code.DeadlineExceeded,
]);

/** Whether asking again may answer differently (a network failure, UNAVAILABLE, a token refreshed meanwhile). */
export function mayAnswerDifferently(error: unknown): boolean {
  return !(error instanceof ConnectError && REPEATED_ANSWERS.has(error.code));
}

export function isNotFound(error: unknown): boolean {
  return error instanceof ConnectError && error.code === Code.NotFound;
}

/** Create/edit failure toast: '{code}: {message}'. */
export function rpcFailureText(error: unknown): string {
  const { code, message } = rpcErrorParts(error);
  return `${code}: ${message}`;
}

/** Delete failure toast: 'Failed to delete the X. {code} + {message}'. */
export function deleteFailureText(entity: string, error: unknown): string {
  const { code, message } = rpcErrorParts(error);
  return `Failed to delete the ${entity}. ${code} + ${message}`;
}

/** List load failure: 'Failed to load dimensions: {code} {message}'. */
export function listLoadFailureText(what: string, error: unknown): string {
  const { code, message } = rpcErrorParts(error);
  return `Failed to load ${what}: ${code} ${message}`;
}

/** Single item load failure: 'Failed to load dimension. {message}'. */
export function itemLoadFailureText(what: string, error: unknown): string {
  return `Failed to load ${what}. ${rpcErrorParts(error).message}`;
}
