import { and, eq } from "drizzle-orm";
import { decodeJwt } from "jose";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditRecords } from "../audit/schema.js";
import { demoAccounts } from "../demo/demo-accounts.js";
import { startEmbeddedServer, type EmbeddedServer } from "../test/embedded-identity-server.js";
import { mintEmbeddedAccessToken } from "../test/embedded-token.js";
import { authorizationUrl, redirectTo, signIn, TestBrowser, tokenRequest } from "../test/oidc-test-client.js";
import { storageBackends } from "../test/test-server.js";
import { groupIdOf } from "./group-tree.js";

const account = (username: string) => demoAccounts.find((a) => a.username === username)!;

/**
 * Step-up at the embedded provider (docs/identity.md "Step-up"): access tokens say when the user signed in, an
 * authorization request with `prompt=login` or `max_age=0` shows the sign-in page again even in a signed-in browser,
 * the audit log records it, and the users API refuses its destructive calls to an older sign-in.
 */
describe.each(storageBackends)("step-up at the embedded provider (%s)", (backend) => {
  let s: EmbeddedServer;
  let redirectUri: string;

  beforeAll(async () => {
    s = await startEmbeddedServer({ backend });
    redirectUri = `${s.url}/`;
  });
  afterAll(() => s.close());

  const exchange = async (stoppedAt: string, verifier: string) => {
    const code = new URL(stoppedAt).searchParams.get("code")!;
    const tokens = await tokenRequest(s.issuer, {
      grant_type: "authorization_code",
      code,
      redirect_uri: redirectUri,
      client_id: "sro-web",
      code_verifier: verifier,
    });
    expect(tokens.status).toBe(200);
    return tokens.body;
  };

  it("access tokens carry auth_time, the ID token's; a refresh keeps it", async () => {
    const before = Math.floor(Date.now() / 1000);
    const tokens = await signIn(new TestBrowser(), { issuer: s.issuer, redirectUri, username: "admin", password: account("admin").password });
    const authTime = decodeJwt(tokens.access_token).auth_time as number;
    expect(authTime).toBeGreaterThanOrEqual(before);
    expect(authTime).toBeLessThanOrEqual(Math.floor(Date.now() / 1000));
    expect(decodeJwt(tokens.id_token!).auth_time).toBe(authTime);
    const refreshed = await tokenRequest(s.issuer, { grant_type: "refresh_token", refresh_token: tokens.refresh_token!, client_id: "sro-web" });
    expect(decodeJwt(refreshed.body.access_token).auth_time).toBe(authTime);
  });

  it.each<Record<string, string>>([{ prompt: "login" }, { max_age: "0" }])(
    "%o in a signed-in browser shows the sign-in page again and records a step-up",
    async (extra) => {
      const admin = account("admin");
      const browser = new TestBrowser();
      const first = await signIn(browser, { issuer: s.issuer, redirectUri, username: "admin", password: admin.password });
      // Without a step-up the session answers at once.
      const silent = await browser.navigate(authorizationUrl({ issuer: s.issuer, redirectUri }).url, {}, redirectTo(redirectUri));
      expect(silent.stoppedAt).toBeDefined();
      const stepUps = async () =>
        (
          await s.server.database.db
            .select()
            .from(auditRecords)
            .where(and(eq(auditRecords.targetId, admin.id), eq(auditRecords.action, "console.step-up")))
        ).length;
      const recorded = await stepUps();

      const request = authorizationUrl({ issuer: s.issuer, redirectUri, extra });
      const page = await browser.navigate(request.url, {}, redirectTo(redirectUri));
      expect(page.stoppedAt).toBeUndefined();
      expect(page.status).toBe(200);
      expect(page.body).toContain('name="password"');
      const done = await browser.submit(page, { username: "admin", password: admin.password }, redirectTo(redirectUri));
      const tokens = await exchange(done.stoppedAt!, request.pkce.verifier);
      expect(decodeJwt(tokens.access_token).auth_time as number).toBeGreaterThanOrEqual(decodeJwt(first.access_token).auth_time as number);
      expect(decodeJwt(tokens.access_token).sub).toBe(admin.id);
      expect(await stepUps()).toBe(recorded + 1);
    },
  );

  it("the users API refuses a second-factor reset, group changes and disabling to a sign-in older than 5 minutes", async () => {
    const admin = account("admin");
    const rook = account("rook");
    const call = (token: string, path: string, method: string) =>
      fetch(`${s.url}/admin/realms/default/users/${rook.id}/${path}`, { method, headers: { authorization: `Bearer ${token}` } });
    const claims = { sub: admin.id, preferred_username: "admin", groups: ["/Moderator", "/Moderator/Admin"], amr: ["pwd"] };
    const stale = await mintEmbeddedAccessToken(s, { ...claims, auth_time: Math.floor(Date.now() / 1000) - 360 });
    const moderatorGroup = groupIdOf("/Moderator");
    for (const [path, method] of [
      ["credentials/any", "DELETE"],
      [`groups/${moderatorGroup}`, "PUT"],
      [`groups/${moderatorGroup}`, "DELETE"],
    ] as const) {
      const refused = await call(stale, path, method);
      expect(refused.status, `${method} ${path}`).toBe(403);
      expect(refused.headers.get("www-authenticate")).toBe('Bearer realm="default", error="insufficient_user_authentication", max_age=300');
      expect(await refused.json()).toEqual({
        error: "insufficient_user_authentication",
        error_description: "step-up required: This action needs a recent sign-in (within 5 minutes). Sign in again to continue.",
        max_age: 300,
      });
    }
    const disable = (token: string, enabled: boolean) =>
      fetch(`${s.url}/admin/realms/default/users/${rook.id}`, {
        method: "PUT",
        headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
        body: JSON.stringify({ enabled }),
      });
    const refusedDisable = await disable(stale, false);
    expect(refusedDisable.status).toBe(403);
    expect(((await refusedDisable.json()) as { error: string }).error).toBe("insufficient_user_authentication");
    // Enabling ends nothing: no step-up.
    expect((await disable(stale, true)).status).toBe(204);
    // Nothing changed; reads need no step-up.
    const groups = (await (await call(stale, "groups", "GET")).json()) as { path: string }[];
    expect(groups.map((g) => g.path)).not.toContain("/Moderator");
    const user = (await (await fetch(`${s.url}/admin/realms/default/users/${rook.id}`, { headers: { authorization: `Bearer ${stale}` } })).json()) as {
      enabled: boolean;
    };
    expect(user.enabled).toBe(true);
    const fresh = await mintEmbeddedAccessToken(s, { ...claims, auth_time: Math.floor(Date.now() / 1000) - 10 });
    expect((await call(fresh, `groups/${moderatorGroup}`, "PUT")).status).toBe(204);
    expect((await call(fresh, `groups/${moderatorGroup}`, "DELETE")).status).toBe(204);
  });
});
