import { decodeJwt } from "jose";

/**
 * Users whose access changed (banned, disabled, demoted) as of a moment: tokens issued before it are refused and
 * their open streams end, on every node (the embedded provider announces changes on the chat bus). Tokens issued
 * after it carry the new groups, or are not issued at all for a disabled account.
 */
export interface Revocations {
  revoke(sub: string, atMs: number): void;
  /** True when the token (of this caller) was issued at or before the caller's last revocation. */
  isRevoked(sub: string, token: string): boolean;
  /** Calls `onRevoked` when `sub` is revoked from now on; returns the unsubscribe function. */
  watch(sub: string, onRevoked: () => void): () => void;
}

/** Longer than any access token lives (5 minutes here, Keycloak's default too): older entries can no longer matter. */
const KEEP_MS = 60 * 60 * 1000;

export function createRevocations(now: () => number = Date.now): Revocations {
  const revokedAt = new Map<string, number>();
  const watchers = new Map<string, Set<() => void>>();
  return {
    revoke(sub, atMs) {
      revokedAt.set(sub, Math.max(atMs, revokedAt.get(sub) ?? 0));
      for (const [key, at] of revokedAt) if (at < now() - KEEP_MS) revokedAt.delete(key);
      for (const onRevoked of [...(watchers.get(sub) ?? [])]) onRevoked();
    },
    isRevoked(sub, token) {
      const at = revokedAt.get(sub);
      if (at === undefined) return false;
      const iat = decodeJwt(token).iat;
      // iat has whole seconds: a token of the revocation's own second is refused too (the client just asks again).
      return typeof iat !== "number" || iat <= Math.floor(at / 1000);
    },
    watch(sub, onRevoked) {
      let set = watchers.get(sub);
      if (!set) watchers.set(sub, (set = new Set()));
      set.add(onRevoked);
      return () => {
        set.delete(onRevoked);
        if (set.size === 0) watchers.delete(sub);
      };
    },
  };
}
