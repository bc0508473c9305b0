import { Code } from "@connectrpc/connect";
import { createGrpcTransport } from "@connectrpc/connect-node";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { RunningServer } from "../app.js";
import { demoAccounts } from "../demo/demo-accounts.js";
import { chatClient, codeOf, insertChannel, insertCharacter, insertDimension, StreamReader } from "../test/chat-fixtures.js";
import { startEmbeddedServer, startSecondNode, twoNodes, type EmbeddedServer } from "../test/embedded-identity-server.js";
import { signIn, tokenRequest, TestBrowser, type TokenResponse } from "../test/oidc-test-client.js";
import { kinds, sanctionClient, scopes } from "../test/sanction-clients.js";

/**
 * A user who signed out kept a working access token for up to 5 minutes (its lifetime): anyone holding it, another
 * tab or a copied header, could go on calling the game API. Signing out now ends that session's tokens at once on every
 * node, and its open streams; the same user's other sessions go on.
 */
const account = (username: string) => demoAccounts.find((a) => a.username === username)!;
const player = account("player");

async function signedIn(s: EmbeddedServer): Promise<{ browser: TestBrowser; tokens: TokenResponse }> {
  const browser = new TestBrowser();
  const tokens = await signIn(browser, { issuer: s.issuer, redirectUri: `${s.url}/`, username: "player", password: "player" });
  return { browser, tokens };
}

/** The console's sign-out: the provider's logout page with the session's ID token, then its "Sign out" (or the other) button. */
async function signOut(s: EmbeddedServer, session: { browser: TestBrowser; tokens: TokenResponse }, button: "Sign out" | "Stay signed in") {
  const query = new URLSearchParams({ client_id: "sro-web", id_token_hint: session.tokens.id_token!, post_logout_redirect_uri: `${s.url}/` });
  const page = await session.browser.navigate(`${s.issuer}/protocol/openid-connect/logout?${query}`);
  const back = await session.browser.submit(page, button === "Sign out" ? { logout: "yes" } : {}, (location) => location.startsWith(`${s.url}/`));
  expect(back.stoppedAt).toBeDefined();
}

async function channelOf(s: { server: RunningServer } | RunningServer) {
  const db = ("server" in s ? s.server : s).database.db;
  const dimension = await insertDimension(db);
  return { character: await insertCharacter(db, player.id, dimension), channel: await insertChannel(db, { public: true }) };
}

describe("signing out ends the session's tokens (embedded provider)", () => {
  let s: EmbeddedServer;
  beforeAll(async () => {
    s = await startEmbeddedServer();
  });
  afterAll(() => s?.close());

  it("refuses the signed-out token on Connect, gRPC, userinfo and the account API, ends its streams, keeps other sessions", async () => {
    const { character, channel } = await channelOf(s);
    const leaving = await signedIn(s);
    const staying = await signedIn(s);
    const token = leaving.tokens.access_token;
    const connect = chatClient(s.url, token);
    const grpc = chatClient(s.url, token, (interceptors) => createGrpcTransport({ baseUrl: s.url, interceptors }));
    const other = chatClient(s.url, staying.tokens.access_token);
    const send = (client: typeof connect, content: string) =>
      client.sendChatChannelMessage({ channelId: channel, chatMessage: { senderCharacterId: character, content } });
    expect(await codeOf(send(connect, "before"))).toBe("ok");
    const streams = [connect, grpc].map((c) => new StreamReader(c.connectChatChannel({ channelId: channel, characterId: character, history: true })));
    const otherStream = new StreamReader(other.connectChatChannel({ channelId: channel, characterId: character, history: true }));
    await Promise.all([...streams, otherStream].map((r) => r.waitFor(1)));
    const userinfo = () => fetch(`${s.issuer}/protocol/openid-connect/userinfo`, { headers: { authorization: `Bearer ${token}` } });
    expect((await userinfo()).status).toBe(200);

    await signOut(s, leaving, "Sign out");

    for (const end of await Promise.all(streams.map((r) => r.ended))) expect(end?.code).toBe(Code.Unauthenticated);
    for (const client of [connect, grpc]) {
      const refused = await send(client, "after").catch((error: unknown) => error as Error);
      expect(refused).toBeInstanceOf(Error);
      expect((refused as Error).message).toContain("signed out");
    }
    const info = await userinfo();
    expect(info.status).toBe(401);
    expect(((await info.json()) as { error_description: string }).error_description).toContain("signed out");
    const account = await fetch(`${s.issuer}/account`, { headers: { authorization: `Bearer ${token}`, accept: "application/json" } });
    expect(account.status).toBe(401);
    // The refresh token went with the session (oidc-provider revokes the grant).
    const refreshed = await tokenRequest(s.issuer, { grant_type: "refresh_token", client_id: "sro-web", refresh_token: leaving.tokens.refresh_token! });
    expect(refreshed.status).toBe(400);

    // The same user's other session is untouched: its calls work and its stream gets the next message.
    expect(await codeOf(send(other, "still here"))).toBe("ok");
    expect((await otherStream.waitFor(2)).map((m) => m.content)).toContain("still here");
  });

  it("'Stay signed in' signs the console's client out: its token is refused, the other session's works", async () => {
    const leaving = await signedIn(s);
    const staying = await signedIn(s);
    const { character, channel } = await channelOf(s);
    const send = (token: string) =>
      chatClient(s.url, token).sendChatChannelMessage({ channelId: channel, chatMessage: { senderCharacterId: character, content: "hi" } });
    expect(await codeOf(send(leaving.tokens.access_token))).toBe("ok");
    await signOut(s, leaving, "Stay signed in");
    expect(await codeOf(send(leaving.tokens.access_token))).toBe(Code.Unauthenticated);
    expect(await codeOf(send(staying.tokens.access_token))).toBe("ok");
  });
});

