import { Code, ConnectError, type Interceptor, type StreamResponse } from "@connectrpc/connect";
import type { Logger } from "pino";
import { bearerTokenOf } from "../auth/bearer-token.js";
import { accessKey, callerKey, grantKey, requestIdKey, type Caller } from "../auth/caller.js";
import { createAccessResolver, type AccessResolver, type ResolvedAccess } from "../auth/access-resolution.js";
import { capabilityOfRpc } from "../auth/capabilities.js";
import { permissionTable, publicRpcs, rpcKey, stepUpRpcs } from "../auth/permissions.js";
import { stepUpRefusal } from "../auth/step-up.js";
import { TokenError, type TokenVerifier } from "../auth/token-verifier.js";
import { isDatabaseUnavailable, isUniqueViolation } from "../db/errors.js";
import type { Metrics } from "../metrics.js";
import type { Revocations } from "../auth/revocations.js";
import type { UserinfoRecheck } from "../auth/userinfo-recheck.js";
import { secondFactorRefusal, type SecondFactorPolicy } from "../auth/second-factor.js";
import { isClientGone } from "../http/client-gone.js";
import { endRpcSpan, startRpcSpan } from "../tracing.js";

/** Why an account may not use the game API at all (an account ban), or undefined (wired in app.ts). */
export type AccountGate = (sub: string) => ConnectError | undefined;

/**
 * Verifies the bearer token and decides from the caller's resolved capabilities before any handler runs: the rpc's
 * capability (capabilities.ts) at the scope the caller's roles give it, or PERMISSION_DENIED.
 * Handlers read the caller, grant and access from the context (platform/auth/caller.ts).
 */
export function authInterceptor(
  verifier: TokenVerifier,
  revocations?: Revocations,
  recheck?: UserinfoRecheck,
  accountGate?: AccountGate,
  access: AccessResolver = createAccessResolver(),
  secondFactor?: SecondFactorPolicy,
): Interceptor {
  return (next) => async (req) => {
    const key = rpcKey(req.service.typeName, req.method.name);
    const rule = permissionTable[key];
    if (!rule) {
      throw new ConnectError("no permission rule for this rpc", Code.Internal);
    }
    // Health probes hold no token (permissions.ts publicRpcs).
    if (publicRpcs.has(key)) return next(req);
    const header = req.header.get("authorization");
    const token = bearerTokenOf(header);
    if (token === undefined) {
      throw new ConnectError(header ? "authorization header must be 'Bearer <token>'" : "authentication required: send a bearer token", Code.Unauthenticated);
    }
    let caller: Caller;
    try {
      caller = await verifier.verify(token);
    } catch (error) {
      if (error instanceof TokenError) throw new ConnectError(error.message, Code.Unauthenticated);
      throw new ConnectError("identity provider unavailable, try again", Code.Unavailable);
    }
    // An account ban says why (reason, time left, the sanction as a detail) before a revoked token says "sign in again".
    const banned = accountGate?.(caller.sub);
    if (banned) throw banned;
    if (revocations?.isRevoked(caller.sub, token)) throw revokedError();
    if (recheck && !(await stillValid(recheck, token, caller))) throw revokedError();
    // Staff without a second factor in their token (when the policy asks for one) are players: what a player may
    // do stays open to them, staff calls are refused with the reason.
    const noSecondFactor = secondFactor ? secondFactorRefusal(secondFactor, caller) : undefined;
    if (noSecondFactor) caller = Object.freeze({ ...caller, role: "player" as const, groups: [] });
    const resolved = access.resolve(caller);
    const scope = scopeFor(key, resolved);
    if (scope === undefined) {
      if (noSecondFactor) throw new ConnectError(`permission denied: ${noSecondFactor}`, Code.PermissionDenied);
      throw new ConnectError(`permission denied: ${describeRoles(resolved.roles)} may not call ${req.method.name}`, Code.PermissionDenied);
    }
    // Only once the caller may make the call at all: a step-up would not help anyone else.
    const stale = stepUpRpcs.has(key) ? stepUpRefusal(caller, Date.now()) : undefined;
    if (stale) throw stale;
    req.contextValues.set(callerKey, caller);
    req.contextValues.set(grantKey, scope);
    req.contextValues.set(accessKey, resolved);
    const res = await next(req);
    if (!res.stream || !revocations) return res;
    return { ...res, message: endOnRevocation(res.message, revocations, caller.sub, token, recheck && { recheck, caller }, accountGate) };
  };
}

async function stillValid(recheck: UserinfoRecheck, token: string, caller: Caller): Promise<boolean> {
  try {
    return await recheck.stillValid(token, caller);
  } catch {
    throw new ConnectError("identity provider unavailable, try again", Code.Unavailable);
  }
}

const revokedError = () =>
  new ConnectError("access revoked: signed out, or the account was disabled, banned or its groups changed; sign in again", Code.Unauthenticated);

/**
 * An open stream of a revoked user or a signed-out session ends with UNAUTHENTICATED (the client signs in again and reconnects); of a
 * banned account, with the ban's PERMISSION_DENIED.
 */
