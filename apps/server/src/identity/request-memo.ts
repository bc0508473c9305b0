import { AsyncLocalStorage } from "node:async_hooks";

/**
 * What one identity request has read already. The provider asks for the same rows several times in one request (a
 * refresh grant reads the account in findAccount, in extraTokenClaims and for the ID token's claims; the token's
 * grant and session right after the token), and every statement costs the server CPU (a round trip on PostgreSQL,
 * PGlite's thread in-process). Nothing outlives its request: the next request reads afresh, so a change made
 * anywhere else (a group change, a disabled account, a revocation, a sign-out) is seen exactly as before.
 */
export interface RequestMemo {
  /** Runs one HTTP request with its own, empty memo. */
  run<T>(work: () => Promise<T>): Promise<T>;
  /** The request's value under `key`, made by `make` on first use; outside a request `make` runs every time. */
  once<T>(key: string, make: () => Promise<T>): Promise<T>;
  /** Rows of identity_oidc_payloads read in this request (undefined: none there), by `${kind}:id:${id}` or `${kind}:uid:${uid}`. */
  payloads(): Map<string, object | undefined> | undefined;
  /** Forgets the request's payload rows: after a write to them, later reads in the request go to the database. */
  forgetPayloads: () => void;
}

interface Scope {
  values: Map<string, Promise<unknown>>;
  payloads: Map<string, object | undefined>;
}

export function createRequestMemo(): RequestMemo {
  const storage = new AsyncLocalStorage<Scope>();
  return {
    run: (work) => storage.run({ values: new Map(), payloads: new Map() }, work),
    once<T>(key: string, make: () => Promise<T>): Promise<T> {
      const scope = storage.getStore();
      if (!scope) return make();
      let value = scope.values.get(key) as Promise<T> | undefined;
      if (!value) {
        value = make();
        scope.values.set(key, value);
        // A failed read is not remembered: a later call in the request tries again.
        value.catch(() => scope.values.delete(key));
      }
      return value;
    },
    payloads: () => storage.getStore()?.payloads,
    forgetPayloads: () => storage.getStore()?.payloads.clear(),
  };
}
