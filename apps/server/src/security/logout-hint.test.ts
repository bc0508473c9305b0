import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startEmbeddedServer, type EmbeddedServer } from "../test/embedded-identity-server.js";
import { signIn, TestBrowser } from "../test/oidc-test-client.js";

/**
 * Finding 6: any valid ID token as id_token_hint (another user's too) ended the browser's session without asking.
 * The logout page confirms itself only for a hint of this browser's own session; otherwise it asks.
 */
describe("logout with an id_token_hint", () => {
  let s: EmbeddedServer;
  const redirectUri = () => `${s.url}/`;
  beforeAll(async () => {
    s = await startEmbeddedServer();
  });
  afterAll(() => s.close());

  const AUTO_CONFIRM = "/resources/logout-confirm.js";
  const logoutUrl = (idToken: string) =>
    `${s.issuer}/protocol/openid-connect/logout?${new URLSearchParams({ client_id: "sro-web", id_token_hint: idToken, post_logout_redirect_uri: redirectUri() })}`;
  const login = async (browser: TestBrowser, username: string) =>
    signIn(browser, { issuer: s.issuer, redirectUri: redirectUri(), username, password: username });

  it("confirms itself for the browser's own session only", async () => {
    const victim = new TestBrowser();
    const own = await login(victim, "player");
    const other = await login(new TestBrowser(), "moderator");

    const foreign = await victim.navigate(logoutUrl(other.id_token!));
    expect(foreign.status).toBe(200);
    expect(foreign.body).not.toContain(AUTO_CONFIRM);
    expect(foreign.body).toContain("Stay signed in");

    const mine = await victim.navigate(logoutUrl(own.id_token!));
    expect(mine.body).toContain(AUTO_CONFIRM);
  });

  it("asks for a hint of the same user's earlier, ended session", async () => {
    const browser = new TestBrowser();
    const first = await login(browser, "player");
    const page = await browser.navigate(logoutUrl(first.id_token!));
    await browser.submit(page, { logout: "yes" }, (location) => location.startsWith(redirectUri()));
    const second = await login(browser, "player");
    expect(second.id_token).not.toBe(first.id_token);
    expect((await browser.navigate(logoutUrl(first.id_token!))).body).not.toContain(AUTO_CONFIRM);
    expect((await browser.navigate(logoutUrl(second.id_token!))).body).toContain(AUTO_CONFIRM);
  });
});
