import { Code } from "@connectrpc/connect";
import KcAdminClient from "@keycloak/keycloak-admin-client";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { clientName } from "../compat/client-versions.js";
import { auditRecords } from "../audit/schema.js";
import { demoAccounts } from "../demo/demo-accounts.js";
import { chatClient, codeOf, insertChannel, insertCharacter, insertDimension, StreamReader } from "../test/chat-fixtures.js";
import { startEmbeddedServer, twoNodes, type EmbeddedServer } from "../test/embedded-identity-server.js";
import { signIn, TestBrowser, tokenRequest, type TokenResponse } from "../test/oidc-test-client.js";
import { storageBackends } from "../test/test-server.js";
import { browserOf } from "./pages/sessions-section.js";

const account = (username: string) => demoAccounts.find((a) => a.username === username)!;
const FIREFOX = "Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0";
const CHROME_ANDROID = "Mozilla/5.0 (Linux; Android 14) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36";

describe("browserOf", () => {
  it("names the browser and system of common user agents, and says so when it cannot", () => {
    expect(browserOf(FIREFOX)).toBe("Firefox on Linux");
    expect(browserOf(CHROME_ANDROID)).toBe("Chrome on Android");
    expect(browserOf("curl/8.5.0")).toBe("Unknown browser");
    expect(browserOf("")).toBe("Unknown browser");
  });
});

describe.each(storageBackends)("sign-in sessions: the admin API and the account page (%s)", (backend) => {
  let s: EmbeddedServer;
  let admin: TokenResponse;
  const api = (token: string) => fetch(`${s.url}/v1/channels`, { headers: { authorization: `Bearer ${token}` } });
  const refresh = (token: string) => tokenRequest(s.issuer, { grant_type: "refresh_token", refresh_token: token, client_id: "sro-web" });
  /** A browser with its own user agent, signed in as `username`. */
  async function signedIn(username: string, userAgent: string) {
    const browser = new TestBrowser();
    browser.headers["user-agent"] = userAgent;
    const tokens = await signIn(browser, { issuer: s.issuer, redirectUri: `${s.url}/`, username, password: account(username).password });
    return { browser, tokens };
  }
  const adminClient = (token: string) => {
    const client = new KcAdminClient({ baseUrl: s.url, realmName: "default" });
    client.setAccessToken(token);
    return client;
  };

  beforeAll(async () => {
    s = await startEmbeddedServer({ backend });
    admin = (await signedIn("admin", FIREFOX)).tokens;
  });
  afterAll(() => s.close());

  it(`lists a user's sessions and ends one, then all, through ${clientName("@keycloak/keycloak-admin-client")}`, async () => {
    const before = Date.now() - 1_000;
    const laptop = await signedIn("player", FIREFOX);
    const phone = await signedIn("player", CHROME_ANDROID);
    const client = adminClient(admin.access_token);
    const id = account("player").id;
    const sessions = await client.users.listSessions({ id });
    expect(sessions).toHaveLength(2);
    for (const session of sessions) {
      expect(session).toMatchObject({ userId: id, username: "player", clients: { "sro-web": "sro-web" } });
      expect(session.ipAddress).toMatch(/127\.0\.0\.1|::1/);
      expect(session.start).toBeGreaterThanOrEqual(Math.floor(before / 1000) * 1000);
      expect(session.lastAccess).toBeGreaterThanOrEqual(session.start!);
    }
    // The session ids are the tokens' `sid`: the one ended is the laptop's.
    const laptopSid = JSON.parse(Buffer.from(laptop.tokens.access_token.split(".")[1]!, "base64url").toString()).sid as string;
    expect(sessions.map((x) => x.id)).toContain(laptopSid);
    await client.realms.deleteSession({ realm: "default", session: laptopSid, isOffline: false });
    await vi.waitFor(async () => expect((await api(laptop.tokens.access_token)).status).toBe(401));
    expect((await refresh(laptop.tokens.refresh_token!)).status).toBe(400);
    expect((await api(phone.tokens.access_token)).status).toBe(200);
    expect((await client.users.listSessions({ id })).map((x) => x.id)).not.toContain(laptopSid);

    await client.users.logout({ id });
    expect(await client.users.listSessions({ id })).toEqual([]);
    await vi.waitFor(async () => expect((await api(phone.tokens.access_token)).status).toBe(401));
    expect((await refresh(phone.tokens.refresh_token!)).status).toBe(400);
    // Both ends are in the audit log, by the admin, naming the sessions.
    const records = (await s.server.database.db.select().from(auditRecords)).filter((r) => r.action === "user.sessions.end");
    expect(records.map((r) => [r.actorName, r.targetId])).toEqual([
      ["admin", id],
      ["admin", id],
    ]);
    expect(records[0]!.before).toEqual({ sessions: [laptopSid] });
  });

  it("keeps sessions for admins: moderators and players are refused, unknown or malformed ids are a 404", async () => {
    const id = account("ozzy").id;
    const moderator = (await signedIn("moderator", FIREFOX)).tokens.access_token;
    const player = (await signedIn("ozzy", FIREFOX)).tokens.access_token;
    for (const token of [moderator, player]) {
      const list = await fetch(`${s.url}/admin/realms/default/users/${id}/sessions`, { headers: { authorization: `Bearer ${token}` } });
      expect(list.status).toBe(403);
      expect(await list.json()).toMatchObject({
        error_description: "seeing or ending sessions needs the capability users.sessions (by default /Moderator/Admin)",
      });
      const logout = await fetch(`${s.url}/admin/realms/default/users/${id}/logout`, { method: "POST", headers: { authorization: `Bearer ${token}` } });
      expect(logout.status).toBe(403);
    }
    expect((await api(player)).status).toBe(200);
    const auth = { authorization: `Bearer ${admin.access_token}` };
    for (const bad of ["no-such-session", "%00", "a%0Ab"]) {
      const response = await fetch(`${s.url}/admin/realms/default/sessions/${bad}`, { method: "DELETE", headers: auth });
      expect(response.status, bad).toBe(404);
    }
    expect((await fetch(`${s.url}/admin/realms/default/users/${crypto.randomUUID()}/sessions`, { headers: auth })).status).toBe(404);
  });

  it("shows a user their own sessions on the account page and signs out the others", async () => {
    const here = await signedIn("rook", FIREFOX);
    const there = await signedIn("rook", CHROME_ANDROID);
    const page = await here.browser.navigate(`${s.issuer}/account`);
    expect(page.body).toContain("Signed-in sessions");
    expect(page.body).toContain("Firefox on Linux");
    expect(page.body).toContain("Chrome on Android");
    expect(page.body).toMatch(/Firefox on Linux <span class="badge">This browser<\/span>/);
    // A forged or foreign session id ends nothing.
    const sessionForms = 2;
    const foreign = await here.browser.submit(page, { session: "someone-elses" }, undefined, sessionForms);
    expect(foreign.status).toBe(400);
    expect(foreign.body).toContain("That session has already ended.");
    expect((await api(there.tokens.access_token)).status).toBe(200);
    // The last form is "Sign out all other sessions".
    const done = await here.browser.submit(page, {}, undefined, sessionForms + 1);
    expect(done.body).toContain("The sessions were signed out.");
    expect(done.body).not.toContain("Chrome on Android");
    await vi.waitFor(async () => expect((await api(there.tokens.access_token)).status).toBe(401));
    expect((await api(here.tokens.access_token)).status).toBe(200);
  });
});

