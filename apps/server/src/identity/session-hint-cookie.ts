import type Provider from "oidc-provider";

/**
 * A cookie the SPA can read (same origin, not HttpOnly) that says "a signed-in session may exist at the provider",
 * so it runs the silent check at start (docs/product.md#states-and-transitions) without loading the sign-in code for every visitor. It mirrors the
 * provider's session cookie: set with the same lifetime whenever the provider sets that cookie for a signed-in
 * session, deleted whenever the provider clears it (logout) or sets it for a session nobody is signed in to.
 * The value is always "1": no identity, no session id, nothing secret. The web side reads and deletes it in
 * apps/web/src/lib/auth/session-hint.ts (same name).
 */
export const SESSION_HINT_COOKIE = "sro_session_hint";

const EPOCH_EXPIRES = "expires=Thu, 01 Jan 1970 00:00:00 GMT";

interface ParsedCookie {
  value: string;
  /** Lower-cased attribute name → value ("" for flags such as secure). */
  attributes: Map<string, string>;
}

function parseSetCookie(header: string): ParsedCookie & { name: string } {
  const [pair = "", ...rest] = header.split(";").map((part) => part.trim());
  const eq = pair.indexOf("=");
  const attributes = new Map<string, string>();
  for (const attribute of rest) {
    if (!attribute) continue;
    const at = attribute.indexOf("=");
    if (at < 0) attributes.set(attribute.toLowerCase(), "");
    else attributes.set(attribute.slice(0, at).trim().toLowerCase(), attribute.slice(at + 1).trim());
  }
  return { name: eq < 0 ? pair : pair.slice(0, eq), value: eq < 0 ? "" : pair.slice(eq + 1), attributes };
}

function isDeletion(cookie: ParsedCookie, now: number): boolean {
  const maxAge = cookie.attributes.get("max-age");
  if (maxAge !== undefined && Number(maxAge) <= 0) return true;
  const expires = cookie.attributes.get("expires");
  if (expires !== undefined && Date.parse(expires) <= now) return true;
  return cookie.value === "";
}

export interface SessionHintInput {
  /** The response's Set-Cookie headers so far. */
  setCookies: readonly string[];
  /** The provider's session cookie name (`_session` unless configured otherwise). */
  sessionCookieName: string;
  /** Whether the session the response belongs to has a signed-in account. */
  signedIn: boolean;
  /** Whether the request carried the hint (nothing to delete otherwise). */
  requestHasHint: boolean;
  now?: number;
}

/**
 * The Set-Cookie header for the hint, given what the provider's response does with its session cookie; undefined
 * when the response leaves the session cookie alone (or there is nothing to delete).
 */
export function sessionHintSetCookie(input: SessionHintInput): string | undefined {
  const now = input.now ?? Date.now();
  // The last Set-Cookie for the session cookie itself wins (not its `.sig` companion).
  const session = input.setCookies
    .map(parseSetCookie)
    .filter((cookie) => cookie.name === input.sessionCookieName)
    .at(-1);
  if (!session) return undefined;
  const secure = session.attributes.has("secure") ? "; Secure" : "";
  if (isDeletion(session, now) || !input.signedIn) {
    return input.requestHasHint ? `${SESSION_HINT_COOKIE}=; Path=/; ${EPOCH_EXPIRES}; Max-Age=0; SameSite=Lax${secure}` : undefined;
  }
  // Same lifetime as the session cookie: a browser-session cookie when it is one, else its Expires / Max-Age.
  const expires = session.attributes.get("expires");
  const maxAge = session.attributes.get("max-age");
  const lifetime = `${expires !== undefined ? `; Expires=${expires}` : ""}${maxAge !== undefined ? `; Max-Age=${maxAge}` : ""}`;
  return `${SESSION_HINT_COOKIE}=1; Path=/${lifetime}; SameSite=Lax${secure}`;
}

/** Adds the hint to every provider response that sets or clears the session cookie (see SESSION_HINT_COOKIE). */
export function mirrorSessionHint(provider: Provider): void {
  const sessionCookieName = provider.cookieName("session");
  provider.use(async (ctx, next) => {
    await next();
    const header = ctx.response.get("Set-Cookie") as unknown;
    const setCookies = Array.isArray(header) ? (header as string[]) : typeof header === "string" && header ? [header] : [];
    if (setCookies.length === 0) return;
    // ctx.oidc exists only on the provider's own routes; its session is the one the response's cookie belongs to.
    const oidc = (ctx as { oidc?: { session?: { accountId?: string } } }).oidc;
    const hint = sessionHintSetCookie({
      setCookies,
      sessionCookieName,
      signedIn: Boolean(oidc?.session?.accountId),
      requestHasHint: ctx.cookies.get(SESSION_HINT_COOKIE, { signed: false }) !== undefined,
    });
    if (hint) ctx.append("Set-Cookie", hint);
  });
}
