import { createHmac, timingSafeEqual } from "node:crypto";
import type { AuditActor } from "../audit/audit-trail.js";
import { bearerTokenOf } from "../platform/auth/bearer-token.js";
import { clientAddress } from "../platform/http/client-address.js";
import { requestIdOf } from "../platform/http/http-handler.js";
import type { AnyRequest, AnyResponse } from "../platform/http/listener.js";
import { readBody } from "../platform/http/read-body.js";

/** Small request/response helpers for the identity pages and JSON endpoints (node:http and http2 compat alike). */

const FORM_LIMIT_BYTES = 16 * 1024;

export async function readForm(req: AnyRequest): Promise<URLSearchParams> {
  const type = String(req.headers["content-type"] ?? "");
  if (!type.startsWith("application/x-www-form-urlencoded")) return new URLSearchParams();
  return new URLSearchParams((await readBody(req, FORM_LIMIT_BYTES)).toString("utf8"));
}

export function sendHtml(res: AnyResponse, status: number, body: string): void {
  // A page that loads our script files (the passkey forms) may run them: 'self' files only, still no inline script.
  const csp = res.getHeader("content-security-policy");
  if (typeof csp === "string" && !csp.includes("script-src") && body.includes("<script src=")) {
    res.setHeader("content-security-policy", csp.replace("default-src 'none';", "default-src 'none'; script-src 'self';"));
  }
  res.writeHead(status, { "content-type": "text/html; charset=utf-8", "cache-control": "no-store" });
  res.end(body);
}

export function sendJson(res: AnyResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  res.writeHead(status, { "content-type": "application/json", "cache-control": "no-store", ...headers });
  res.end(JSON.stringify(body));
}

export function redirect(res: AnyResponse, location: string, status = 303): void {
  res.writeHead(status, { location, "cache-control": "no-store" });
  res.end();
}

/**
 * Headers of every identity response. Pages load only our stylesheet and no script; forms may post to us and the
 * provider then redirects to a registered client, so form-action lists the web origins (Chrome checks redirects).
 */
export function setSecurityHeaders(res: AnyResponse, webOrigins: string[]): void {
  res.setHeader("content-security-policy", securityPolicy(webOrigins));
  res.setHeader("x-content-type-options", "nosniff");
  res.setHeader("referrer-policy", "no-referrer");
  // No Cross-Origin-Opener-Policy: a popup sign-in (oidc-client-ts signinPopup) must keep its opener.
}

/** The pages' CSP; `scripts` allows our own script files (the self-confirming logout page), never inline ones. */
export function securityPolicy(webOrigins: string[], options: { scripts?: boolean } = {}): string {
  const origins = webOrigins.join(" ");
  const scripts = options.scripts ? " script-src 'self';" : "";
  return `default-src 'none';${scripts} style-src 'self'; font-src 'self'; img-src 'self' data:; form-action 'self' ${origins}; frame-ancestors 'self' ${origins}; base-uri 'none'`;
}

/** CORS for browser calls from the SPA's origins; answers preflights itself (returns true when it did). */
export function applyCors(req: AnyRequest, res: AnyResponse, allowedOrigins: string[], methods: string): boolean {
  const origin = req.headers.origin;
  res.setHeader("vary", "Origin");
  if (typeof origin === "string" && allowedOrigins.includes(origin)) {
    res.setHeader("access-control-allow-origin", origin);
    // Like Keycloak: keycloak-js sends its token and userinfo requests with credentials.
    res.setHeader("access-control-allow-credentials", "true");
    res.setHeader("access-control-expose-headers", "WWW-Authenticate");
  }
  if (req.method !== "OPTIONS") return false;
  if (typeof origin === "string" && allowedOrigins.includes(origin)) {
    res.setHeader("access-control-allow-methods", methods);
    res.setHeader("access-control-allow-headers", "Authorization, Content-Type, Accept");
    res.setHeader("access-control-max-age", "600");
  }
  res.writeHead(204);
  res.end();
  return true;
}

export function bearerToken(req: AnyRequest): string | undefined {
  return bearerTokenOf(req.headers.authorization);
}

export { clientAddress };

/**
 * CSRF tokens are HMACs of something only the signed-in browser holds (the interaction id or session id), keyed by
 * a server secret: no extra cookie, valid on every node, useless for any other session.
 */
export function csrfToken(secrets: Buffer[], binding: string): string {
  return createHmac("sha256", secrets[0]!).update(binding).digest("base64url");
}

export function verifyCsrfToken(secrets: Buffer[], binding: string, token: string | null): boolean {
  if (!token) return false;
  const given = Buffer.from(token);
  return secrets.some((secret) => {
    const expected = Buffer.from(createHmac("sha256", secret).update(binding).digest("base64url"));
    return expected.length === given.length && timingSafeEqual(expected, given);
  });
}

/** Form posts must come from our own pages: a foreign Origin (or a cross-site fetch) is refused outright. */
export function isSameOriginPost(req: AnyRequest, publicOrigin: string): boolean {
  const origin = req.headers.origin;
  if (typeof origin === "string" && origin !== "null") return origin === publicOrigin;
  return req.headers["sec-fetch-site"] !== "cross-site";
}

/** Who made a write over plain HTTP (the users API, the sign-in and account pages), for its audit record. */
export function auditActorOfRequest(who: { sub: string; username: string }, req: AnyRequest, trustProxy: boolean): AuditActor {
  return { id: who.sub, name: who.username, requestId: requestIdOf.get(req) ?? "", sourceAddress: clientAddress(req, trustProxy) };
}
