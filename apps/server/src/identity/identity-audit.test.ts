import { asc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { groupIdOf } from "./group-tree.js";
import { demoAccounts } from "../demo/demo-accounts.js";
import { startEmbeddedServer, type EmbeddedServer } from "../test/embedded-identity-server.js";
import { authorizationUrl, redirectTo, signIn, TestBrowser } from "../test/oidc-test-client.js";
import { storageBackends } from "../test/test-server.js";
import { auditRecords } from "../audit/schema.js";

const account = (username: string) => demoAccounts.find((a) => a.username === username)!;

/** The embedded provider's writes (users API, registration, the account page) and staff sign-ins are recorded. */
describe.each(storageBackends)("audit records of identity writes (%s)", (backend) => {
  let s: EmbeddedServer;
  let redirectUri: string;
  let adminToken: string;

  /** A user's records, without the system's (demo accounts are created by the seeding at start). */
  const recordsOf = async (targetId: string) =>
    (await s.server.database.db.select().from(auditRecords).where(eq(auditRecords.targetId, targetId)).orderBy(asc(auditRecords.id))).filter(
      (r) => r.actorId !== "",
    );
  const signInAs = (username: string, password: string, headers: Record<string, string> = {}) => {
    const browser = new TestBrowser();
    browser.headers = headers;
    return signIn(browser, { issuer: s.issuer, redirectUri, username, password });
  };

  beforeAll(async () => {
    s = await startEmbeddedServer({ backend, env: { TRUST_PROXY: "true" } });
    redirectUri = `${s.url}/`;
    adminToken = (await signInAs("admin", account("admin").password, { "x-forwarded-for": "192.0.2.10" })).access_token;
  });
  afterAll(() => s.close());

  it("records the demo accounts' creation and the default role mappings as the system's", async () => {
    const seeded = await s.server.database.db.select().from(auditRecords).where(eq(auditRecords.actorId, ""));
    expect(seeded.map((r) => [r.action, r.actorName, r.targetId]).sort()).toEqual(
      [
        ...demoAccounts.map((a) => ["user.create", "system", a.id]),
        ...["/Banned", "/Moderator", "/Moderator/Admin"].map((group) => ["role-mapping.create", "system", group]),
      ].sort(),
    );
  });

  it("records a staff sign-in to the console (console.sign-in, target the user), not a player's", async () => {
    const admin = account("admin");
    const signIns = (await recordsOf(admin.id)).filter((r) => r.action === "console.sign-in");
    expect(signIns).toHaveLength(1);
    expect(signIns[0]).toMatchObject({
      actorId: admin.id,
      actorName: "admin",
      targetType: "user",
      targetId: admin.id,
      sourceAddress: "192.0.2.10",
      before: null,
      after: null,
    });
    expect(signIns[0]!.requestId).not.toBe("");
    await signInAs("moderator", account("moderator").password);
    expect((await recordsOf(account("moderator").id)).map((r) => r.action)).toEqual(["console.sign-in"]);
    await signInAs("player", account("player").password);
    expect(await recordsOf(account("player").id)).toEqual([]);
  });

  it("records the users API's writes: group join and leave (role changes), enabled; a no-op records nothing", async () => {
    const admin = account("admin");
    const player = account("player");
    const api = `${s.url}/admin/realms/default/users/${player.id}`;
    const headers = { authorization: `Bearer ${adminToken}`, "x-request-id": "users-api-1", "x-forwarded-for": "192.0.2.11" };
    const moderatorGroup = groupIdOf("/Moderator");
    expect((await fetch(`${api}/groups/${moderatorGroup}`, { method: "PUT", headers })).status).toBe(204);
    expect((await fetch(`${api}/groups/${moderatorGroup}`, { method: "PUT", headers })).status).toBe(204);
    expect((await fetch(`${api}/groups/${moderatorGroup}`, { method: "DELETE", headers })).status).toBe(204);
    const disable = await fetch(api, { method: "PUT", headers: { ...headers, "content-type": "application/json" }, body: JSON.stringify({ enabled: false }) });
    expect(disable.status).toBe(204);
    const refused = await fetch(api, { method: "PUT", headers: { ...headers, "content-type": "application/json" }, body: JSON.stringify({ username: "x" }) });
    expect(refused.status).toBe(400);

    const records = await recordsOf(player.id);
    expect(records.map((r) => r.action)).toEqual(["user.group.add", "user.group.remove", "user.edit"]);
    for (const record of records) {
      expect(record).toMatchObject({ actorId: admin.id, actorName: "admin", targetType: "user", requestId: "users-api-1", sourceAddress: "192.0.2.11" });
    }
    const [add, remove, edit] = records;
    expect(add!.before).toMatchObject({ id: player.id, username: "player", groups: ["/Player/Member"], enabled: true });
    expect(add!.after).toMatchObject({ groups: ["/Moderator", "/Player/Member"] });
    expect(remove!.after).toMatchObject({ groups: ["/Player/Member"] });
    expect(edit!.before).toMatchObject({ enabled: true });
    expect(edit!.after).toMatchObject({ enabled: false });
    expect(JSON.stringify(records.map((r) => [r.before, r.after]))).not.toMatch(/password|hash/i);
  });

  it("records a registration (the new user is its own actor) and a password change without the password", async () => {
    const browser = new TestBrowser();
    const page = await browser.navigate(authorizationUrl({ issuer: s.issuer, redirectUri, prompt: "create" }).url);
    const done = await browser.submit(
      page,
      { username: "newcomer", email: "newcomer@example.com", firstName: "New", lastName: "Comer", password: "password-1", passwordConfirm: "password-1" },
      redirectTo(redirectUri),
    );
    expect(done.stoppedAt).toContain("code=");
    const [created, ...others] = (await s.server.database.db.select().from(auditRecords).where(eq(auditRecords.action, "user.create"))).filter(
      (r) => r.actorId !== "",
    );
    expect(others).toEqual([]);
    expect(created).toMatchObject({ actorName: "newcomer", targetType: "user", before: null });
    expect(created!.actorId).toBe(created!.targetId);
    expect(created!.after).toMatchObject({ username: "newcomer", email: "newcomer@example.com", groups: ["/Player/Member"], enabled: true });

    const accountPage = await browser.navigate(`${s.issuer}/account`);
    const changed = await browser.submit(
      accountPage,
      { currentPassword: "password-1", newPassword: "password-2", newPasswordConfirm: "password-2" },
      undefined,
      1,
    );
    expect(changed.body).toContain("Your password was changed.");
    const records = await recordsOf(created!.targetId);
    expect(records.map((r) => r.action)).toEqual(["user.create", "user.password.set"]);
    expect(records[1]!.after).toMatchObject({ username: "newcomer", password: "changed" });
    const text = JSON.stringify(records.map((r) => [r.before, r.after]));
    expect(text).not.toContain("password-2");
    expect(text).not.toMatch(/\$(argon2|scrypt|2[aby])\$|passwordHash/);
  });
});
