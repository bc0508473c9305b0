import { decodeJwt } from "jose";
import { TokenError, type TokenVerifier } from "./token-verifier.js";

/**
 * Access tokens that stopped counting before they expire, on every node (the embedded provider announces each change
 * on the chat bus, app.ts): all of a user's (banned, disabled, demoted, new password) or one sign-in session's
 * (signed out), as of a moment. Tokens issued after it carry the new state, or are not issued at all.
 */
export interface Revocations {
  /** Every token of `sub` issued at or before atMs. */
  revoke(sub: string, atMs: number): void;
  /**
   * The tokens of one sign-in session (their `sid`) issued at or before atMs: of every client when the session ended,
   * of `clientId` only (their `azp`) when just that client signed out of a session that goes on.
   */
  endSession(sub: string, sessionId: string, atMs: number, clientId?: string): void;
  /** True when the token (of this caller) was issued at or before a revocation that covers it. */
  isRevoked(sub: string, token: string): boolean;
  /** Calls `onRevoked` once a revocation from now on covers this token of `sub`; returns the unsubscribe function. */
  watch(sub: string, token: string, onRevoked: () => void): () => void;
}

/** Longer than any access token lives (5 minutes here, Keycloak's default too): older entries can no longer matter. */
export const REVOCATIONS_KEEP_MS = 60 * 60 * 1000;

interface UserRevocations {
  /** Everything of the user up to this moment. */
  allAt?: number;
  /** By session id, or "session id + client id" for one client's sign-out. */
  sessions: Map<string, number>;
  /** The newest moment above: the entry goes when it is older than REVOCATIONS_KEEP_MS. */
  newestAt: number;
}

const sessionKey = (sessionId: string, clientId?: string) => (clientId === undefined ? sessionId : `${sessionId} ${clientId}`);

export function createRevocations(now: () => number = Date.now): Revocations {
  const byUser = new Map<string, UserRevocations>();
  const watchers = new Map<string, Set<{ token: string; onRevoked: () => void }>>();

  const entryOf = (sub: string, atMs: number): UserRevocations => {
    for (const [key, entry] of byUser) if (entry.newestAt < now() - REVOCATIONS_KEEP_MS) byUser.delete(key);
    let entry = byUser.get(sub);
    if (!entry) byUser.set(sub, (entry = { sessions: new Map(), newestAt: atMs }));
    entry.newestAt = Math.max(entry.newestAt, atMs);
    return entry;
  };
  const tell = (sub: string) => {
    for (const watcher of [...(watchers.get(sub) ?? [])]) if (isRevoked(sub, watcher.token)) watcher.onRevoked();
  };
  function isRevoked(sub: string, token: string): boolean {
    const entry = byUser.get(sub);
    if (!entry) return false;
    const { iat, iat_ms: iatMs, sid, azp } = decodeJwt(token);
    if (typeof iat !== "number") return true;
    // The embedded provider's tokens carry their issue time in ms; without it (iat has whole seconds) a token of the
    // revocation's own second is refused too (the client just asks again).
    const covers = (atMs: number | undefined) => atMs !== undefined && (typeof iatMs === "number" ? iatMs <= atMs : iat <= Math.floor(atMs / 1000));
    if (covers(entry.allAt)) return true;
    if (typeof sid !== "string") return false;
    return covers(entry.sessions.get(sid)) || (typeof azp === "string" && covers(entry.sessions.get(sessionKey(sid, azp))));
  }

  return {
    revoke(sub, atMs) {
      const entry = entryOf(sub, atMs);
      entry.allAt = Math.max(atMs, entry.allAt ?? 0);
      tell(sub);
    },
    endSession(sub, sessionId, atMs, clientId) {
      const entry = entryOf(sub, atMs);
      const key = sessionKey(sessionId, clientId);
      entry.sessions.set(key, Math.max(atMs, entry.sessions.get(key) ?? 0));
      tell(sub);
    },
    isRevoked,
    watch(sub, token, onRevoked) {
      let set = watchers.get(sub);
      if (!set) watchers.set(sub, (set = new Set()));
      const watcher = { token, onRevoked };
      set.add(watcher);
      return () => {
        set.delete(watcher);
        if (set.size === 0) watchers.delete(sub);
      };
    },
  };
}

/**
 * `verifier`, refusing like an expired token a token that no longer counts (signed out, access changed, a banned
 * account): the identity routes' verifier, and the body gate's (credentials-first.ts), so such a caller's body is
 * dropped unread as a stranger's is.
 */
export function unlessRevoked(verifier: TokenVerifier, isRevoked?: (sub: string, token: string) => boolean): TokenVerifier {
  if (!isRevoked) return verifier;
  return {
    async verify(token) {
      const caller = await verifier.verify(token);
      if (isRevoked(caller.sub, token)) throw new TokenError("the token was revoked: signed out, or the account changed; sign in again");
      return caller;
    },
    knownCaller(token) {
      const caller = verifier.knownCaller(token);
      return caller && !isRevoked(caller.sub, token) ? caller : undefined;
    },
  };
}
