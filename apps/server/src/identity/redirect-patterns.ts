/**
 * Redirect URIs as a Keycloak client takes them: an exact URI, or a pattern ending in `/*` that matches any path
 * (and query) under the same scheme, host and port and path prefix. An origin without a path is the origin with
 * `/` (keycloak-js sends `redirect_uri=http://host:port` for a page at the root). Nothing more: no other
 * wildcard, no host wildcard, no scheme change.
 *
 * A requested URI must already be in the form a browser would produce (WHATWG URL serialization): backslashes,
 * dot segments (also encoded ones), userinfo, a fragment, `//` in the path or control characters make it differ
 * from its own serialization or are refused outright, so no parser disagreement can turn it into another place.
 */
export interface RedirectRule {
  /** As configured: `https://app.example/*`, `https://app.example/callback`. */
  readonly source: string;
  /** The origin users are sent to (web origins for CORS derive from it). */
  readonly origin: string;
  matches(uri: string): boolean;
}

export class RedirectPatternError extends Error {}

export function parseRedirectRule(source: string): RedirectRule {
  const wildcard = source.endsWith("/*");
  const base = wildcard ? source.slice(0, -1) : source;
  if (base.includes("*")) throw new RedirectPatternError(`${source}: '*' is allowed only as a trailing '/*'`);
  const url = canonical(base);
  if (!url) throw new RedirectPatternError(`${source}: must be an absolute http(s) URL without userinfo, fragment or dot segments`);
  if (wildcard) {
    const prefix = url.href.split("?")[0]!;
    if (url.search) throw new RedirectPatternError(`${source}: a '/*' pattern takes no query`);
    return { source, origin: url.origin, matches: (uri) => startsUnder(uri, url.origin, prefix) };
  }
  return { source, origin: url.origin, matches: (uri) => canonical(uri)?.href === url.href };
}

export function redirectMatcher(sources: readonly string[]): { rules: RedirectRule[]; allowed: (uri: string) => boolean } {
  const rules = sources.map(parseRedirectRule);
  return { rules, allowed: (uri) => rules.some((rule) => rule.matches(uri)) };
}

function startsUnder(uri: string, origin: string, prefix: string): boolean {
  const url = canonical(uri);
  if (!url || url.origin !== origin) return false;
  return `${url.origin}${url.pathname}`.startsWith(prefix);
}

// Printable ASCII only: no spaces, controls, backslashes or raw non-ASCII (browsers send those percent-encoded).
const SAFE_CHARACTERS = /^[!-[\]-~]+$/;

/** The URL when `value` is already canonical (an origin alone counts as origin + '/'), else undefined. */
function canonical(value: string): URL | undefined {
  if (!SAFE_CHARACTERS.test(value)) return undefined;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return undefined;
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") return undefined;
  if (url.username || url.password || url.hash || value.includes("#")) return undefined;
  if (url.pathname.includes("//") || /%2e/i.test(url.pathname) || /%2f|%5c/i.test(url.pathname)) return undefined;
  const originOnly = value === url.origin;
  if (!originOnly && url.href !== value) return undefined;
  return url;
}
