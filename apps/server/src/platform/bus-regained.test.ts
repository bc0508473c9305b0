import { Code } from "@connectrpc/connect";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { chatClient, codeOf, insertChannel, insertCharacter, insertDimension } from "../test/chat-fixtures.js";
import { errorOf, kinds, sanctionClient, scopes } from "../test/sanction-clients.js";
import { startTcpProxy, type TcpProxy } from "../test/tcp-proxy.js";
import { createTestDatabase, startTestServer, type TestServer } from "../test/test-server.js";
import { twoNodesAvailable } from "../test/two-nodes.js";

const natsUrl = process.env.NATS_URL;

/**
 * One node loses NATS while the other goes on (a partition: a TCP relay in front of the broker for node B only).
 * What A announces meanwhile never reaches B; when B has the bus back it reads afresh what it keeps from the bus —
 * account bans, token revocations, cached send facts — so nothing missed stays missed.
 */
describe.skipIf(!twoNodesAvailable)("a node that had lost the bus catches up", () => {
  let proxy: TcpProxy;
  let a: TestServer, b: TestServer;
  let database: Awaited<ReturnType<typeof createTestDatabase>>;

  beforeAll(async () => {
    const broker = new URL(natsUrl!);
    proxy = await startTcpProxy(broker.hostname, Number(broker.port || 4222));
    database = await createTestDatabase();
    a = await startTestServer({ env: { DATABASE_URL: database.url, NATS_URL: natsUrl! } });
    b = await startTestServer({ env: { DATABASE_URL: database.url, NATS_URL: `nats://127.0.0.1:${proxy.port}` } });
  });
  afterAll(async () => {
    await Promise.all([a?.close(), b?.close()]);
    await proxy?.close();
    await database?.drop();
  });

  const lose = async () => {
    proxy.cut();
    await vi.waitFor(async () => expect((await fetch(`${b.url}/readyz`)).status).toBe(503), { timeout: 30_000, interval: 50 });
  };
  const regain = async () => {
    proxy.restore();
    await vi.waitFor(async () => expect((await fetch(`${b.url}/readyz`)).status).toBe(200), { timeout: 30_000, interval: 50 });
  };

  it("refuses on B an account banned on A while B was cut off, and a channel mute issued meanwhile", async () => {
    const db = a.server.database.db;
    const dimension = await insertDimension(db);
    const channelId = await insertChannel(db, { public: true });
    const banned = await b.newPlayer();
    const muted = await b.newPlayer();
    const mutedCharacter = await insertCharacter(db, muted.sub, dimension);
    // An account is known to moderation by its characters.
    await insertCharacter(db, banned.sub, dimension);
    const send = () => chatClient(b.url, muted.token).sendChatChannelMessage({ channelId, chatMessage: { senderCharacterId: mutedCharacter, content: "hi" } });
    // B has the muted player's send facts cached from this send.
    expect(await codeOf(send())).toBe("ok");
    await sanctionClient(b.url, banned.token).getMySanctions({});

    await lose();
    const adminOnA = sanctionClient(a.url, a.users.admin.token);
    const ban = await adminOnA.issueSanction({ kind: kinds.ban, scope: scopes.everywhere, accountId: banned.sub, durationSeconds: 600n, reason: "Cheating" });
    await adminOnA.issueSanction({
      kind: kinds.mute,
      scope: scopes.channel,
      characterId: mutedCharacter,
      scopeId: channelId,
      durationSeconds: 600n,
      reason: "Spam",
    });
    await regain();

    // A token minted after the ban: only the ban gate can refuse it.
    const fresh = await b.issuer.mint({
      sub: banned.sub,
      preferred_username: banned.username,
      groups: ["/Player/Member"],
      iat: Math.floor(Date.now() / 1000) + 2,
    });
    await vi.waitFor(
      async () => {
        const refused = await errorOf(sanctionClient(b.url, fresh).getMySanctions({}));
        expect(refused.code).toBe(Code.PermissionDenied);
        expect(refused.rawMessage).toContain("banned");
      },
      { timeout: 10_000, interval: 50 },
    );
    await vi.waitFor(async () => expect(await codeOf(send())).toBe(Code.PermissionDenied), { timeout: 10_000, interval: 50 });
    // The ban revoked the account's tokens of before it. Lifted now (B hears that live), the gate lets the account
    // through; the old token stays refused only because B read the revocation back.
    await adminOnA.revokeSanction({ id: ban.id, reason: "Appeal" });
    await vi.waitFor(async () => expect((await sanctionClient(b.url, fresh).getMySanctions({})).sanctions.map((x) => x.id)).toContain(ban.id), {
      timeout: 10_000,
      interval: 50,
    });
    expect((await errorOf(sanctionClient(b.url, banned.token).getMySanctions({}))).code).toBe(Code.Unauthenticated);
  });
});
