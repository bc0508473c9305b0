import { decodeJwt } from "jose";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startEmbeddedServer, type EmbeddedServer } from "../test/embedded-identity-server.js";
import { authorizationUrl, redirectTo, TestBrowser, tokenRequest, type Page } from "../test/oidc-test-client.js";
import { Code, errorOf, sanctionClient } from "../test/sanction-clients.js";
import { storageBackends } from "../test/test-server.js";
import { recoveryCodesOf, setupKeyOf } from "../test/second-factor-pages.js";
import { groupIdOf } from "./group-tree.js";
import { codeAt } from "./totp.js";

/** A 6-digit code no authenticator shows now (not the current step's, nor its neighbours'). */
const wrongCode = (secret: string, at: number) =>
  ["000000", "111111", "222222", "333333"].find((c) => ![-30_000, 0, 30_000].some((d) => codeAt(secret, at + d) === c))!;

describe.each(storageBackends)("second factor at the embedded provider (%s)", (backend) => {
  let s: EmbeddedServer;
  let redirectUri: string;
  // The provider's clock for codes, tickets and throttling; oidc-provider's own timers keep real time.
  let clock = Date.now();
  const secrets = new Map<string, string>();

  beforeAll(async () => {
    s = await startEmbeddedServer({ backend, env: { SECOND_FACTOR_GROUPS: "/Moderator,/Moderator/Admin" }, identity: { now: () => clock } });
    redirectUri = `${s.url}/`;
  });
  afterAll(() => s.close());

  /** Starts a sign-in and posts the password: the page after it (or the redirect back, when none comes). */
  async function password(browser: TestBrowser, username: string, pass = username) {
    const request = authorizationUrl({ issuer: s.issuer, redirectUri });
    const login = await browser.navigate(request.url, {}, redirectTo(redirectUri));
    return { request, page: await browser.submit(login, { username, password: pass }, redirectTo(redirectUri)) };
  }

  async function tokensOf(done: Page & { stoppedAt?: string }, request: ReturnType<typeof authorizationUrl>) {
    expect(done.stoppedAt, done.body.slice(0, 600)).toBeDefined();
    const code = new URL(done.stoppedAt!).searchParams.get("code")!;
    const tokens = await tokenRequest(s.issuer, {
      grant_type: "authorization_code",
      code,
      redirect_uri: redirectUri,
      client_id: "sro-web",
      code_verifier: request.pkce.verifier,
    });
    expect(tokens.status).toBe(200);
    return tokens.body;
  }

  /** A staff account's first sign-in under the policy: enrol, keep the recovery codes, continue. */
  async function enrol(username: string) {
    const browser = new TestBrowser();
    const { request, page } = await password(browser, username);
    expect(page.status).toBe(200);
    expect(page.body).toContain("Set up two-factor authentication");
    const secret = setupKeyOf(page)!;
    expect(page.body).toContain(`otpauth://totp/SRO:${username}?`);
    const refused = await browser.submit(page, { code: wrongCode(secret, clock) });
    expect(refused.status).toBe(400);
    expect(refused.body).toContain("That code does not match");
    const shown = await browser.submit(refused, { code: codeAt(secret, clock) });
    const recoveryCodes = recoveryCodesOf(shown);
    expect(recoveryCodes).toHaveLength(10);
    const tokens = await tokensOf(await browser.submit(shown, {}, redirectTo(redirectUri)), request);
    secrets.set(username, secret);
    return { tokens, recoveryCodes, secret };
  }

  it("makes a staff account enrol at its next sign-in; its tokens say pwd + otp", async () => {
    const { tokens } = await enrol("moderator");
    for (const token of [tokens.id_token!, tokens.access_token]) expect(decodeJwt(token)).toMatchObject({ amr: ["pwd", "otp"], acr: "2" });
    expect((await sanctionClient(s.url, tokens.access_token).listSanctions({})).sanctions).toBeDefined();
    // A refresh keeps how the user signed in.
    const refreshed = await tokenRequest(s.issuer, { grant_type: "refresh_token", refresh_token: tokens.refresh_token!, client_id: "sro-web" });
    expect(decodeJwt(refreshed.body.access_token)).toMatchObject({ amr: ["pwd", "otp"], acr: "2" });
  });

  it("a player signs in with the password alone: amr pwd, acr 1", async () => {
    const browser = new TestBrowser();
    const { request, page } = await password(browser, "player");
    const tokens = await tokensOf(page, request);
    for (const token of [tokens.id_token!, tokens.access_token]) expect(decodeJwt(token)).toMatchObject({ amr: ["pwd"], acr: "1" });
  });

  it("asks an enrolled account for its code; a code is accepted once within its window", async () => {
    clock += 60_000;
    const secret = secrets.get("moderator")!;
    const first = new TestBrowser();
    const signIn = await password(first, "moderator");
    expect(signIn.page.body).toContain("Enter the 6-digit code");
    const code = codeAt(secret, clock);
    await tokensOf(await first.submit(signIn.page, { code }, redirectTo(redirectUri)), signIn.request);
    // The same code again (another browser, same 30 s): refused, and it counts as a failure.
    const second = new TestBrowser();
    const again = await password(second, "moderator");
    const replay = await second.submit(again.page, { code });
    expect(replay.status).toBe(400);
    expect(replay.body).toContain("not valid (or was already used)");
    clock += 30_000;
    await tokensOf(await second.submit(replay, { code: codeAt(secret, clock) }, redirectTo(redirectUri)), again.request);
  });

  it("a step-up (prompt=login) asks the password and the code again, even in a signed-in browser", async () => {
    clock += 60_000;
    const secret = secrets.get("moderator")!;
    const browser = new TestBrowser();
    const first = await password(browser, "moderator");
    const signedIn = await tokensOf(await browser.submit(first.page, { code: codeAt(secret, clock) }, redirectTo(redirectUri)), first.request);
    clock += 30_000;
    const request = authorizationUrl({ issuer: s.issuer, redirectUri, prompt: "login" });
    const login = await browser.navigate(request.url, {}, redirectTo(redirectUri));
    expect(login.body).toContain('name="password"');
    const codePage = await browser.submit(login, { username: "moderator", password: "moderator" }, redirectTo(redirectUri));
    expect(codePage.stoppedAt).toBeUndefined();
    expect(codePage.body).toContain("Enter the 6-digit code");
    const tokens = await tokensOf(await browser.submit(codePage, { code: codeAt(secret, clock) }, redirectTo(redirectUri)), request);
    expect(decodeJwt(tokens.access_token)).toMatchObject({ amr: ["pwd", "otp"], acr: "2" });
    expect(decodeJwt(tokens.access_token).auth_time as number).toBeGreaterThanOrEqual(decodeJwt(signedIn.access_token).auth_time as number);
  });

  it("a recovery code signs in once; wrong codes are throttled like wrong passwords", async () => {
    clock += 60_000;
    const { recoveryCodes } = await enrol("admin");
    const browser = new TestBrowser();
    const first = await password(browser, "admin");
    await tokensOf(await browser.submit(first.page, { code: recoveryCodes[0]!.toLowerCase() }, redirectTo(redirectUri)), first.request);
    const other = new TestBrowser();
    const again = await password(other, "admin");
    let page = await other.submit(again.page, { code: recoveryCodes[0]! });
    expect(page.status).toBe(400);
    // The pair rule: backoff from the 3rd failure. The password succeeded, so the count restarted at the reused code.
    page = await other.submit(page, { code: "ZZZZ-ZZZZ-ZZZZ" });
    page = await other.submit(page, { code: "ZZZZ-ZZZZ-ZZZZ" });
    expect(page.status).toBe(400);
    const throttled = await other.submit(page, { code: recoveryCodes[1]! });
    expect(throttled.status).toBe(429);
    expect(throttled.body).toContain("Too many failed sign-in attempts");
    clock += 60_000;
    await tokensOf(await other.submit(throttled, { code: recoveryCodes[1]! }, redirectTo(redirectUri)), again.request);
  });

  it("refuses a staff rpc to a password-only token with a clear message, whatever its groups", async () => {
    clock += 60_000;
    // A player signed in with the password, then made a moderator: the refreshed token has the group, not the factor.
    const browser = new TestBrowser();
    const { request, page } = await password(browser, "ivy");
    const tokens = await tokensOf(page, request);
    const adminBrowser = new TestBrowser();
    const adminSignIn = await password(adminBrowser, "admin");
    const adminTokens = await tokensOf(
      await adminBrowser.submit(adminSignIn.page, { code: codeAt(secrets.get("admin")!, clock) }, redirectTo(redirectUri)),
      adminSignIn.request,
    );
    const ivy = decodeJwt(tokens.access_token).sub!;
    const joined = await fetch(`${s.url}/admin/realms/default/users/${ivy}/groups/${groupIdOf("/Moderator")}`, {
      method: "PUT",
      headers: { authorization: `Bearer ${adminTokens.access_token}` },
    });
    expect(joined.status).toBe(204);
    const refreshed = await tokenRequest(s.issuer, { grant_type: "refresh_token", refresh_token: tokens.refresh_token!, client_id: "sro-web" });
    expect(decodeJwt(refreshed.body.access_token)).toMatchObject({ groups: ["/Moderator", "/Player/Member"], amr: ["pwd"] });
    const refused = await errorOf(sanctionClient(s.url, refreshed.body.access_token).listSanctions({}));
    expect(refused.code).toBe(Code.PermissionDenied);
    expect(refused.rawMessage).toMatch(/a second factor is required for staff/);
    // The admin API (users are staff reads) applies the same rule.
    const users = await fetch(`${s.url}/admin/realms/default/users`, { headers: { authorization: `Bearer ${refreshed.body.access_token}` } });
    expect(users.status).toBe(403);
    expect(((await users.json()) as { error_description: string }).error_description).toMatch(/a second factor is required for staff/);
    // What a player may do stays open to them.
    expect((await sanctionClient(s.url, refreshed.body.access_token).getMySanctions({})).sanctions).toEqual([]);
  });
});
