import { decodeJwt, decodeProtectedHeader } from "jose";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { demoAccounts } from "../demo/demo-accounts.js";
import { startEmbeddedServer, type EmbeddedServer } from "../test/embedded-identity-server.js";
import { authorizationUrl, parseForms, redirectTo, signIn, TestBrowser, tokenRequest } from "../test/oidc-test-client.js";
import { storageBackends } from "../test/test-server.js";
import { SESSION_HINT_COOKIE } from "./session-hint-cookie.js";

const admin = demoAccounts.find((a) => a.username === "admin")!;
const player = demoAccounts.find((a) => a.username === "player")!;

/** A Set-Cookie header's attributes, names lower-cased ("" for flags). */
function attributesOf(header: string): Map<string, string> {
  return new Map(
    header
      .split(";")
      .slice(1)
      .map((a) => a.trim())
      .filter(Boolean)
      .map((a) => {
        const eq = a.indexOf("=");
        return eq < 0 ? [a.toLowerCase(), ""] : [a.slice(0, eq).toLowerCase(), a.slice(eq + 1)];
      }),
  );
}

describe.each(storageBackends)("authorization code + PKCE flow (%s)", (backend) => {
  let s: EmbeddedServer;
  let redirectUri: string;
  beforeAll(async () => {
    s = await startEmbeddedServer({ backend });
    redirectUri = `${s.url}/`;
  });
  afterAll(() => s.close());

  it("publishes Keycloak's endpoints in discovery", async () => {
    const discovery = (await (await fetch(`${s.issuer}/.well-known/openid-configuration`)).json()) as Record<string, unknown>;
    expect(discovery.issuer).toBe(s.issuer);
    const oidc = `${s.issuer}/protocol/openid-connect`;
    expect(discovery).toMatchObject({
      authorization_endpoint: `${oidc}/auth`,
      token_endpoint: `${oidc}/token`,
      userinfo_endpoint: `${oidc}/userinfo`,
      jwks_uri: `${oidc}/certs`,
      end_session_endpoint: `${oidc}/logout`,
      revocation_endpoint: `${oidc}/revoke`,
      code_challenge_methods_supported: ["S256"],
    });
    const jwks = (await (await fetch(`${oidc}/certs`)).json()) as { keys: Record<string, unknown>[] };
    expect(jwks.keys.length).toBeGreaterThan(0);
    expect(jwks.keys[0]).toMatchObject({ kty: "RSA", alg: "RS256", use: "sig" });
    expect(jwks.keys[0]).not.toHaveProperty("d");
  });

  it("advertises and allows the code flow only: an implicit request gets no token", async () => {
    const discovery = (await (await fetch(`${s.issuer}/.well-known/openid-configuration`)).json()) as Record<string, string[]>;
    expect(discovery.response_types_supported).toEqual(["code", "none"]);
    expect(discovery.grant_types_supported).not.toContain("implicit");
    for (const responseType of ["id_token", "id_token token", "code id_token", "token"]) {
      const { url } = authorizationUrl({ issuer: s.issuer, redirectUri, extra: { response_type: responseType } });
      const response = await new TestBrowser().fetch(url);
      const location = response.headers.get("location") ?? "";
      const answer = location ? new URL(location, s.issuer) : undefined;
      const said = answer ? new URLSearchParams(answer.hash.slice(1) || answer.search) : new URLSearchParams();
      // Refused in the client's redirect (error=unsupported_response_type) or on the error page; never a token.
      expect(said.get("error") ?? ((await response.text()).includes("unsupported_response_type") ? "unsupported_response_type" : ""), responseType).toBe(
        "unsupported_response_type",
      );
      expect(location, responseType).not.toMatch(/access_token|id_token=/);
    }
  });

  it("signs in with username and issues Keycloak-shaped RS256 JWT access tokens", async () => {
    const tokens = await signIn(new TestBrowser(), { issuer: s.issuer, redirectUri, username: admin.username, password: admin.password });
    expect(decodeProtectedHeader(tokens.access_token)).toMatchObject({ alg: "RS256" });
    const claims = decodeJwt(tokens.access_token);
    expect(claims).toMatchObject({
      iss: s.issuer,
      sub: admin.id,
      aud: "sro-web",
      azp: "sro-web",
      preferred_username: "admin",
      given_name: admin.firstName,
      family_name: admin.lastName,
      email: admin.email,
      groups: ["/Moderator/Admin"],
      realm_access: { roles: expect.arrayContaining(["default-roles-default"]) },
    });
    expect(claims.exp! - claims.iat!).toBe(300);
    expect(typeof claims.sid).toBe("string");
    expect(tokens.refresh_token).toBeTruthy();
    const id = decodeJwt(tokens.id_token!);
    expect(id).toMatchObject({
      iss: s.issuer,
      sub: admin.id,
      aud: "sro-web",
      preferred_username: "admin",
      given_name: admin.firstName,
      family_name: admin.lastName,
      email: admin.email,
      groups: ["/Moderator/Admin"],
    });
  });

  it("signs in with the email address too, and userinfo returns the profile and groups", async () => {
    const tokens = await signIn(new TestBrowser(), { issuer: s.issuer, redirectUri, username: player.email.toUpperCase(), password: player.password });
    const response = await fetch(`${s.issuer}/protocol/openid-connect/userinfo`, { headers: { authorization: `Bearer ${tokens.access_token}` } });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({
      sub: player.id,
      preferred_username: "player",
      given_name: player.firstName,
      family_name: player.lastName,
      name: `${player.firstName} ${player.lastName}`,
      email: player.email,
      email_verified: false,
      groups: ["/Player/Member"],
    });
    const anonymous = await fetch(`${s.issuer}/protocol/openid-connect/userinfo`);
    expect(anonymous.status).toBe(401);
  });

  it("gives the same error for an unknown user and a wrong password", async () => {
    const attempt = async (username: string) => {
      const browser = new TestBrowser();
      const page = await browser.navigate(authorizationUrl({ issuer: s.issuer, redirectUri }).url);
      const result = await browser.submit(page, { username, password: "wrong-password" });
      return result.body.match(/<div class="alert error"[^>]*>([^<]*)</)?.[1];
    };
    expect(await attempt("nobody-here")).toBe("Invalid username or password.");
    expect(await attempt("moderator")).toBe("Invalid username or password.");
  });

  it("rotates refresh tokens and rejects a used one", async () => {
    const tokens = await signIn(new TestBrowser(), { issuer: s.issuer, redirectUri, username: player.username, password: player.password });
    const first = await tokenRequest(s.issuer, { grant_type: "refresh_token", refresh_token: tokens.refresh_token!, client_id: "sro-web" });
    expect(first.status).toBe(200);
    expect(first.body.refresh_token).toBeTruthy();
    expect(first.body.refresh_token).not.toBe(tokens.refresh_token);
    expect(decodeJwt(first.body.access_token)).toMatchObject({ sub: player.id, groups: ["/Player/Member"] });
    const reused = await tokenRequest(s.issuer, { grant_type: "refresh_token", refresh_token: tokens.refresh_token!, client_id: "sro-web" });
    expect(reused.status).toBe(400);
    expect(reused.body.error).toBe("invalid_grant");
  });

  it("lets one of two refreshes in flight together win, and treats the other as reuse", async () => {
    const tokens = await signIn(new TestBrowser(), { issuer: s.issuer, redirectUri, username: player.username, password: player.password });
    const refresh = () => tokenRequest(s.issuer, { grant_type: "refresh_token", refresh_token: tokens.refresh_token!, client_id: "sro-web" });
    const answers = await Promise.all([refresh(), refresh()]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 400]);
    const loser = answers.find((a) => a.status === 400)!;
    expect(loser.body.error).toBe("invalid_grant");
    // Whichever way the two interleaved, the grant is revoked: the winner's new refresh token is dead too.
    const winner = answers.find((a) => a.status === 200)!;
    const after = await tokenRequest(s.issuer, { grant_type: "refresh_token", refresh_token: winner.body.refresh_token!, client_id: "sro-web" });
    expect(after.status).toBe(400);
    expect(after.body.error).toBe("invalid_grant");
  });

  it("hands out refresh tokens keycloak-js can decode, and revokes them", async () => {
    const tokens = await signIn(new TestBrowser(), { issuer: s.issuer, redirectUri, username: player.username, password: player.password });
    const payload = JSON.parse(Buffer.from(tokens.refresh_token!.split(".")[1]!, "base64url").toString("utf8"));
    expect(payload).toMatchObject({ typ: "Refresh", iss: s.issuer, azp: "sro-web", sub: player.id });
    expect(payload.exp).toBeGreaterThan(payload.iat);
    const revoke = await fetch(`${s.issuer}/protocol/openid-connect/revoke`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ token: tokens.refresh_token!, token_type_hint: "refresh_token", client_id: "sro-web" }),
    });
    expect(revoke.status).toBe(200);
    const after = await tokenRequest(s.issuer, { grant_type: "refresh_token", refresh_token: tokens.refresh_token!, client_id: "sro-web" });
    expect(after.body.error).toBe("invalid_grant");
  });

  it("answers unknown realm paths with a readable 404 page", async () => {
    const response = await fetch(`${s.issuer}/no/such/page`);
    expect(response.status).toBe(404);
    expect(await response.text()).toContain("Page not found");
    expect((await fetch(`${s.url}/admin/realms/default/users/%E0%A4%A`)).status).toBe(401);
  });

  it("answers another realm's paths with 404 (JSON for clients, a page for browsers), never the SPA", async () => {
    for (const path of [
      "/realms/master/.well-known/openid-configuration",
      "/realms/defaultx",
      "/realms/nope/protocol/openid-connect/certs",
      "/admin/realms/master/users",
    ]) {
      const response = await fetch(`${s.url}${path}`);
      expect(response.status, path).toBe(404);
      expect(await response.json(), path).toEqual({ error: "Realm does not exist", error_description: "This server has one realm: default." });
      expect(response.headers.get("content-security-policy"), path).toContain("default-src 'none'");
    }
    const page = await fetch(`${s.url}/realms/master/account`, { headers: { accept: "text/html" } });
    expect(page.status).toBe(404);
    expect(await page.text()).toContain("Realm not found");
    const admin = await fetch(`${s.url}/admin/realms/master/users`, { headers: { accept: "text/html" } });
    expect(admin.headers.get("content-type")).toContain("application/json");
  });

  it("requires PKCE and a redirect_uri under PUBLIC_URL/* (Keycloak's pattern), refusing open-redirect attempts", async () => {
    const browser = new TestBrowser();
    const noPkce = authorizationUrl({ issuer: s.issuer, redirectUri }).url.replace(/&code_challenge=[^&]+&code_challenge_method=S256/, "");
    const withoutPkce = await browser.navigate(noPkce, {}, () => true);
    expect(withoutPkce.stoppedAt ?? "").toContain("error=invalid_request");
    // keycloak-js sends the bare origin for a root page, and the signed-out deep link itself.
    for (const good of [s.url, `${s.url}/admin/maps`, `${s.url}/silent-check-sso.html`, `${s.url}/?x=1`]) {
      const page = await browser.navigate(authorizationUrl({ issuer: s.issuer, redirectUri: good }).url, {}, () => true);
      expect(page.stoppedAt, good).toContain("/login-actions/");
    }
    const { host } = new URL(s.url);
    for (const bad of [
      "https://evil.example/",
      `${s.url}@evil.example/`,
      `http://evil.example@${host}/`,
      `${s.url}//evil.example/`,
      `${s.url}/\\evil.example`,
      `${s.url}/a/%2e%2e/b`,
      s.url.replace("http:", "https:") + "/",
    ]) {
      const page = await browser.navigate(authorizationUrl({ issuer: s.issuer, redirectUri: bad }).url, {}, () => true);
      expect(page.stoppedAt, bad).toBeUndefined();
      expect(page.status).toBe(400);
      expect(page.body).toContain("redirect_uri");
      expect(page.body).not.toMatch(/at .*\.js:\d+/);
    }
  });

  it("ends the session on logout after confirmation", async () => {
    const browser = new TestBrowser();
    const tokens = await signIn(browser, { issuer: s.issuer, redirectUri, username: player.username, password: player.password });
    const refused = `${s.issuer}/protocol/openid-connect/logout?${new URLSearchParams({ client_id: "sro-web", id_token_hint: tokens.id_token!, post_logout_redirect_uri: "https://evil.example/" })}`;
    expect((await browser.navigate(refused, {}, () => true)).status).toBe(400);
    const logoutUrl = `${s.issuer}/protocol/openid-connect/logout?${new URLSearchParams({ client_id: "sro-web", id_token_hint: tokens.id_token!, post_logout_redirect_uri: redirectUri })}`;
    const confirm = await browser.navigate(logoutUrl);
    expect(confirm.status).toBe(200);
    expect(confirm.body).toContain("Sign out");
    expect(parseForms(confirm.body, confirm.url)[0]?.fields).toHaveProperty("xsrf");
    // A valid id_token_hint: the page confirms itself (Keycloak asks nothing then); its CSP allows only our script.
    expect(confirm.body).toContain(`<script src="/realms/default/resources/logout-confirm.js" defer></script>`);
    expect(confirm.headers.get("content-security-policy")).toContain("script-src 'self'");
    const done = await browser.submit(confirm, { logout: "yes" }, redirectTo(redirectUri));
    expect(done.stoppedAt).toBe(redirectUri);
    // The session is gone: a silent check now answers login_required.
    const silent = await browser.navigate(authorizationUrl({ issuer: s.issuer, redirectUri, prompt: "none" }).url, {}, redirectTo(redirectUri));
    expect(silent.stoppedAt).toContain("error=login_required");
    // …and refresh tokens of that session are dead.
    const refreshed = await tokenRequest(s.issuer, { grant_type: "refresh_token", refresh_token: tokens.refresh_token!, client_id: "sro-web" });
    expect(refreshed.status).toBe(400);
  });
});

