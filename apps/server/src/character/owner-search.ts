/**
 * Owner ids whose username contains a text, through the identity provider's users API (Keycloak's
 * GET /admin/realms/{realm}/users?search=*text*: an infix search over username, email and names; this keeps the
 * users whose username contains it). Works with the embedded provider and with a real Keycloak; the caller's own
 * token is sent, so the provider decides who may look users up (moderators and admins: docs/permissions.md).
 * Answers are cached per text for a minute: typing in the search box asks again for each new text only.
 */
export type OwnerSearch = (text: string, bearerToken: string | undefined) => Promise<string[]>;

export interface OwnerSearchOptions {
  /** e.g. http://localhost:8080/admin/realms/default */
  adminUrl: string;
  logger: { warn(obj: object, msg: string): void };
  ttlMs?: number;
  /** Users per lookup; a text shared by more usernames finds the first ones (by username). */
  maxUsers?: number;
  maxEntries?: number;
  timeoutMs?: number;
  now?: () => number;
  fetchImpl?: typeof fetch;
}

interface Entry {
  expires: number;
  ids: Promise<string[]>;
}

export function createOwnerSearch({
  adminUrl,
  logger,
  ttlMs = 60_000,
  maxUsers = 100,
  maxEntries = 1_000,
  timeoutMs = 2_000,
  now = Date.now,
  fetchImpl = fetch,
}: OwnerSearchOptions): OwnerSearch {
  const cache = new Map<string, Entry>();
  const root = adminUrl.replace(/\/+$/, "");

  async function lookUp(text: string, token: string): Promise<string[]> {
    const query = new URLSearchParams({ search: `*${text}*`, briefRepresentation: "true", max: String(maxUsers) });
    const response = await fetchImpl(`${root}/users?${query}`, {
      headers: { accept: "application/json", authorization: `Bearer ${token}` },
      signal: AbortSignal.timeout(timeoutMs),
    });
    if (!response.ok) throw new Error(`users API answered ${response.status}`);
    const users: unknown = await response.json();
    if (!Array.isArray(users)) throw new Error("users API answered something other than a list");
    return users.flatMap((user: { id?: unknown; username?: unknown }) =>
      typeof user.id === "string" && typeof user.username === "string" && user.username.toLowerCase().includes(text) ? [user.id] : [],
    );
  }

  return async (rawText, token) => {
    const text = rawText.toLowerCase();
    // Keycloak reads '*' as a wildcard and '"' as exact: such texts cannot be asked for as a plain substring.
    if (!token || text === "" || /[*"]/.test(text)) return [];
    const hit = cache.get(text);
    if (hit && hit.expires > now()) return hit.ids;
    const ids = lookUp(text, token);
    cache.delete(text);
    cache.set(text, { expires: now() + ttlMs, ids });
    // Oldest first in a Map: drop from the front.
    while (cache.size > maxEntries) cache.delete(cache.keys().next().value!);
    try {
      return await ids;
    } catch (error) {
      // Not cached: the next search asks again. Characters are still searched by every other column.
      if (cache.get(text)?.ids === ids) cache.delete(text);
      logger.warn({ err: error instanceof Error ? error.message : String(error) }, "owner search through the users API failed");
      return [];
    }
  };
}
