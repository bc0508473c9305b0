import type { Caller } from "./caller.js";

/**
 * External provider (OIDC_USERINFO_RECHECK_SECONDS): each token is re-checked at the provider's userinfo endpoint at
 * most once per interval, and open streams every interval. A 401 (Keycloak: user disabled, session ended) or groups
 * other than the token's (banned, demoted) revoke it. Keycloak has no push of such changes without an extension,
 * so this is how an external setup gets revocation within ~interval + one round trip.
 */
export interface UserinfoRecheck {
  readonly intervalMs: number;
  /** False when the provider says the token or its groups no longer hold. Throws when the provider is unreachable. */
  stillValid(token: string, caller: Caller): Promise<boolean>;
}

const KEPT = 10_000;

export function createUserinfoRecheck(options: { issuer: string; intervalMs: number; now?: () => number }): UserinfoRecheck {
  const now = options.now ?? Date.now;
  const checked = new Map<string, { at: number; valid: Promise<boolean> }>();
  let endpoint: Promise<string> | undefined;
  const userinfoEndpoint = () =>
    (endpoint ??= fetch(`${options.issuer}/.well-known/openid-configuration`, { signal: AbortSignal.timeout(5_000) })
      .then(async (r) => ((await r.json()) as { userinfo_endpoint?: string }).userinfo_endpoint ?? `${options.issuer}/protocol/openid-connect/userinfo`)
      .catch((error: unknown) => {
        endpoint = undefined;
        throw error;
      }));

  async function ask(token: string, caller: Caller): Promise<boolean> {
    const response = await fetch(await userinfoEndpoint(), { headers: { authorization: `Bearer ${token}` }, signal: AbortSignal.timeout(5_000) });
    if (response.status === 401 || response.status === 403) return false;
    if (!response.ok) throw new Error(`userinfo answered ${response.status}`);
    const claims = (await response.json()) as { sub?: string; groups?: unknown };
    if (claims.sub !== caller.sub) return false;
    // Without a groups claim in userinfo (no group mapper there) only the account's state is checked.
    if (!Array.isArray(claims.groups)) return true;
    const now = (claims.groups as unknown[]).map(String).sort().join("\n");
    return now === [...caller.groups].sort().join("\n");
  }

  return {
    intervalMs: options.intervalMs,
    stillValid(token, caller) {
      const known = checked.get(token);
      if (known && now() - known.at < options.intervalMs) return known.valid;
      const valid = ask(token, caller);
      checked.set(token, { at: now(), valid });
      valid.catch(() => checked.delete(token));
      if (checked.size > KEPT) checked.delete(checked.keys().next().value!);
      return valid;
    },
  };
}
