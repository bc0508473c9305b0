import type { AnyResponse } from "../platform/http/listener.js";

/**
 * Keycloak's third-party cookie check (/protocol/openid-connect/3p-cookies/step1.html → step2.html): keycloak-js
 * loads it in a hidden iframe before a silent check-sso and waits for "supported" or "unsupported". Scripts are
 * separate files so the pages keep a CSP without inline scripts.
 */
const STEP1_JS = `document.cookie = "KEYCLOAK_3P_COOKIE_SAMESITE=supported; max-age=60; samesite=none; secure";
document.cookie = "KEYCLOAK_3P_COOKIE=supported; max-age=60";
window.location.replace("step2.html");
`;

const STEP2_JS = `if (document.cookie.indexOf("KEYCLOAK_3P_COOKIE") !== -1) {
  document.cookie = "KEYCLOAK_3P_COOKIE_SAMESITE=; max-age=0; samesite=none; secure";
  document.cookie = "KEYCLOAK_3P_COOKIE=; max-age=0";
  window.parent.postMessage("supported", "*");
} else {
  window.parent.postMessage("unsupported", "*");
}
`;

const page = (script: string) =>
  `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Cookie check</title></head><body><script src="${script}"></script></body></html>`;

/** Serves the check's pages and scripts; false for any other path. */
export function handleThirdPartyCookieCheck(realmPath: string, rel: string, res: AnyResponse, webOrigins: string[]): boolean {
  const pages: Record<string, [string, string]> = {
    "/protocol/openid-connect/3p-cookies/step1.html": ["text/html", page(`${realmPath}/resources/3p-cookies-step1.js`)],
    "/protocol/openid-connect/3p-cookies/step2.html": ["text/html", page(`${realmPath}/resources/3p-cookies-step2.js`)],
    "/resources/3p-cookies-step1.js": ["text/javascript", STEP1_JS],
    "/resources/3p-cookies-step2.js": ["text/javascript", STEP2_JS],
  };
  const found = pages[rel];
  if (!found) return false;
  const [type, body] = found;
  if (type === "text/html") {
    // These two pages run our own scripts (and nothing else).
    res.setHeader("content-security-policy", `default-src 'none'; script-src 'self'; frame-ancestors 'self' ${webOrigins.join(" ")}`);
  }
  res.writeHead(200, { "content-type": `${type}; charset=utf-8`, "cache-control": "no-store" });
  res.end(body);
  return true;
}
