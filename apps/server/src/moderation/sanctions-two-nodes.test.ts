import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { chatClient, codeOf, insertChannel, insertCharacter, insertDimension, StreamReader, type ChatClient } from "../test/chat-fixtures.js";
import { Code, errorOf, kinds, sanctionClient, sanctionDetail, scopes, type SanctionClient } from "../test/sanction-clients.js";
import type { TestServer } from "../test/test-server.js";
import { startTwoNodes, twoNodesAvailable, type TwoNodes } from "../test/two-nodes.js";

/**
 * Sanctions bite at once on every node: issued through A (one PostgreSQL, one NATS), they refuse sends on B and end
 * B's streams; an account ban refuses B's next rpc. Runs when NATS_URL and DATABASE_URL are set.
 */
describe.skipIf(!twoNodesAvailable)("sanctions across two nodes (NATS + PostgreSQL)", () => {
  let nodes: TwoNodes;
  let a: TestServer, b: TestServer;
  let moderatorOnA: SanctionClient, adminOnA: SanctionClient, adminChatOnA: ChatClient, playerOnB: ChatClient;
  let dim: string, speaker: string;

  beforeAll(async () => {
    nodes = await startTwoNodes();
    ({ a, b } = nodes);
    moderatorOnA = sanctionClient(a.url, a.users.moderator.token);
    adminOnA = sanctionClient(a.url, a.users.admin.token);
    adminChatOnA = chatClient(a.url, a.users.admin.token);
    playerOnB = chatClient(b.url, b.users.player.token);
    dim = await insertDimension(a.server.database.db);
    speaker = await insertCharacter(a.server.database.db, a.users.admin.sub, dim);
  });
  afterAll(async () => {
    await nodes?.close();
  });

  const send = (client: ChatClient, channelId: string, characterId: string) =>
    client.sendChatChannelMessage({ channelId, chatMessage: { senderCharacterId: characterId, content: "hi" } });

  async function streamOnB(client: ChatClient, channelId: string, characterId: string) {
    const reader = new StreamReader(client.connectChatChannel({ channelId, characterId, history: true }));
    await send(adminChatOnA, channelId, speaker);
    await reader.waitFor(1);
    return reader;
  }

  it("a ban issued on A refuses the next send on B and ends B's stream within 1 s; revoking it on A lifts it on B", async () => {
    const channel = await insertChannel(a.server.database.db, { public: true });
    const me = await insertCharacter(a.server.database.db, b.users.player.sub, dim);
    const stream = await streamOnB(playerOnB, channel, me);
    const ban = await moderatorOnA.issueSanction({
      kind: kinds.ban,
      scope: scopes.dimension,
      scopeId: dim,
      characterId: me,
      durationSeconds: 600n,
      reason: "Spam",
    });
    // The channel spans every dimension: a dimension ban does not cover it …
    expect(await codeOf(send(playerOnB, channel, me))).toBe("ok");
    const other = await insertChannel(a.server.database.db, { public: true, dimensionId: dim });
    // … but it covers the dimension's channels, at once, on B.
    const refused = await errorOf(send(playerOnB, other, me));
    expect(sanctionDetail(refused)?.id).toBe(ban.id);
    const started = performance.now();
    const everywhere = await moderatorOnA.issueSanction({ kind: kinds.ban, scope: scopes.everywhere, characterId: me, durationSeconds: 600n, reason: "Spam" });
    const end = await stream.ended;
    expect(performance.now() - started).toBeLessThan(1_000);
    expect(end?.code).toBe(Code.PermissionDenied);
    expect(sanctionDetail(end!)?.id).toBe(everywhere.id);
    await moderatorOnA.revokeSanction({ id: everywhere.id, reason: "Appeal" });
    await moderatorOnA.revokeSanction({ id: ban.id, reason: "Appeal" });
    expect(await codeOf(send(playerOnB, other, me))).toBe("ok");
  });

  it("an account ban issued on A refuses the account's next rpc on B and ends its streams there", async () => {
    const target = await b.newPlayer();
    const targetOnB = chatClient(b.url, target.token);
    const me = await insertCharacter(a.server.database.db, target.sub, dim);
    const channel = await insertChannel(a.server.database.db, { public: true });
    const stream = await streamOnB(targetOnB, channel, me);
    const ban = await adminOnA.issueSanction({ kind: kinds.ban, scope: scopes.everywhere, accountId: target.sub, durationSeconds: 600n, reason: "Cheating" });
    const end = await stream.ended;
    expect(end?.code).toBe(Code.PermissionDenied);
    expect(sanctionDetail(end!)?.id).toBe(ban.id);
    // The stream ended because B heard of the ban: B's gate has it, so the next call is refused with it.
    const refused = await errorOf(sanctionClient(b.url, target.token).getMySanctions({}));
    expect([refused.code, sanctionDetail(refused)?.id]).toEqual([Code.PermissionDenied, ban.id]);
    // Revoked on A: B's gate lets a token issued after the ban through (the old one stays revoked: sign in again).
    await adminOnA.revokeSanction({ id: ban.id, reason: "Appeal" });
    const fresh = await b.issuer.mint({
      sub: target.sub,
      preferred_username: target.username,
      groups: ["/Player/Member"],
      iat: Math.floor(Date.now() / 1000) + 2,
    });
    await vi.waitFor(async () => expect((await sanctionClient(b.url, fresh).getMySanctions({})).sanctions.map((s) => s.id)).toContain(ban.id), {
      timeout: 15_000,
    });
  });
});
