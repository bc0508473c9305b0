import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { demoAccounts } from "../demo/demo-accounts.js";
import { startEmbeddedServer, type EmbeddedServer } from "../test/embedded-identity-server.js";
import { authorizationUrl, redirectTo, signIn, TestBrowser } from "../test/oidc-test-client.js";
import { Code, errorOf, kinds, sanctionClient, sanctionDetail, scopes } from "../test/sanction-clients.js";
import { storageBackends } from "../test/test-server.js";

const player = demoAccounts.find((a) => a.username === "player")!;

/** An account ban at the embedded identity provider: no sign-in while it holds, with a clear message; the old token is refused. */
describe.each(storageBackends)("account ban and sign-in (%s)", (backend) => {
  let s: EmbeddedServer;
  const tokenOf = async (name: string) =>
    (await signIn(new TestBrowser(), { issuer: s.issuer, redirectUri: `${s.url}/`, username: name, password: name })).access_token;
  beforeAll(async () => {
    s = await startEmbeddedServer({ backend });
  });
  afterAll(() => s?.close());

  it("refuses the banned account's sign-in and its next rpc; revoking the ban lets it sign in again", async () => {
    const admin = sanctionClient(s.url, await tokenOf("admin"));
    const playerToken = await tokenOf("player");
    const ban = await admin.issueSanction({
      kind: kinds.ban,
      scope: scopes.everywhere,
      accountId: player.id,
      // A year, not for good: a permanent account ban waits for a second admin (approvals.test.ts).
      durationSeconds: BigInt(365 * 24 * 3600),
      reason: "Cheating",
      playerMessage: "Write to support@sro.local",
    });
    expect(ban.accountName).toBe("player");

    const refused = await errorOf(sanctionClient(s.url, playerToken).getMySanctions({}));
    expect(refused.code).toBe(Code.PermissionDenied);
    expect(sanctionDetail(refused)?.id).toBe(ban.id);

    const browser = new TestBrowser();
    const redirectUri = `${s.url}/`;
    const loginPage = await browser.navigate(authorizationUrl({ issuer: s.issuer, redirectUri }).url, {}, redirectTo(redirectUri));
    const answer = await browser.submit(loginPage, { username: "player", password: "player" }, redirectTo(redirectUri));
    expect(answer.stoppedAt).toBeUndefined();
    expect(answer.status).toBe(403);
    expect(answer.body).toMatch(/Your account is banned until \d{4}-\d\d-\d\d \d\d:\d\d UTC\. Reason: Cheating\. Write to support@sro\.local/);
    // Other accounts are not affected.
    await expect(tokenOf("moderator")).resolves.toBeTypeOf("string");

    await admin.revokeSanction({ id: ban.id, reason: "Appeal accepted" });
    // Tokens issued up to the second of the ban's announcement stay revoked (iat has whole seconds): the new
    // sign-in must come after it.
    await vi.waitFor(() => expect(Math.floor(Date.now() / 1000)).toBeGreaterThan(Math.floor(Number(ban.issuedAtMs) / 1000) + 1), { timeout: 15_000 });
    const again = await tokenOf("player");
    expect((await sanctionClient(s.url, again).getMySanctions({})).sanctions.map((x) => x.id)).toContain(ban.id);
  });
});
