import { execFile } from "node:child_process";
import { rmSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { and, asc, eq, like } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditRecords } from "../audit/schema.js";
import { demoAccounts } from "../demo/demo-accounts.js";
import { openDatabase } from "../platform/db/database.js";
import { startEmbeddedServer, type EmbeddedServer } from "../test/embedded-identity-server.js";
import { parseForms, signIn, TestBrowser, type Page } from "../test/oidc-test-client.js";
import { storageBackends } from "../test/test-server.js";
import { createSecondFactorStore } from "./second-factor-store.js";
import { setupKeyOf } from "../test/second-factor-pages.js";
import { codeAt } from "./totp.js";

const idOf = (name: string) => demoAccounts.find((a) => a.username === name)!.id;
const cli = fileURLToPath(new URL("./identity-cli.ts", import.meta.url));
/** The index of the account page's two-factor form that posts `do=<what>`. */
const formFor = (page: Page, what: string) => parseForms(page.body, page.url).findIndex((f) => f.fields.do === what);
const section = (page: Page) => page.body.slice(page.body.indexOf('id="two-factor"'), page.body.indexOf("</section>", page.body.indexOf('id="two-factor"')));

/** The provider's clock for codes and throttling (oidc-provider's own timers keep real time). */
const clock = Date.now();

/** Signs in to the account page with a password (policy off here) and enrols an authenticator app there. */
async function enrolOnAccountPage(s: EmbeddedServer, username: string) {
  const browser = new TestBrowser();
  const login = await browser.navigate(`${s.issuer}/account`);
  let page = await browser.submit(login, { username, password: username });
  expect(section(page)).toContain("Off.");
  page = await browser.submit(page, {}, undefined, formFor(page, "setup"));
  const secret = setupKeyOf(page)!;
  expect(section(page)).toContain(`otpauth://totp/SRO:${username}?`);
  const wrong = await browser.submit(page, { code: codeAt(secret, clock + 10 * 60_000) }, undefined, formFor(page, "confirm"));
  expect(wrong.status).toBe(400);
  expect(section(wrong)).toContain("That code does not match");
  page = await browser.submit(wrong, { code: codeAt(secret, clock) }, undefined, formFor(wrong, "confirm"));
  expect(page.status).toBe(200);
  expect(section(page).match(/<li><code>/g)).toHaveLength(10);
  const reloaded = await browser.navigate(`${s.issuer}/account`);
  expect(section(reloaded)).toMatch(/Authenticator app: <strong>on<\/strong>.*Recovery codes left:\s*<strong>10<\/strong>/s);
  expect(reloaded.body).not.toContain("<li><code>");
  return { browser, page: reloaded, secret };
}

