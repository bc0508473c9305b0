import { createHash, randomBytes } from "node:crypto";

/**
 * A scripted browser for OpenID Connect flows over plain HTTP: a cookie jar, manual redirects, HTML form parsing.
 * Enough to drive the embedded provider's real pages the way a user would.
 */
interface StoredCookie {
  value: string;
  path: string;
}

export class CookieJar {
  private readonly cookies = new Map<string, StoredCookie>();
  /** Every Set-Cookie header received, in order (to check attributes). */
  readonly received: string[] = [];

  store(response: Response): void {
    for (const header of response.headers.getSetCookie()) {
      this.received.push(header);
      const [pair, ...attributes] = header.split(";").map((p) => p.trim());
      const eq = pair!.indexOf("=");
      const name = pair!.slice(0, eq);
      const value = pair!.slice(eq + 1);
      const attr = (key: string) => attributes.find((a) => a.toLowerCase().startsWith(`${key}=`))?.split("=")[1];
      const path = attr("path") ?? "/";
      const expires = attr("expires");
      const gone = attr("max-age") === "0" || (expires !== undefined && Date.parse(expires) < Date.now()) || value === "";
      const key = `${name};${path}`;
      if (gone) this.cookies.delete(key);
      else this.cookies.set(key, { value, path });
    }
  }

  headerFor(url: string): string {
    const path = new URL(url).pathname;
    return [...this.cookies.entries()]
      .filter(([, c]) => path === c.path || path.startsWith(c.path.endsWith("/") ? c.path : `${c.path}/`) || c.path === "/")
      .map(([key, c]) => `${key.split(";")[0]}=${c.value}`)
      .join("; ");
  }

  names(): string[] {
    return [...this.cookies.keys()].map((k) => k.split(";")[0]!);
  }

  value(name: string, path = "/"): string | undefined {
    return this.cookies.get(`${name};${path}`)?.value;
  }

  /** Puts a cookie back by hand (e.g. a session cookie kept from before a logout). */
  set(name: string, value: string, path = "/"): void {
    this.cookies.set(`${name};${path}`, { value, path });
  }

  /** The last Set-Cookie header received for this cookie name. */
  lastSetCookie(name: string): string | undefined {
    return this.received.findLast((header) => header.startsWith(`${name}=`));
  }
}

export interface Page {
  url: string;
  status: number;
  body: string;
  headers: Headers;
}

export interface HtmlForm {
  action: string;
  method: string;
  fields: Record<string, string>;
}

const decodeEntities = (s: string) =>
  s
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&amp;/g, "&");

export function parseForms(html: string, baseUrl: string): HtmlForm[] {
  return [...html.matchAll(/<form\b([^>]*)>([\s\S]*?)<\/form>/gi)].map((m) => {
    const attrs = m[1]!;
    const action = decodeEntities(/action="([^"]*)"/i.exec(attrs)?.[1] ?? baseUrl);
    const method = (/method="([^"]*)"/i.exec(attrs)?.[1] ?? "get").toLowerCase();
    const fields: Record<string, string> = {};
    for (const input of m[2]!.matchAll(/<input\b([^>]*)>/gi)) {
      const name = /name="([^"]*)"/i.exec(input[1]!)?.[1];
      if (name) fields[name] = decodeEntities(/value="([^"]*)"/i.exec(input[1]!)?.[1] ?? "");
    }
    return { action: new URL(action, baseUrl).href, method, fields };
  });
}

export class TestBrowser {
  readonly jar = new CookieJar();
  /** Extra request headers on every request (e.g. a forwarded client address). */
  headers: Record<string, string> = {};

  async fetch(url: string, init: RequestInit = {}): Promise<Response> {
    const headers = new Headers(init.headers);
    const cookie = this.jar.headerFor(url);
    if (cookie) headers.set("cookie", cookie);
    for (const [k, v] of Object.entries(this.headers)) headers.set(k, v);
    const response = await fetch(url, { ...init, headers, redirect: "manual" });
    this.jar.store(response);
    return response;
  }