describe("logout without a provider session in this browser", () => {
  let s: EmbeddedServer;
  let redirectUri: string;
  beforeAll(async () => {
    s = await startEmbeddedServer();
    redirectUri = `${s.url}/`;
  });
  afterAll(() => s.close());

  const logoutUrl = (params: Record<string, string>) => `${s.issuer}/protocol/openid-connect/logout?${new URLSearchParams(params)}`;

  /**
   * oidc-provider serves its own "Submitting Callback" page here, whose inline script the identity CSP blocks (a
   * blank page). Ours: no inline script, our script confirms it, and its button works without scripts.
   */
  async function expectWorkingPage(browser: TestBrowser, url: string) {
    const page = await browser.navigate(url);
    expect(page.status).toBe(200);
    expect(page.body).not.toContain("Submitting Callback");
    expect(page.body).not.toMatch(/<script(?![^>]*\bsrc=)[^>]*>/);
    expect(page.body).toContain(`<script src="/realms/default/resources/logout-confirm.js" defer></script>`);
    expect(page.body).toMatch(/<button[^>]*name="logout" value="yes"/);
    const csp = page.headers.get("content-security-policy") ?? "";
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toContain("unsafe-inline");
    return page;
  }

  it("without an id_token_hint: the page leads back to post_logout_redirect_uri", async () => {
    const browser = new TestBrowser();
    const page = await expectWorkingPage(browser, logoutUrl({ client_id: "sro-web", post_logout_redirect_uri: redirectUri, state: "s1" }));
    const done = await browser.submit(page, { logout: "yes" }, redirectTo(redirectUri));
    expect(done.stoppedAt).toBe(`${redirectUri}?state=s1`);
  });

  it("with the hint of a session already signed out (a second tab): back to post_logout_redirect_uri", async () => {
    const browser = new TestBrowser();
    const tokens = await signIn(browser, { issuer: s.issuer, redirectUri, username: player.username, password: player.password });
    const url = logoutUrl({ client_id: "sro-web", id_token_hint: tokens.id_token!, post_logout_redirect_uri: redirectUri });
    // First tab signs out.
    const first = await browser.navigate(url);
    expect((await browser.submit(first, { logout: "yes" }, redirectTo(redirectUri))).stoppedAt).toBe(redirectUri);
    // Second tab, same hint.
    const second = await expectWorkingPage(browser, url);
    const done = await browser.submit(second, { logout: "yes" }, redirectTo(redirectUri));
    expect(done.stoppedAt).toBe(redirectUri);
  });

  it("without a client to go back to: the signed-out page", async () => {
    const browser = new TestBrowser();
    const page = await expectWorkingPage(browser, logoutUrl({}));
    const done = await browser.submit(page, { logout: "yes" });
    expect(done.status).toBe(200);
    expect(done.body).toContain("<h1>Signed out</h1>");
  });
});