describe.each(storageBackends)("second factor on the account page and its reset (%s)", (backend) => {
  let s: EmbeddedServer;
  beforeAll(async () => {
    s = await startEmbeddedServer({ backend, identity: { now: () => clock } });
  });
  afterAll(() => s.close());
  const audit = (targetId: string) =>
    s.server.database.db
      .select()
      .from(auditRecords)
      .where(and(eq(auditRecords.targetId, targetId), like(auditRecords.action, "user.otp.%")))
      .orderBy(asc(auditRecords.id));

  it("enrols with a confirmed code, shows the recovery codes once, and removes only with the code or password", async () => {
    const { browser, page, secret } = await enrolOnAccountPage(s, "nova");
    const refused = await browser.submit(page, { proof: "not-my-password" }, undefined, formFor(page, "remove"));
    expect(refused.status).toBe(400);
    expect(section(refused)).toContain("Enter the current code from your app, or your password.");
    const removed = await browser.submit(refused, { proof: "nova" }, undefined, formFor(refused, "remove"));
    expect(section(removed)).toContain("Your authenticator app was removed.");
    expect(section(removed)).toContain("Off.");
    expect((await audit(idOf("nova"))).map((r) => [r.action, r.actorName])).toEqual([
      ["user.otp.enrol", "nova"],
      ["user.otp.remove", "nova"],
    ]);
    // The secret is never in the log.
    expect(JSON.stringify(await audit(idOf("nova")))).not.toContain(secret);
  });

  it("another admin resets a lost factor at Keycloak's credential paths; not their own, not a moderator", async () => {
    await enrolOnAccountPage(s, "rook");
    const admin = await signIn(new TestBrowser(), { issuer: s.issuer, redirectUri: `${s.url}/`, username: "admin", password: "admin" });
    const moderator = await signIn(new TestBrowser(), { issuer: s.issuer, redirectUri: `${s.url}/`, username: "moderator", password: "moderator" });
    const call = (token: string, path: string, method = "GET") =>
      fetch(`${s.url}/admin/realms/default/users/${path}`, { method, headers: { authorization: `Bearer ${token}` } });
    expect(await (await call(admin.access_token, idOf("rook"))).json()).toMatchObject({ totp: true, disableableCredentialTypes: ["otp"] });
    const credentials = (await (await call(admin.access_token, `${idOf("rook")}/credentials`)).json()) as { id: string; type: string }[];
    expect(credentials).toMatchObject([{ type: "otp", userLabel: "Authenticator app" }]);
    expect((await call(moderator.access_token, `${idOf("rook")}/credentials`)).status).toBe(403);
    expect((await call(moderator.access_token, `${idOf("rook")}/credentials/${credentials[0]!.id}`, "DELETE")).status).toBe(403);
    expect((await call(admin.access_token, `${idOf("rook")}/credentials/not-that-one`, "DELETE")).status).toBe(404);
    expect((await call(admin.access_token, `${idOf("rook")}/credentials/${credentials[0]!.id}`, "DELETE")).status).toBe(204);
    expect(await (await call(admin.access_token, `${idOf("rook")}/credentials`)).json()).toEqual([]);
    expect((await call(admin.access_token, `${idOf("rook")}/credentials/${credentials[0]!.id}`, "DELETE")).status).toBe(404);
    expect((await audit(idOf("rook"))).map((r) => [r.action, r.actorName])).toEqual([
      ["user.otp.enrol", "rook"],
      ["user.otp.reset", "admin"],
    ]);

    const own = await enrolOnAccountPage(s, "admin");
    const ownCredential = (await (await call(admin.access_token, `${idOf("admin")}/credentials`)).json()) as { id: string }[];
    const self = await call(admin.access_token, `${idOf("admin")}/credentials/${ownCredential[0]!.id}`, "DELETE");
    expect(self.status).toBe(400);
    expect(await self.json()).toEqual({ errorMessage: expect.stringContaining("You cannot reset your own second factor") });
    // Removing one's own on the account page takes a code; the one that confirmed the app is used up, so the next.
    const reused = await own.browser.submit(own.page, { proof: codeAt(own.secret, clock) }, undefined, formFor(own.page, "remove"));
    expect(reused.status).toBe(400);
    const removed = await own.browser.submit(reused, { proof: codeAt(own.secret, clock + 30_000) }, undefined, formFor(reused, "remove"));
    expect(section(removed)).toContain("Your authenticator app was removed.");
  });
});

describe("the identity CLI's break-glass reset", () => {
  // A server start and a second open of its storage inside the test: the limit only catches a hang.
  it("removes a user's second factor on the server's storage, audited as the command", { timeout: 240_000 }, async () => {
    const s = await startEmbeddedServer({ persistent: true, identity: { now: () => clock } });
    await enrolOnAccountPage(s, "ivy");
    await s.close({ keep: true });
    try {
      const run = (username: string) =>
        promisify(execFile)(process.execPath, ["--import", "tsx", cli, "reset-second-factor", "--username", username], {
          env: { ...process.env, DATA_DIR: s.dataDir, DATABASE_URL: "" },
        });
      expect((await run("ivy")).stdout).toBe("removed the second factor of ivy\n");
      expect((await run("IVY")).stdout).toBe("ivy has no second factor\n");
      await expect(run("nobody")).rejects.toMatchObject({ code: 2, stderr: expect.stringContaining('no user "nobody"') });
      const database = await openDatabase({ dataDir: `${s.dataDir}` });
      try {
        expect(await createSecondFactorStore(database.db).hasFactor(idOf("ivy"))).toBe(false);
        const records = await database.db.select().from(auditRecords).where(eq(auditRecords.action, "user.otp.reset"));
        expect(records.map((r) => [r.targetId, r.actorName])).toEqual([[idOf("ivy"), "identity-cli reset-second-factor"]]);
      } finally {
        await database.close();
      }
    } finally {
      rmSync(s.dataDir, { recursive: true, force: true });
    }
  });
});
