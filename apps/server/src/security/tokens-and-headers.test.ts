import { createLocalJWKSet } from "jose";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTokenVerifier } from "../platform/auth/token-verifier.js";
import { demoAccounts } from "../demo/demo-accounts.js";
import { startEmbeddedServer, type EmbeddedServer } from "../test/embedded-identity-server.js";
import { signIn, TestBrowser, type TokenResponse } from "../test/oidc-test-client.js";
import { startTestIssuer } from "../test/test-issuer.js";

/**
 * Finding 5: ID tokens passed as access tokens on the game API and the users API. Finding 12: game API answers had
 * neither X-Content-Type-Options: nosniff nor Cache-Control: no-store.
 */
describe("only access tokens pass; game API answers are not cached or sniffed", () => {
  let s: EmbeddedServer;
  let tokens: TokenResponse;
  beforeAll(async () => {
    s = await startEmbeddedServer();
    const admin = demoAccounts.find((a) => a.username === "admin")!;
    tokens = await signIn(new TestBrowser(), { issuer: s.issuer, redirectUri: `${s.url}/`, username: admin.username, password: admin.password });
  });
  afterAll(() => s.close());

  const getMaps = (token: string) =>
    fetch(`${s.url}/sro.gameserver.MapService/GetMaps`, {
      method: "POST",
      body: "{}",
      headers: { "content-type": "application/json", authorization: `Bearer ${token}` },
    });
  const users = (token: string) => fetch(`${s.url}/admin/realms/default/users`, { headers: { authorization: `Bearer ${token}` } });

  it("refuses the embedded provider's ID token on the game API and the users API", async () => {
    expect(tokens.id_token).toBeTruthy();
    const game = await getMaps(tokens.id_token!);
    expect(game.status).toBe(401);
    expect(((await game.json()) as { message: string }).message).toBe("token is not an access token (an ID token?)");
    expect((await users(tokens.id_token!)).status).toBe(401);
    expect((await getMaps(tokens.access_token)).status).toBe(200);
    expect((await users(tokens.access_token)).status).toBe(200);
  });

  it("refuses Keycloak-shaped ID tokens (typ ID), accepts typ Bearer", async () => {
    const issuer = await startTestIssuer();
    try {
      const verifier = createTokenVerifier({
        issuer: issuer.issuer,
        audiences: ["sro-web"],
        clientId: "sro-web",
        keys: createLocalJWKSet({ keys: [issuer.publicJwk] }),
      });
      await expect(verifier.verify(await issuer.mint({ sub: "u1", typ: "ID" }))).rejects.toThrow("not an access token");
      await expect(verifier.verify(await issuer.mint({ sub: "u1", typ: undefined }))).rejects.toThrow("not an access token");
      await expect(verifier.verify(await issuer.mint({ sub: "u1", typ: "Bearer" }))).resolves.toMatchObject({ sub: "u1" });
    } finally {
      await issuer.close();
    }
  });

  it("sends nosniff and no-store on Connect, REST and refused calls", async () => {
    const answers = [
      await getMaps(tokens.access_token),
      await getMaps("not-a-token"),
      await fetch(`${s.url}/v1/maps`, { headers: { authorization: `Bearer ${tokens.access_token}` } }),
    ];
    for (const answer of answers) {
      expect(answer.headers.get("x-content-type-options"), answer.url).toBe("nosniff");
      expect(answer.headers.get("cache-control"), answer.url).toBe("no-store");
    }
  });
});