describe.each(storageBackends)("session hint cookie for the SPA's silent check (%s)", (backend) => {
  let s: EmbeddedServer;
  let redirectUri: string;
  beforeAll(async () => {
    s = await startEmbeddedServer({ backend });
    redirectUri = `${s.url}/`;
  });
  afterAll(() => s.close());

  const logoutUrl = (idToken: string) =>
    `${s.issuer}/protocol/openid-connect/logout?${new URLSearchParams({ client_id: "sro-web", id_token_hint: idToken, post_logout_redirect_uri: redirectUri })}`;

  it("is set with the session cookie's lifetime after a sign-in, readable, and says nothing else", async () => {
    const browser = new TestBrowser();
    const before = await browser.navigate(authorizationUrl({ issuer: s.issuer, redirectUri }).url);
    expect(before.body).toContain("<h1>Sign in</h1>");
    // Starting a sign-in is no session yet.
    expect(browser.jar.names()).not.toContain(SESSION_HINT_COOKIE);
    await browser.submit(before, { username: player.username, password: player.password }, redirectTo(redirectUri));
    expect(browser.jar.value("_session")).toBeTruthy();
    expect(browser.jar.value(SESSION_HINT_COOKIE)).toBe("1");
    const hint = attributesOf(browser.jar.lastSetCookie(SESSION_HINT_COOKIE)!);
    const session = attributesOf(browser.jar.lastSetCookie("_session")!);
    expect(hint.get("path")).toBe("/");
    expect(hint.get("samesite")?.toLowerCase()).toBe("lax");
    expect(hint.has("httponly")).toBe(false);
    expect(hint.has("secure")).toBe(false); // plain-HTTP PUBLIC_URL; Secure follows the session cookie (unit tests)
    // Same lifetime: the session cookie is a browser-session cookie (sign-ins are not "remembered"), so is the hint.
    expect(session.has("expires") || session.has("max-age")).toBe(false);
    expect(hint.get("expires")).toBe(session.get("expires"));
    expect(hint.get("max-age")).toBe(session.get("max-age"));
    // The hint is the only cookie a script can read, and its value is never more than "1".
    for (const header of browser.jar.received) {
      if (header.startsWith(`${SESSION_HINT_COOKIE}=`)) expect(header).toMatch(new RegExp(`^${SESSION_HINT_COOKIE}=1?;`));
      else expect(attributesOf(header).has("httponly"), header).toBe(true);
    }
  });

  it("is set by a sign-in on the account page (no SPA involved)", async () => {
    const browser = new TestBrowser();
    const login = await browser.navigate(`${s.issuer}/account`);
    expect(browser.jar.names()).not.toContain(SESSION_HINT_COOKIE);
    const account = await browser.submit(login, { username: admin.username, password: admin.password });
    expect(account.body).toContain("<h1>Your Profile</h1>");
    expect(browser.jar.value(SESSION_HINT_COOKIE)).toBe("1");
    // …and the SPA's silent check then finds that session.
    const silent = await browser.navigate(authorizationUrl({ issuer: s.issuer, redirectUri, prompt: "none" }).url, {}, redirectTo(redirectUri));
    expect(silent.stoppedAt).toContain("code=");
    expect(browser.jar.value(SESSION_HINT_COOKIE)).toBe("1");
  });

  it("is deleted when logout ends the session", async () => {
    const browser = new TestBrowser();
    const tokens = await signIn(browser, { issuer: s.issuer, redirectUri, username: player.username, password: player.password });
    expect(browser.jar.value(SESSION_HINT_COOKIE)).toBe("1");
    const confirm = await browser.navigate(logoutUrl(tokens.id_token!));
    const done = await browser.submit(confirm, { logout: "yes" }, redirectTo(redirectUri));
    expect(done.stoppedAt).toBe(redirectUri);
    expect(browser.jar.names()).not.toContain("_session");
    expect(browser.jar.names()).not.toContain(SESSION_HINT_COOKIE);
    const deletion = attributesOf(browser.jar.lastSetCookie(SESSION_HINT_COOKIE)!);
    expect(deletion.get("path")).toBe("/");
    expect(deletion.get("max-age")).toBe("0");
  });

  it("is deleted when a stale session cookie comes back with it (one silent check, not one per page load)", async () => {
    const browser = new TestBrowser();
    const tokens = await signIn(browser, { issuer: s.issuer, redirectUri, username: player.username, password: player.password });
    const kept = { session: browser.jar.value("_session")!, sig: browser.jar.value("_session.sig")! };
    const confirm = await browser.navigate(logoutUrl(tokens.id_token!));
    await browser.submit(confirm, { logout: "yes" }, redirectTo(redirectUri));
    // A browser that still holds the cookies of the ended session (e.g. the session expired at the provider).
    browser.jar.set("_session", kept.session);
    browser.jar.set("_session.sig", kept.sig);
    browser.jar.set(SESSION_HINT_COOKIE, "1");
    const silent = await browser.navigate(authorizationUrl({ issuer: s.issuer, redirectUri, prompt: "none" }).url, {}, redirectTo(redirectUri));
    expect(silent.stoppedAt).toContain("error=login_required");
    expect(browser.jar.names()).not.toContain(SESSION_HINT_COOKIE);
  });
});

