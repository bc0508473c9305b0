import { decodeJwt } from "jose";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { startEmbeddedServer, type EmbeddedServer } from "../test/embedded-identity-server.js";
import { authorizationUrl, redirectTo, signIn, TestBrowser, tokenRequest, type Page } from "../test/oidc-test-client.js";
import { storageBackends } from "../test/test-server.js";
import { SYSTEM_ACTOR } from "../audit/audit-trail.js";
import { hashPassword } from "./passwords.js";
import { createUserStore } from "./user-store.js";

const fieldError = (page: Page, field: string) => new RegExp(`id="field-${field}-error">([^<]*)<`).exec(page.body)?.[1];

describe.each(storageBackends)("account page and game-server client (%s)", (backend) => {
  let s: EmbeddedServer;
  let redirectUri: string;
  const secret = "game-server-secret-0123456789";
  beforeAll(async () => {
    s = await startEmbeddedServer({ backend, env: { GAMESERVER_CLIENT_SECRET: secret } });
    redirectUri = `${s.url}/`;
  });
  afterAll(() => s.close());

  /** Registers a fresh account through the real pages; the browser keeps the session. */
  async function registered(name: string) {
    const browser = new TestBrowser();
    const page = await browser.navigate(authorizationUrl({ issuer: s.issuer, redirectUri, prompt: "create" }).url);
    const done = await browser.submit(
      page,
      { username: name, email: `${name}@example.com`, firstName: "First", lastName: "Last", password: "password-1", passwordConfirm: "password-1" },
      redirectTo(redirectUri),
    );
    expect(done.stoppedAt).toContain("code=");
    return browser;
  }

  it("sends a signed-out visitor through sign-in and back to the account page", async () => {
    const browser = new TestBrowser();
    const login = await browser.navigate(`${s.issuer}/account?referrer=sro-web&referrer_uri=${encodeURIComponent(`${s.url}/admin`)}`);
    expect(login.body).toContain("<h1>Sign in</h1>");
    const account = await browser.submit(login, { username: "player", password: "player" });
    expect(account.url).toBe(`${s.issuer}/account?referrer_uri=${encodeURIComponent(`${s.url}/admin`)}`);
    expect(account.body).toContain("<h1>Your Profile</h1>");
    expect(account.body).toContain("@player");
    expect(account.body).toContain(`href="${s.url}/admin"`);
    // A foreign referrer is not linked.
    const foreign = await browser.navigate(`${s.issuer}/account?referrer_uri=${encodeURIComponent("https://evil.example/")}`);
    expect(foreign.body).not.toContain("evil.example");
  });

  it("edits first name, last name and email; the next tokens carry them", async () => {
    const browser = await registered("editor");
    const page = await browser.navigate(`${s.issuer}/account`);
    const taken = await browser.submit(page, { email: "admin@sro.local", firstName: "Eddie", lastName: "Editor" });
    expect(taken.status).toBe(400);
    expect(fieldError(taken, "email")).toBe("An account with this email already exists.");
    const invalid = await browser.submit(page, { email: "nope", firstName: "", lastName: "Editor" });
    expect(fieldError(invalid, "email")).toMatch(/valid email/);
    expect(fieldError(invalid, "firstName")).toBe("Please enter your first name.");
    const saved = await browser.submit(page, { email: "Eddie@Example.com", firstName: "Eddie", lastName: "Editor" });
    expect(saved.url).toContain("saved=profile");
    expect(saved.body).toContain("Your profile was saved.");
    expect(saved.body).toContain('value="eddie@example.com"');
    const tokens = await signIn(browser, { issuer: s.issuer, redirectUri, username: "editor", password: "password-1" });
    expect(decodeJwt(tokens.access_token)).toMatchObject({ given_name: "Eddie", family_name: "Editor", email: "eddie@example.com" });
  });

  it("changes the password only with the current one", async () => {
    const browser = await registered("changer");
    const page = await browser.navigate(`${s.issuer}/account`);
    const passwordForm = 1;
    const wrong = await browser.submit(
      page,
      { currentPassword: "not-it", newPassword: "password-2", newPasswordConfirm: "password-2" },
      undefined,
      passwordForm,
    );
    expect(fieldError(wrong, "currentPassword")).toBe("The current password is not correct.");
    const short = await browser.submit(page, { currentPassword: "password-1", newPassword: "short", newPasswordConfirm: "short" }, undefined, passwordForm);
    expect(fieldError(short, "newPassword")).toBe("The password needs at least 8 characters.");
    const done = await browser.submit(
      page,
      { currentPassword: "password-1", newPassword: "password-2", newPasswordConfirm: "password-2" },
      undefined,
      passwordForm,
    );
    expect(done.body).toContain("Your password was changed.");
    await expect(signIn(new TestBrowser(), { issuer: s.issuer, redirectUri, username: "changer", password: "password-1" })).rejects.toThrow();
    await expect(signIn(new TestBrowser(), { issuer: s.issuer, redirectUri, username: "changer", password: "password-2" })).resolves.toHaveProperty(
      "access_token",
    );
  });

  it("a password change ends the user's other sessions, grants and refresh tokens; older access tokens are refused", async () => {
    // Created through the store: the suite's registrations from one address are throttled.
    await createUserStore(s.server.database.db).create(SYSTEM_ACTOR, {
      username: "rotator",
      email: "rotator@example.com",
      firstName: "Ro",
      lastName: "Tator",
      passwordHash: await hashPassword("password-1"),
      groupPaths: ["/Player/Member"],
    });
    const here = new TestBrowser();
    const mine = await signIn(here, { issuer: s.issuer, redirectUri, username: "rotator", password: "password-1" });
    const elsewhere = new TestBrowser();
    const other = await signIn(elsewhere, { issuer: s.issuer, redirectUri, username: "rotator", password: "password-1" });
    const api = (token: string) => fetch(`${s.url}/v1/channels`, { headers: { authorization: `Bearer ${token}` } });
    expect((await api(other.access_token)).status).toBe(200);
    const page = await here.navigate(`${s.issuer}/account`);
    const done = await here.submit(page, { currentPassword: "password-1", newPassword: "password-2", newPasswordConfirm: "password-2" }, undefined, 1);
    expect(done.body).toContain("Your password was changed.");
    // The other browser: its session, refresh token and (once the change is announced) access token are dead.
    const refresh = (token: string) => tokenRequest(s.issuer, { grant_type: "refresh_token", refresh_token: token, client_id: "sro-web" });
    expect((await refresh(other.refresh_token!)).status).toBe(400);
    const silent = await elsewhere.navigate(authorizationUrl({ issuer: s.issuer, redirectUri, prompt: "none" }).url, {}, redirectTo(redirectUri));
    expect(silent.stoppedAt).toContain("error=login_required");
    await vi.waitFor(async () => expect((await api(other.access_token)).status).toBe(401));
    expect((await api(mine.access_token)).status).toBe(401);
    // This browser keeps its session and refresh token; a token refreshed after the change works.
    expect((await here.navigate(`${s.issuer}/account`)).body).toContain("<h1>Your Profile</h1>");
    let refreshToken = mine.refresh_token!;
    await vi.waitFor(
      async () => {
        const next = await refresh(refreshToken);
        expect(next.status).toBe(200);
        refreshToken = next.body.refresh_token ?? refreshToken;
        expect((await api(next.body.access_token)).status).toBe(200);
      },
      { timeout: 15_000, interval: 100 },
    );
  });

  it("refuses account form posts without the session's CSRF token", async () => {
    const browser = await registered("victim");
    const page = await browser.navigate(`${s.issuer}/account`);
    const forged = await browser.submit(page, { csrf: "x", email: "victim@evil.example", firstName: "A", lastName: "B" });
    expect(forged.status).toBe(403);
    const crossSite = await browser.submit(page, { email: "victim@evil.example", firstName: "A", lastName: "B" }, undefined, 0, {
      origin: "https://evil.example",
    });
    expect(crossSite.status).toBe(403);
    // Another user's token does not work either: it is bound to the session.
    const other = await registered("attacker");
    const otherPage = await other.navigate(`${s.issuer}/account`);
    const csrf = /name="csrf" value="([^"]+)"/.exec(otherPage.body)![1]!;
    expect((await browser.submit(page, { csrf, email: "victim@evil.example", firstName: "A", lastName: "B" })).status).toBe(403);
  });

  it("signs out from the account page only when confirmed", async () => {
    const browser = await registered("leaver");
    const logoutUrl = `${s.issuer}/protocol/openid-connect/logout`;
    const stay = await browser.submit(await browser.navigate(logoutUrl), {}, undefined, 0);
    expect(stay.body).toContain("<h1>Still signed in</h1>");
    expect((await browser.navigate(`${s.issuer}/account`)).body).toContain("<h1>Your Profile</h1>");
    const leave = await browser.submit(await browser.navigate(logoutUrl), { logout: "yes" });
    expect(leave.body).toContain("<h1>Signed out</h1>");
    expect((await browser.navigate(`${s.issuer}/account`)).body).toContain("<h1>Sign in</h1>");
  });

  it("serves Keycloak's account JSON to a bearer token (keycloak-js loadUserProfile)", async () => {
    const tokens = await signIn(new TestBrowser(), { issuer: s.issuer, redirectUri, username: "player", password: "player" });
    const response = await fetch(`${s.issuer}/account`, {
      headers: { authorization: `Bearer ${tokens.access_token}`, accept: "application/json", origin: s.url },
    });
    expect(response.status).toBe(200);
    expect(response.headers.get("access-control-allow-origin")).toBe(s.url);
    expect(await response.json()).toMatchObject({ username: "player", firstName: "Pia", lastName: "Player", email: "player@sro.local", emailVerified: false });
    expect((await fetch(`${s.issuer}/account`, { headers: { accept: "application/json" } })).status).toBe(401);
  });

  it("issues client-credentials tokens with the gameserver role to the game-server client", async () => {
    const basic = `Basic ${Buffer.from(`game-server:${secret}`).toString("base64")}`;
    const ok = await tokenRequest(s.issuer, { grant_type: "client_credentials" }, { authorization: basic });
    expect(ok.status).toBe(200);
    expect(decodeJwt(ok.body.access_token)).toMatchObject({
      iss: s.issuer,
      sub: "game-server",
      aud: "sro-web",
      azp: "game-server",
      realm_access: { roles: ["gameserver"] },
    });
    const wrong = await tokenRequest(
      s.issuer,
      { grant_type: "client_credentials" },
      { authorization: `Basic ${Buffer.from("game-server:nope").toString("base64")}` },
    );
    expect(wrong.status).toBe(401);
    // sro-web is public and may not use client credentials.
    expect((await tokenRequest(s.issuer, { grant_type: "client_credentials", client_id: "sro-web" })).status).toBe(400);
  });
});