function endOnRevocation<T>(
  source: AsyncIterable<T>,
  revocations: Revocations,
  sub: string,
  token: string,
  external?: { recheck: UserinfoRecheck; caller: Caller },
  accountGate?: AccountGate,
): AsyncIterable<T> {
  return {
    [Symbol.asyncIterator]() {
      const iterator = source[Symbol.asyncIterator]();
      let unwatch = () => {};
      const revoked = new Promise<never>((_, reject) => {
        const stopWatching = revocations.watch(sub, token, () => reject(accountGate?.(sub) ?? revokedError()));
        // External provider: ask it again every interval while the stream is open.
        const timer = external
          ? setInterval(() => {
              stillValid(external.recheck, token, external.caller).then(
                (valid) => valid || reject(revokedError()),
                () => {}, // unreachable provider: keep the stream, the next check tells
              );
            }, external.recheck.intervalMs)
          : undefined;
        timer?.unref();
        unwatch = () => {
          stopWatching();
          clearInterval(timer);
        };
      });
      revoked.catch(() => {}); // observed by next() below
      const stop = () => {
        unwatch();
        // Not awaited: a pending handler generator settles its own next() first (its context signal ends it).
        void iterator.return?.()?.catch(() => {});
      };
      return {
        next: () =>
          Promise.race([iterator.next(), revoked]).then(
            (result) => (result.done && unwatch(), result),
            (error: unknown) => {
              stop();
              throw error;
            },
          ),
        return: async (value?: unknown) => {
          stop();
          return { done: true, value: value as T };
        },
      };
    },
  };
}

/** The scope the caller holds the rpc's capability at, or undefined: denied. */
export function scopeFor(rpc: string, resolved: ResolvedAccess): "all" | "own" | undefined {
  const capability = capabilityOfRpc.get(rpc);
  return capability && resolved.capabilities.get(capability);
}

function describeRoles(roles: readonly string[]): string {
  return roles.length === 1 ? describeRole(roles[0]!) : `holders of ${roles.join(", ")}`;
}

function describeRole(role: string): string {
  switch (role) {
    case "banned":
      return "banned users";
    case "gameserver":
      return "game servers";
    case "player":
      return "players";
    case "moderator":
      return "moderators";
    case "admin":
      return "admins";
    default:
      return `holders of ${role}`;
  }
}

/** Turns any error into a clean status (never a stack or SQL), logs one line per call and counts it. */
export function observeInterceptor(logger: Logger, metrics?: Metrics): Interceptor {
  return (next) => async (req) => {
    const started = performance.now();
    const requestId = req.contextValues.get(requestIdKey);
    const rpc = `${req.service.typeName}/${req.method.name}`;
    const { span, run } = startRpcSpan(rpc, req.service.typeName, req.method.name, req.header, requestId);
    const log = (code: string, error?: unknown) => {
      endRpcSpan(span, code);
      const caller = req.contextValues.get(callerKey);
      const ms = performance.now() - started;
      const entry = { reqId: requestId, rpc, caller: caller?.sub, code, ms: Math.round(ms * 10) / 10 };
      if (error) logger.error({ ...entry, err: error }, "rpc failed");
      else logger.info(entry, "rpc");
      metrics?.rpcTotal.inc({ rpc, code });
      if (req.method.methodKind === "unary") metrics?.rpcSeconds.observe({ rpc }, ms / 1000);
    };
    try {
      const res = await run(() => next(req));
      if (!res.stream) {
        log("ok");
        return res;
      }
      metrics?.openStreams.inc({ rpc });
      const finished = (code: string, error?: unknown) => {
        metrics?.openStreams.dec({ rpc });
        log(code, error);
      };
      return { ...res, message: observeStream(res, finished, requestId) } as typeof res;
    } catch (error) {
      const clean = toConnectError(error, requestId);
      log(Code[clean.code] ?? String(clean.code), clean.code === Code.Internal ? error : undefined);
      throw clean;
    }
  };
}

/**
 * Counts and logs a server stream once it ends. Not `yield*`: that would forward the transport's throw() (a write
 * to a client that went away) to the inner iterator, which need not have a throw method (TypeError) and would
 * report the transport's error as ours. A failure thrown back at our yield is the client going away: CANCELED.
 */
async function* observeStream(res: StreamResponse, done: (code: string, error?: unknown) => void, requestId: string): AsyncGenerator<unknown> {
  let outcome: [string, unknown?] = ["Canceled"]; // the consumer stopped reading (client went away)
  const iterator = res.message[Symbol.asyncIterator]();
  let finished = false;
  try {
    for (;;) {
      let result: IteratorResult<unknown>;
      try {
        result = await iterator.next();
      } catch (error) {
        finished = true;
        const clean = toConnectError(error, requestId);
        outcome = [Code[clean.code] ?? String(clean.code), clean.code === Code.Internal ? error : undefined];
        throw clean;
      }
      if (result.done) {
        finished = true;
        outcome = ["ok"];
        return;
      }
      try {
        yield result.value;
      } catch (error) {
        throw new ConnectError("client went away", Code.Canceled, undefined, undefined, error);
      }
    }
  } finally {
    // Stopped early (return or throw from the transport): let the inner stream clean up.
    if (!finished) void iterator.return?.()?.catch(() => {});
    done(...outcome);
  }
}

export function toConnectError(error: unknown, requestId: string): ConnectError {
  if (error instanceof ConnectError) return error;
  if (isClientGone(error)) return new ConnectError("client went away", Code.Canceled);
  if (isUniqueViolation(error)) return new ConnectError("already exists", Code.AlreadyExists);
  if (isDatabaseUnavailable(error)) return new ConnectError("database unavailable, try again", Code.Unavailable);
  return new ConnectError(`internal error (request id ${requestId})`, Code.Internal);
}
