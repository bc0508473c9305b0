import { Code, ConnectError } from "@connectrpc/connect";
import type { Caller } from "./caller.js";

/**
 * Destructive actions need a recent sign-in (docs/permissions.md "Step-up"): the token's `auth_time` (when the user
 * last typed their password, and their second factor if they have one) at most this old. Judged by the clock that
 * judges the token's expiry, so a token and its sign-in age never disagree.
 */
export const STEP_UP_MAX_AGE_SECONDS = 300;

/**
 * How a refusal starts, on every transport (Connect, gRPC, gRPC-web, REST, the users API): clients test for it
 * (docs/wire.md "Step-up"). The code is PERMISSION_DENIED, never UNAUTHENTICATED: the token is still good for
 * everything else, and clients treat UNAUTHENTICATED as a lost session.
 */
export const STEP_UP_MARKER = "step-up required";

export const STEP_UP_MESSAGE = `${STEP_UP_MARKER}: This action needs a recent sign-in (within 5 minutes). Sign in again to continue.`;

/** The sign-in is recent enough: `auth_time` no older than `maxAgeSeconds`, and not in the future beyond clock skew. */
export function signInIsRecent(authTime: number | undefined, nowMs: number, maxAgeSeconds = STEP_UP_MAX_AGE_SECONDS): boolean {
  if (authTime === undefined || !Number.isFinite(authTime)) return false;
  const ageSeconds = nowMs / 1000 - authTime;
  return ageSeconds <= maxAgeSeconds && ageSeconds >= -FUTURE_SKEW_SECONDS;
}

/** A sign-in "in the future" by more than this is a broken clock or a forged claim, never fresh. */
const FUTURE_SKEW_SECONDS = 30;

/** The refusal of a destructive action by a caller whose sign-in is too old, or undefined. */
export function stepUpRefusal(caller: Pick<Caller, "authTime">, nowMs: number): ConnectError | undefined {
  return signInIsRecent(caller.authTime, nowMs) ? undefined : new ConnectError(STEP_UP_MESSAGE, Code.PermissionDenied);
}

/** For the handlers' finer rules (an account ban among other sanctions): throws the refusal. */
export function requireRecentSignIn(caller: Pick<Caller, "authTime">, nowMs = Date.now()): void {
  const refusal = stepUpRefusal(caller, nowMs);
  if (refusal) throw refusal;
}
