import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Code, errorOf, sanctionClient } from "../../test/sanction-clients.js";
import { startTestServer, type TestServer } from "../../test/test-server.js";

/**
 * An external provider (a test issuer standing in for Keycloak) under the default policy: staff rpcs read the token's
 * amr/acr; a password-only staff token keeps what a player may do.
 */
describe("staff rpcs and the second factor with an external provider", () => {
  let t: TestServer;
  beforeAll(async () => {
    t = await startTestServer();
  });
  afterAll(() => t.close());
  const moderatorToken = (claims: Record<string, unknown>) =>
    t.issuer.mint({ sub: t.users.moderator.sub, preferred_username: "moderator", groups: ["/Moderator"], ...claims });

  it("refuses a password-only staff token with the reason, over Connect and REST", async () => {
    for (const claims of [{}, { amr: ["pwd"] }, { acr: "1" }]) {
      const token = await moderatorToken(claims);
      const refused = await errorOf(sanctionClient(t.url, token).listSanctions({}));
      expect(refused.code).toBe(Code.PermissionDenied);
      expect(refused.rawMessage).toMatch(/a second factor is required for staff/);
      const rest = await fetch(`${t.url}/v1/sanctions`, { headers: { authorization: `Bearer ${token}` } });
      expect(rest.status).toBe(403);
    }
    // A player's calls stay open to them.
    expect((await sanctionClient(t.url, await moderatorToken({ amr: ["pwd"] })).getMySanctions({})).sanctions).toEqual([]);
  });

  it("accepts Keycloak's level 2 acr, or otp/hwk in amr", async () => {
    for (const claims of [{ acr: "2" }, { amr: ["pwd", "otp"] }, { amr: ["hwk", "user"] }]) {
      expect((await sanctionClient(t.url, await moderatorToken(claims)).listSanctions({})).sanctions).toBeDefined();
    }
  });
});

describe("with SECOND_FACTOR_GROUPS=none", () => {
  let t: TestServer;
  beforeAll(async () => {
    t = await startTestServer({ env: { SECOND_FACTOR_GROUPS: "none" } });
  });
  afterAll(() => t.close());

  it("a password-only staff token reaches staff rpcs", async () => {
    const token = await t.issuer.mint({ sub: t.users.moderator.sub, groups: ["/Moderator"], amr: ["pwd"] });
    expect((await sanctionClient(t.url, token).listSanctions({})).sanctions).toBeDefined();
  });
});