  /** Follows redirects until a page, or until a redirect to a URL for which `stop` says so (returned unfetched). */
  async navigate(url: string, init: RequestInit = {}, stop: (location: string) => boolean = () => false): Promise<Page & { stoppedAt?: string }> {
    let current = url;
    let response = await this.fetch(current, init);
    for (let hops = 0; hops < 20 && response.status >= 300 && response.status < 400; hops++) {
      const location = new URL(response.headers.get("location")!, current).href;
      if (stop(location)) return { url: current, status: response.status, body: "", headers: response.headers, stoppedAt: location };
      current = location;
      response = await this.fetch(current);
    }
    return { url: current, status: response.status, body: await response.text(), headers: response.headers };
  }

  /** Submits the page's form number `index` with `values` over its hidden fields. */
  async submit(page: Page, values: Record<string, string>, stop?: (location: string) => boolean, index = 0, extraHeaders: Record<string, string> = {}) {
    const form = parseForms(page.body, page.url)[index];
    if (!form) throw new Error(`no form #${index} on ${page.url}:\n${page.body.slice(0, 500)}`);
    const body = new URLSearchParams({ ...form.fields, ...values });
    return this.navigate(form.action, { method: "POST", body, headers: { "content-type": "application/x-www-form-urlencoded", ...extraHeaders } }, stop);
  }
}

export function pkcePair(): { verifier: string; challenge: string } {
  const verifier = randomBytes(32).toString("base64url");
  return { verifier, challenge: createHash("sha256").update(verifier).digest("base64url") };
}

export interface AuthorizationRequest {
  issuer: string;
  clientId?: string;
  redirectUri: string;
  scope?: string;
  prompt?: string;
  path?: string;
  extra?: Record<string, string>;
}

export function authorizationUrl(r: AuthorizationRequest, pkce = pkcePair(), state = randomBytes(8).toString("hex")) {
  const params = new URLSearchParams({
    client_id: r.clientId ?? "sro-web",
    redirect_uri: r.redirectUri,
    response_type: "code",
    scope: r.scope ?? "openid profile",
    state,
    nonce: randomBytes(8).toString("hex"),
    code_challenge: pkce.challenge,
    code_challenge_method: "S256",
    ...(r.prompt ? { prompt: r.prompt } : {}),
    ...r.extra,
  });
  return { url: `${r.issuer}${r.path ?? "/protocol/openid-connect/auth"}?${params}`, pkce, state };
}

export interface TokenResponse {
  access_token: string;
  refresh_token?: string;
  id_token?: string;
  expires_in: number;
  token_type: string;
  scope?: string;
}

export async function tokenRequest(issuer: string, form: Record<string, string>, headers: Record<string, string> = {}) {
  const response = await fetch(`${issuer}/protocol/openid-connect/token`, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded", ...headers },
    body: new URLSearchParams(form),
  });
  return { status: response.status, body: (await response.json()) as TokenResponse & { error?: string; error_description?: string } };
}

/** The whole authorization-code + PKCE flow through the login page; returns the tokens. */
export async function signIn(browser: TestBrowser, r: AuthorizationRequest & { username: string; password: string }) {
  const { url, pkce, state } = authorizationUrl(r);
  const stop = redirectTo(r.redirectUri);
  const loginPage = await browser.navigate(url, {}, stop);
  const done = loginPage.stoppedAt ? loginPage : await browser.submit(loginPage, { username: r.username, password: r.password }, stop);
  if (!done.stoppedAt) throw new Error(`sign-in did not finish: ${done.status} ${done.url}\n${done.body.slice(0, 800)}`);
  const callback = new URL(done.stoppedAt);
  if (callback.searchParams.get("state") !== state) throw new Error("state mismatch");
  const code = callback.searchParams.get("code");
  if (!code) throw new Error(`no code: ${callback}`);
  const tokens = await tokenRequest(r.issuer, {
    grant_type: "authorization_code",
    code,
    redirect_uri: r.redirectUri,
    client_id: r.clientId ?? "sro-web",
    code_verifier: pkce.verifier,
  });
  if (tokens.status !== 200) throw new Error(`token exchange failed: ${JSON.stringify(tokens.body)}`);
  return tokens.body;
}

/** A stop predicate for TestBrowser.navigate: a redirect back to exactly this redirect URI (query aside). */
export function redirectTo(redirectUri: string): (location: string) => boolean {
  return (location) => {
    const url = new URL(location);
    return `${url.origin}${url.pathname}` === redirectUri;
  };
}
