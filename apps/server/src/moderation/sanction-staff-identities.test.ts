import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { chatClient, insertChannel, insertCharacter, insertDimension, StreamReader } from "../test/chat-fixtures.js";
import { rest } from "../test/rest-client.js";
import { Code, errorOf, kinds, sanctionClient, sanctionDetail, scopes } from "../test/sanction-clients.js";
import { startTestServer, storageBackends, type TestServer } from "../test/test-server.js";

/**
 * What a sanctioned player sees of a sanction: kind, scope, times, reason and message, never who issued or revoked
 * it (as a report's outcome names no resolver). Staff still see both names.
 */
describe.each(storageBackends)("a sanctioned player does not see who sanctioned them (%s)", (backend) => {
  let t: TestServer;

  beforeAll(async () => {
    t = await startTestServer({ backend });
  });
  afterAll(() => t?.close());

  const staffFields = (s: { issuedById: string; issuedByName: string; revokedById: string; revokedByName: string } | undefined) => ({
    issuedById: s?.issuedById,
    issuedByName: s?.issuedByName,
    revokedById: s?.revokedById,
    revokedByName: s?.revokedByName,
  });
  const hidden = { issuedById: "", issuedByName: "", revokedById: "", revokedByName: "" };

  it("GetMySanctions (Connect and REST) and a refused send carry no staff identity; GetSanction does", async () => {
    const player = await t.newPlayer();
    const db = t.server.database.db;
    const me = await insertCharacter(db, player.sub, await insertDimension(db));
    const channel = await insertChannel(db, { public: true });
    const moderator = sanctionClient(t.url, t.users.moderator.token);
    const mute = await moderator.issueSanction({ kind: kinds.mute, scope: scopes.everywhere, characterId: me, durationSeconds: 3600n, reason: "Spam" });
    const revoked = await moderator.issueSanction({
      kind: kinds.mute,
      scope: scopes.channel,
      scopeId: channel,
      characterId: me,
      durationSeconds: 60n,
      reason: "Flood",
    });
    await sanctionClient(t.url, t.users.admin.token).revokeSanction({ id: revoked.id, reason: "Appeal granted" });

    const staffView = await moderator.getSanction({ id: revoked.id });
    expect(staffFields(staffView)).toEqual({
      issuedById: t.users.moderator.sub,
      issuedByName: t.users.moderator.username,
      revokedById: t.users.admin.sub,
      revokedByName: t.users.admin.username,
    });

    const mine = (await sanctionClient(t.url, player.token).getMySanctions({})).sanctions;
    expect(mine.map((s) => s.id).sort()).toEqual([mute.id, revoked.id].sort());
    for (const s of mine) expect(staffFields(s)).toEqual(hidden);
    // What the player is told stays: reason, revocation time and reason.
    expect(mine.find((s) => s.id === revoked.id)).toMatchObject({ reason: "Flood", revokeReason: "Appeal granted", revokedAtMs: expect.any(BigInt) });

    const viaRest = await rest(t.url, "GET", "/v1/account/sanctions", { token: player.token });
    expect(viaRest.status).toBe(200);
    expect(viaRest.text).not.toContain(t.users.moderator.sub);
    expect(viaRest.text).not.toContain(t.users.admin.sub);
    expect(viaRest.text).not.toMatch(/"(issuedBy|revokedBy)(Id|Name)"/);

    const refused = await errorOf(
      chatClient(t.url, player.token).sendChatChannelMessage({ channelId: channel, chatMessage: { senderCharacterId: me, content: "hi" } }),
    );
    expect(refused.code).toBe(Code.PermissionDenied);
    expect(sanctionDetail(refused)).toMatchObject({ id: mute.id, reason: "Spam" });
    expect(staffFields(sanctionDetail(refused))).toEqual(hidden);
  });

  it("an account ban's refusal (every rpc, every stream) names no staff member", async () => {
    const player = await t.newPlayer();
    const db = t.server.database.db;
    const me = await insertCharacter(db, player.sub, await insertDimension(db));
    const channel = await insertChannel(db, { public: true });
    const stream = new StreamReader(chatClient(t.url, player.token).connectChatChannel({ channelId: channel, characterId: me }));
    const ban = await sanctionClient(t.url, t.users.admin.token).issueSanction({
      kind: kinds.ban,
      scope: scopes.everywhere,
      accountId: player.sub,
      durationSeconds: 3600n,
      reason: "Cheating",
    });
    const refused = await errorOf(sanctionClient(t.url, player.token).getMySanctions({}));
    expect([refused.code, sanctionDetail(refused)?.id]).toEqual([Code.PermissionDenied, ban.id]);
    expect(staffFields(sanctionDetail(refused))).toEqual(hidden);
    const ended = await stream.ended;
    expect(ended?.code).toBe(Code.PermissionDenied);
    expect(staffFields(sanctionDetail(ended!))).toEqual(hidden);
  });
});