const natsUrl = process.env.NATS_URL;
const databaseUrl = process.env.DATABASE_URL;

/** Two nodes of one embedded provider (one PostgreSQL, one NATS): a session an admin ends at A ends on B at once. */
describe.skipIf(!natsUrl || !databaseUrl)("an admin ending a session across two nodes (NATS + PostgreSQL)", () => {
  const nodes = twoNodes(natsUrl!);

  it("node B refuses the ended session's token and ends its stream; the user's other session goes on", async () => {
    const { a, b } = nodes;
    const signInAt = async (username: string) =>
      signIn(new TestBrowser(), { issuer: a.issuer, redirectUri: `${a.url}/`, username, password: account(username).password });
    const db = b.database.db;
    const dimension = await insertDimension(db);
    const character = await insertCharacter(db, account("nova").id, dimension);
    const channel = await insertChannel(db, { public: true });
    const [ended, kept, admin] = [await signInAt("nova"), await signInAt("nova"), await signInAt("admin")];
    const onB = chatClient(b.url, ended.access_token);
    const stream = new StreamReader(onB.connectChatChannel({ channelId: channel, characterId: character, history: true }));
    const send = (token: string) =>
      codeOf(chatClient(b.url, token).sendChatChannelMessage({ channelId: channel, chatMessage: { senderCharacterId: character, content: "on B" } }));
    expect(await send(ended.access_token)).toBe("ok");
    await stream.waitFor(1);
    const sid = JSON.parse(Buffer.from(ended.access_token.split(".")[1]!, "base64url").toString()).sid as string;
    const response = await fetch(`${a.url}/admin/realms/default/sessions/${sid}`, {
      method: "DELETE",
      headers: { authorization: `Bearer ${admin.access_token}` },
    });
    expect(response.status).toBe(204);
    expect((await stream.ended)?.code).toBe(Code.Unauthenticated);
    expect(await send(ended.access_token)).toBe(Code.Unauthenticated);
    expect(await send(kept.access_token)).toBe("ok");
  });
});