describe("external mode (OIDC_ISSUER set)", () => {
  // Servers start in hooks: their time limit leaves room for a busy machine, a test's only for its calls.
  let t: Awaited<ReturnType<typeof import("../test/test-server.js").startTestServer>>;
  beforeAll(async () => {
    const { startTestServer } = await import("../test/test-server.js");
    t = await startTestServer();
  });
  afterAll(() => t?.close());

  it("turns the embedded provider off: nothing answers under /realms/default", async () => {
    const discovery = await fetch(`${t.url}/realms/default/.well-known/openid-configuration`);
    expect(discovery.headers.get("content-type") ?? "").not.toContain("application/json");
    expect((await fetch(`${t.url}/admin/realms/default/users`)).headers.get("content-type") ?? "").not.toContain("application/json");
    const appConfig = (await (await fetch(`${t.url}/app-config.json`)).json()) as { oidc: { authority: string } };
    expect(appConfig.oidc.authority).toBe(t.issuer.issuer);
  });
});

describe("behind TLS (PUBLIC_URL https)", () => {
  let s: EmbeddedServer;
  let publicUrl: string;
  let port: number;
  beforeAll(async () => {
    const { freePort } = await import("../test/embedded-identity-server.js");
    port = await freePort();
    publicUrl = `https://localhost:${port}`;
    s = await startEmbeddedServer({ seedDemo: false, env: { PORT: String(port), PUBLIC_URL: publicUrl } });
  });
  afterAll(() => s?.close());

  it("marks its cookies Secure, HttpOnly and SameSite", async () => {
    const { url } = authorizationUrl({ issuer: `${publicUrl}/realms/default`, redirectUri: `${publicUrl}/` });
    const response = await fetch(url.replace(publicUrl, `http://localhost:${port}`), { redirect: "manual" });
    expect(response.headers.get("location")).toMatch(new RegExp(`^/realms/default/login-actions/|^${publicUrl}`));
    const cookies = response.headers.getSetCookie();
    expect(cookies.length).toBeGreaterThan(0);
    for (const cookie of cookies) {
      const attributes = cookie
        .toLowerCase()
        .split(";")
        .map((a) => a.trim());
      expect(attributes).toEqual(expect.arrayContaining(["secure", "httponly", "samesite=lax"]));
    }
  });
});