/**
 * What was revoked before a node listened (a restart here) is read back from the database: still refused. Each server
 * start (a fresh PGlite cluster, migrations, demo accounts: tens of seconds on a busy machine) and the sign-ins run in
 * hooks, with the environment's time budget; the test itself is a handful of calls.
 */
describe("signed-out sessions, disabled and banned accounts stay refused after a restart", () => {
  let s: EmbeddedServer & { port: number };
  let before: { channel: string; character: string; leaving: TokenResponse; untouched: TokenResponse; moderator: TokenResponse; rook: TokenResponse };
  let disabled: number;
  beforeAll(async () => {
    s = await startEmbeddedServer({ persistent: true });
  });
  beforeAll(async () => {
    const { character, channel } = await channelOf(s);
    const leaving = await signedIn(s);
    const untouched = await signedIn(s);
    const admin = await signIn(new TestBrowser(), { issuer: s.issuer, redirectUri: `${s.url}/`, username: "admin", password: account("admin").password });
    const moderator = await signIn(new TestBrowser(), {
      issuer: s.issuer,
      redirectUri: `${s.url}/`,
      username: "moderator",
      password: account("moderator").password,
    });
    await signOut(s, leaving, "Sign out");
    const disable = await fetch(`${s.issuer.replace("/realms/", "/admin/realms/")}/users/${account("moderator").id}`, {
      method: "PUT",
      headers: { authorization: `Bearer ${admin.access_token}`, "content-type": "application/json" },
      body: '{"enabled":false}',
    });
    disabled = disable.status;
    // An account ban revokes the account's older tokens; lifting it lifts the ban, not that revocation.
    const rook = await signIn(new TestBrowser(), { issuer: s.issuer, redirectUri: `${s.url}/`, username: "rook", password: account("rook").password });
    const sanctions = sanctionClient(s.url, admin.access_token);
    const ban = await sanctions.issueSanction({
      kind: kinds.ban,
      scope: scopes.everywhere,
      accountId: account("rook").id,
      durationSeconds: 3600n,
      reason: "Cheating",
    });
    await sanctions.revokeSanction({ id: ban.id, reason: "Appeal" });
    before = { character, channel, leaving: leaving.tokens, untouched: untouched.tokens, moderator, rook };
    await s.close({ keep: true });
  });
  beforeAll(async () => {
    s = await startEmbeddedServer({ restartOf: { dataDir: s.dataDir, port: s.port } });
  });
  afterAll(() => s?.close());

  it("refuses the signed-out session's token, a disabled account's and a once-banned account's, keeps an untouched one", async () => {
    expect(disabled).toBe(204);
    const { character, channel, leaving, untouched, moderator, rook } = before;
    const userinfo = (token: string) => fetch(`${s.issuer}/protocol/openid-connect/userinfo`, { headers: { authorization: `Bearer ${token}` } });
    const send = (token: string) =>
      chatClient(s.url, token).sendChatChannelMessage({ channelId: channel, chatMessage: { senderCharacterId: character, content: "after restart" } });
    expect((await userinfo(leaving.access_token)).status).toBe(401);
    expect(await codeOf(send(leaving.access_token))).toBe(Code.Unauthenticated);
    expect((await userinfo(moderator.access_token)).status).toBe(401);
    expect((await userinfo(rook.access_token)).status).toBe(401);
    expect((await userinfo(untouched.access_token)).status).toBe(200);
    expect(await codeOf(send(untouched.access_token))).toBe("ok");
  });
});

const natsUrl = process.env.NATS_URL;
const databaseUrl = process.env.DATABASE_URL;

/** Two nodes of one embedded provider (one PostgreSQL, one NATS): a sign-out at A ends the session on B. */
describe.skipIf(!natsUrl || !databaseUrl)("signing out across two nodes (NATS + PostgreSQL)", () => {
  const nodes = twoNodes(natsUrl!);

  it("node B refuses the token signed out at node A and ends its stream", async () => {
    const { a, b } = nodes;
    const { character, channel } = await channelOf(b);
    const session = await signedIn(a);
    const onB = chatClient(b.url, session.tokens.access_token);
    const send = () => onB.sendChatChannelMessage({ channelId: channel, chatMessage: { senderCharacterId: character, content: "on B" } });
    expect(await codeOf(send())).toBe("ok");
    const stream = new StreamReader(onB.connectChatChannel({ channelId: channel, characterId: character, history: true }));
    await stream.waitFor(1);
    await signOut(a, session, "Sign out");
    expect((await stream.ended)?.code).toBe(Code.Unauthenticated);
    expect(await codeOf(send())).toBe(Code.Unauthenticated);
  });

  it("a node started after the sign-out refuses the token too", async () => {
    const { a } = nodes;
    const session = await signedIn(a);
    await signOut(a, session, "Sign out");
    const late = await startSecondNode(a, natsUrl!);
    try {
      const { character, channel } = await channelOf(late);
      const send = chatClient(late.url, session.tokens.access_token).sendChatChannelMessage({
        channelId: channel,
        chatMessage: { senderCharacterId: character, content: "on the late node" },
      });
      expect(await codeOf(send)).toBe(Code.Unauthenticated);
    } finally {
      await late.close();
    }
  });
});
