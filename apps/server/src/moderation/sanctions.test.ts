import { createGrpcTransport, createGrpcWebTransport } from "@connectrpc/connect-node";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditRecords } from "../audit/schema.js";
import { chatClient, codeOf, insertChannel, insertCharacter, insertDimension, StreamReader, type ChatClient } from "../test/chat-fixtures.js";
import { Code, errorOf, kinds, sanctionClient, sanctionDetail, scopes, type SanctionClient } from "../test/sanction-clients.js";
import { startTestServer, storageBackends, type TestServer, type TestUser } from "../test/test-server.js";
import { sanctions } from "./schema.js";

const MINUTE = 60_000;

/**
 * Sanctions through the real server (docs/moderation.md): what each kind and scope refuses, for how long (an
 * injected clock, no sleeps), on a character or a whole account; revocation; the error a player gets; audit rows.
 */
describe.each(storageBackends)("sanctions (%s)", (backend) => {
  let t: TestServer;
  let clock = Date.now();
  let moderator: SanctionClient, admin: SanctionClient;
  let adminChat: ChatClient, playerChat: ChatClient;
  let dim: string, speaker: string;

  beforeAll(async () => {
    t = await startTestServer({ backend, now: () => clock });
    moderator = sanctionClient(t.url, t.users.moderator.token);
    admin = sanctionClient(t.url, t.users.admin.token);
    adminChat = chatClient(t.url, t.users.admin.token);
    playerChat = chatClient(t.url, t.users.player.token);
    dim = await insertDimension(t.server.database.db);
    speaker = await insertCharacter(t.server.database.db, t.users.admin.sub, dim);
  });
  afterAll(() => t?.close());

  const db = () => t.server.database.db;
  const character = (owner: TestUser = t.users.player, dimension = dim) => insertCharacter(db(), owner.sub, dimension);
  const send = (client: ChatClient, channelId: string, characterId: string, content = "hi") =>
    client.sendChatChannelMessage({ channelId, chatMessage: { senderCharacterId: characterId, content } });
  /** A stream that has received `speaker`'s greeting: it is open and live. */
  async function liveStream(client: ChatClient, channelId: string, characterId: string) {
    const reader = new StreamReader(client.connectChatChannel({ channelId, characterId, history: true }));
    await send(adminChat, channelId, speaker, `hello ${characterId}`);
    await reader.waitFor(1);
    return reader;
  }
  const auditOf = (targetId: string) => db().select().from(auditRecords).where(eq(auditRecords.targetId, targetId)).orderBy(auditRecords.id);

  const kindCases = ["mute", "ban"] as const;
  const scopeCases = ["channel", "dimension", "everywhere"] as const;
  const expiryCases = ["one minute", "permanent"] as const;
  const table = kindCases.flatMap((kind) => scopeCases.flatMap((scope) => expiryCases.map((expiry) => [kind, scope, expiry] as const)));

  it.each(table)("a %s on the %s scope, %s: refuses what it should, says why, and ends when it should", async (kind, scope, expiry) => {
    const channel = await insertChannel(db(), { public: true, dimensionId: dim });
    const me = await character();
    const scopeId = scope === "channel" ? channel : scope === "dimension" ? dim : "";
    const issued = await moderator.issueSanction({
      kind: kinds[kind],
      scope: scopes[scope],
      scopeId,
      characterId: me,
      durationSeconds: expiry === "permanent" ? -1n : 60n,
      reason: "Spam",
      playerMessage: "Please keep the channel readable",
    });
    expect(issued).toMatchObject({ kind: kinds[kind], characterId: me, accountId: t.users.player.sub, active: true, issuedByName: "moderator" });

    const refused = await errorOf(send(playerChat, channel, me));
    expect(refused.code).toBe(Code.PermissionDenied);
    expect(refused.rawMessage).toContain("Reason: Spam. Message: Please keep the channel readable");
    expect(refused.rawMessage).toContain(expiry === "permanent" ? `permanently ${kind === "ban" ? "banned" : "muted"}` : "for another 1m");
    expect(sanctionDetail(refused)).toMatchObject({ id: issued.id, reason: "Spam", playerMessage: "Please keep the channel readable" });

    const reading = new StreamReader(playerChat.connectChatChannel({ channelId: channel, characterId: me, history: true }));
    if (kind === "ban") {
      const end = await reading.ended;
      expect(end?.code).toBe(Code.PermissionDenied);
      expect(sanctionDetail(end!)?.id).toBe(issued.id);
    } else {
      // A mute leaves reading alone.
      await send(adminChat, channel, speaker, "you can still read this");
      await reading.waitFor(1);
    }

    clock += MINUTE + 1_000;
    expect(await codeOf(send(playerChat, channel, me))).toBe(expiry === "permanent" ? Code.PermissionDenied : "ok");
    expect((await moderator.getSanction({ id: issued.id })).active).toBe(expiry === "permanent");
  });

  it("an account-wide sanction holds on every character of the account, and on no one else's", async () => {
    const owner = await t.newPlayer();
    const ownerChat = chatClient(t.url, owner.token);
    const [first, second] = [await character(owner), await character(owner)];
    const bystander = await character();
    const channel = await insertChannel(db(), { public: true });
    await send(ownerChat, channel, first); // a character that exists before the sanction …
    const issued = await moderator.issueSanction({
      kind: kinds.mute,
      scope: scopes.everywhere,
      accountId: owner.sub,
      durationSeconds: 3600n,
      reason: "Harassment",
    });
    const third = await character(owner); // … and one made after it
    for (const me of [first, second, third]) {
      const refused = await errorOf(send(ownerChat, channel, me));
      expect(refused.rawMessage).toMatch(/^permission denied: this account is muted everywhere for another 1h/);
      expect(sanctionDetail(refused)?.id).toBe(issued.id);
    }
    expect(await codeOf(send(playerChat, channel, bystander))).toBe("ok");
  });

  it("a character sanction leaves the account's other characters alone", async () => {
    const channel = await insertChannel(db(), { public: true });
    const [sanctioned, sibling] = [await character(), await character()];
    await moderator.issueSanction({ kind: kinds.mute, scope: scopes.channel, scopeId: channel, characterId: sanctioned, durationSeconds: 60n, reason: "Spam" });
    expect(await codeOf(send(playerChat, channel, sanctioned))).toBe(Code.PermissionDenied);
    expect(await codeOf(send(playerChat, channel, sibling))).toBe("ok");
  });

  it("a ban ends the character's open streams at once (Connect); a mute leaves them open", async () => {
    const channel = await insertChannel(db(), { public: true });
    const [banned, muted] = [await character(), await character()];
    const [bannedStream, mutedStream] = [await liveStream(playerChat, channel, banned), await liveStream(playerChat, channel, muted)];
    await moderator.issueSanction({ kind: kinds.mute, scope: scopes.channel, scopeId: channel, characterId: muted, durationSeconds: 60n, reason: "Spam" });
    const ban = await moderator.issueSanction({
      kind: kinds.ban,
      scope: scopes.dimension,
      scopeId: dim,
      characterId: banned,
      durationSeconds: 60n,
      reason: "Spam",
    });
    // The channel spans every dimension: a dimension ban does not cover it.
    await send(adminChat, channel, speaker, "still open?");
    await Promise.all([bannedStream.waitFor(2), mutedStream.waitFor(2)]);
    const everywhere = await moderator.issueSanction({ kind: kinds.ban, scope: scopes.everywhere, characterId: banned, durationSeconds: 60n, reason: "Spam" });
    const end = await bannedStream.ended;
    expect(end?.code).toBe(Code.PermissionDenied);
    expect(sanctionDetail(end!)?.id).toBe(everywhere.id);
    expect(ban.id).not.toBe(everywhere.id);
    await send(adminChat, channel, speaker, "the muted one still reads");
    await mutedStream.waitFor(3);
  });

  it("the refusal carries the sanction over gRPC and gRPC-web too (streams and sends)", async () => {
    const channel = await insertChannel(db(), { public: true });
    const me = await character();
    const ban = await moderator.issueSanction({
      kind: kinds.ban,
      scope: scopes.channel,
      scopeId: channel,
      characterId: me,
      durationSeconds: 60n,
      reason: "Spam",
    });
    for (const transport of [
      (interceptors: Parameters<typeof createGrpcTransport>[0]["interceptors"]) => createGrpcTransport({ baseUrl: t.url, interceptors }),
      (interceptors: Parameters<typeof createGrpcTransport>[0]["interceptors"]) => createGrpcWebTransport({ baseUrl: t.url, httpVersion: "1.1", interceptors }),
    ]) {
      const client = chatClient(t.url, t.users.player.token, transport);
      const ended = await new StreamReader(client.connectChatChannel({ channelId: channel, characterId: me, history: true })).ended;
      expect([ended?.code, sanctionDetail(ended!)?.id]).toEqual([Code.PermissionDenied, ban.id]);
      const refused = await errorOf(send(client, channel, me));
      expect([refused.code, sanctionDetail(refused)?.id]).toEqual([Code.PermissionDenied, ban.id]);
    }
  });

  it("direct messages: a mute everywhere refuses sending, a ban everywhere ends the stream", async () => {
    const [me, friend] = [await character(), await character()];
    const direct = new StreamReader(playerChat.connectDirectMessages({ id: me }));
    await playerChat.sendDirectMessage({ characterId: me, chatMessage: { senderCharacterId: friend, content: "hi" } });
    await direct.waitFor(1);
    await moderator.issueSanction({
      kind: kinds.mute,
      scope: scopes.channel,
      scopeId: await insertChannel(db()),
      characterId: me,
      durationSeconds: 60n,
      reason: "Spam",
    });
    expect(await codeOf(playerChat.sendDirectMessage({ characterId: friend, chatMessage: { senderCharacterId: me, content: "a channel mute" } }))).toBe("ok");
    await moderator.issueSanction({ kind: kinds.mute, scope: scopes.everywhere, characterId: me, durationSeconds: 60n, reason: "Spam" });
    const refused = await errorOf(playerChat.sendDirectMessage({ characterId: friend, chatMessage: { senderCharacterId: me, content: "x" } }));
    expect(refused.rawMessage).toMatch(/muted everywhere/);
    await playerChat.sendDirectMessage({ characterId: me, chatMessage: { senderCharacterId: friend, content: "still readable" } });
    await direct.waitFor(2);
    await moderator.issueSanction({ kind: kinds.ban, scope: scopes.everywhere, characterId: me, durationSeconds: 60n, reason: "Spam" });
    expect((await direct.ended)?.code).toBe(Code.PermissionDenied);
    expect((await new StreamReader(playerChat.connectDirectMessages({ id: me })).ended)?.code).toBe(Code.PermissionDenied);
  });

  it("revocation lifts a sanction at once and is recorded; a second revocation is refused", async () => {
    const channel = await insertChannel(db(), { public: true });
    const me = await character();
    const ban = await moderator.issueSanction({
      kind: kinds.ban,
      scope: scopes.channel,
      scopeId: channel,
      characterId: me,
      durationSeconds: -1n,
      reason: "Spam",
    });
    expect(await codeOf(send(playerChat, channel, me))).toBe(Code.PermissionDenied);
    const revoked = await moderator.revokeSanction({ id: ban.id, reason: "Appeal accepted" });
    expect(revoked).toMatchObject({ active: false, revokeReason: "Appeal accepted", revokedByName: "moderator" });
    expect(revoked.revokedAtMs).toBe(BigInt(clock));
    expect(await codeOf(send(playerChat, channel, me))).toBe("ok");
    expect((await errorOf(moderator.revokeSanction({ id: ban.id, reason: "again" }))).code).toBe(Code.FailedPrecondition);
  });

  it("every write has its audit row: who, what, before and after", async () => {
    const me = await character();
    const issued = await moderator.issueSanction({ kind: kinds.mute, scope: scopes.everywhere, characterId: me, durationSeconds: 60n, reason: "Spam" });
    await moderator.revokeSanction({ id: issued.id, reason: "Mistake" });
    const rows = await auditOf(issued.id);
    expect(rows.map((r) => r.action)).toEqual(["sanction.issue", "sanction.revoke"]);
    expect(rows[0]).toMatchObject({ actorId: t.users.moderator.sub, actorName: "moderator", targetType: "sanction", before: null });
    expect(rows[0]!.after).toMatchObject({ id: issued.id, kind: "mute", scope: "everywhere", characterId: me, reason: "Spam", revokedAt: null });
    expect(rows[1]!.before).toMatchObject({ id: issued.id, revokedAt: null });
    expect(rows[1]!.after).toMatchObject({ id: issued.id, revokeReason: "Mistake", revokedByName: "moderator" });
    expect(rows[0]!.requestId).not.toBe("");
  });

  it("the seed's ban rpc is a channel-scoped chat ban: duration > 0, negative and 0, over Connect and REST", async () => {
    const channel = await insertChannel(db(), { public: true });
    const listed = async (me: string) => (await admin.listSanctions({ characterId: me })).sanctions;
    for (const transport of ["connect", "rest"] as const) {
      const me = await character();
      const ban = async (duration: bigint) => {
        clock += 1; // newest first: each write at its own millisecond
        if (transport === "connect") return void (await adminChat.banCharacterFromChatChannel({ characterId: me, channelId: channel, duration }));
        const res = await fetch(`${t.url}/v1/characters/id/${me}/channels/${channel}/ban?duration=${duration}`, {
          method: "POST",
          headers: { authorization: `Bearer ${t.users.admin.token}` },
        });
        expect(res.status).toBe(200);
      };
      await ban(60n);
      expect(await listed(me)).toMatchObject([
        {
          kind: kinds.ban,
          scope: scopes.channel,
          scopeId: channel,
          active: true,
          expiresAtMs: BigInt(clock + 60_000),
          reason: "Banned from the channel in the chat view",
          issuedByName: "admin",
        },
      ]);
      expect(await codeOf(send(playerChat, channel, me))).toBe(Code.PermissionDenied);
      await ban(-5n);
      expect((await listed(me))[0]).toMatchObject({ active: true, expiresAtMs: 0n });
      await ban(0n);
      expect((await listed(me)).map((s) => s.active)).toEqual([false, false]);
      expect(await codeOf(send(playerChat, channel, me))).toBe("ok");
      const ids = (await listed(me)).map((s) => s.id);
      for (const id of ids) expect((await auditOf(id)).map((r) => r.action)).toEqual(["sanction.issue", "sanction.revoke"]);
    }
  });

  it("validation: each bad field is named; unknown targets are NOT_FOUND; nothing is written", async () => {
    const me = await character();
    const channel = await insertChannel(db());
    const ok = { kind: kinds.mute, scope: scopes.channel, scopeId: channel, characterId: me, durationSeconds: 60n, reason: "Spam" };
    const missing = "00000000-0000-4000-8000-00000000dead";
    const cases: [Record<string, unknown>, Code, RegExp][] = [
      [{ kind: 0 }, Code.InvalidArgument, /^kind: must be SANCTION_KIND_MUTE or SANCTION_KIND_BAN/],
      [{ scope: 0 }, Code.InvalidArgument, /^scope: must be/],
      [{ scopeId: "" }, Code.InvalidArgument, /^scope_id: is required/],
      [{ scopeId: "x" }, Code.InvalidArgument, /^scope_id: must be a UUID/],
      [{ scope: scopes.everywhere }, Code.InvalidArgument, /^scope_id: must be empty/],
      [{ characterId: "" }, Code.InvalidArgument, /^character_id: character_id or account_id is required/],
      [{ accountId: t.users.player.sub }, Code.InvalidArgument, /^character_id: give character_id or account_id, not both/],
      [{ durationSeconds: 0n }, Code.InvalidArgument, /^duration_seconds: must not be 0/],
      [{ durationSeconds: 10_000_000_000n }, Code.InvalidArgument, /^duration_seconds: must be at most 100 years/],
      [{ reason: "" }, Code.InvalidArgument, /^reason: is required/],
      [{ reason: "   " }, Code.InvalidArgument, /^reason: is required/],
      [{ reason: "x".repeat(501) }, Code.InvalidArgument, /^reason: must be 1\.\.500 characters/],
      [{ reason: "bad\u0000" }, Code.InvalidArgument, /^reason: must not contain control characters/],
      [{ playerMessage: "y".repeat(501) }, Code.InvalidArgument, /^player_message: must be 0\.\.500 characters/],
      [{ characterId: missing }, Code.NotFound, /character .* not found/],
      [{ characterId: "", accountId: "nobody-knows-me" }, Code.NotFound, /account nobody-knows-me not found/],
      [{ scopeId: missing }, Code.NotFound, /chat channel .* not found/],
      [{ scope: scopes.dimension, scopeId: missing }, Code.NotFound, /dimension .* not found/],
    ];
    const before = await db().select().from(sanctions);
    for (const [change, code, message] of cases) {
      const error = await errorOf(moderator.issueSanction({ ...ok, ...change }));
      expect([Code[error.code], error.rawMessage]).toEqual([Code[code], expect.stringMatching(message)]);
    }
    expect((await db().select().from(sanctions)).length).toBe(before.length);
    expect(
      await db()
        .select()
        .from(auditRecords)
        .where(eq(auditRecords.targetType, "sanction"))
        .then((r) => r.filter((a) => (a.after as { characterId?: string })?.characterId === me)),
    ).toEqual([]);
    expect((await errorOf(moderator.revokeSanction({ id: missing, reason: "x" }))).code).toBe(Code.NotFound);
    expect((await errorOf(moderator.revokeSanction({ id: missing, reason: "" }))).rawMessage).toMatch(/^reason: is required/);
    expect((await errorOf(moderator.listSanctions({ limit: 501 }))).rawMessage).toMatch(/^limit: must be 0\.\.500/);
  });

  it("moderators may not issue or revoke account bans; admins may", async () => {
    const target = await t.newPlayer();
    await character(target);
    const accountBan = { kind: kinds.ban, scope: scopes.everywhere, accountId: target.sub, durationSeconds: 60n, reason: "Cheating" };
    expect((await errorOf(moderator.issueSanction(accountBan))).rawMessage).toBe("permission denied: only admins issue or revoke account bans");
    // Moderators still issue account-wide chat bans of a narrower scope.
    const channel = await insertChannel(db());
    await moderator.issueSanction({ ...accountBan, scope: scopes.channel, scopeId: channel });
    const issued = await admin.issueSanction(accountBan);
    expect((await errorOf(moderator.revokeSanction({ id: issued.id, reason: "x" }))).code).toBe(Code.PermissionDenied);
    await admin.revokeSanction({ id: issued.id, reason: "Appeal" });
  });

  it("an account ban refuses the account's next rpc and ends its streams, with the ban; revoking it lifts the gate", async () => {
    const target = await t.newPlayer();
    const targetChat = chatClient(t.url, target.token);
    const me = await character(target);
    const channel = await insertChannel(db(), { public: true });
    const stream = await liveStream(targetChat, channel, me);
    const ban = await admin.issueSanction({
      kind: kinds.ban,
      scope: scopes.everywhere,
      accountId: target.sub,
      durationSeconds: 3600n,
      reason: "Cheating",
      playerMessage: "Contact support",
    });
    const ended = await stream.ended;
    expect(ended?.code).toBe(Code.PermissionDenied);
    expect(sanctionDetail(ended!)?.id).toBe(ban.id);
    const refused = await errorOf(sanctionClient(t.url, target.token).getMySanctions({}));
    expect(refused.code).toBe(Code.PermissionDenied);
    expect(refused.rawMessage).toMatch(/^permission denied: this account is banned for another 1h \(until .*\)\. Reason: Cheating\. Message: Contact support$/);
    expect(sanctionDetail(refused)?.id).toBe(ban.id);
    // Over REST too: the gate is the auth interceptor's, for every transport.
    const rest = await fetch(`${t.url}/v1/account/sanctions`, { headers: { authorization: `Bearer ${target.token}` } });
    expect(rest.status).toBe(403);
    // A fresh token (issued after the ban) is refused the same way while the ban holds …
    const fresh = await t.issuer.mint({
      sub: target.sub,
      preferred_username: target.username,
      groups: ["/Player/Member"],
      iat: Math.floor(Date.now() / 1000) + 2,
    });
    expect((await errorOf(sanctionClient(t.url, fresh).getMySanctions({}))).code).toBe(Code.PermissionDenied);
    // … and let through once it is revoked (the old token stays revoked: the client signs in again).
    await admin.revokeSanction({ id: ban.id, reason: "Appeal" });
    expect((await sanctionClient(t.url, fresh).getMySanctions({})).sanctions.map((s) => s.id)).toContain(ban.id);
  });

  it("an account ban ends at its expiry without any job", async () => {
    const target = await t.newPlayer();
    await character(target); // the game knows an account by its characters (no embedded provider here)
    await admin.issueSanction({ kind: kinds.ban, scope: scopes.everywhere, accountId: target.sub, durationSeconds: 60n, reason: "Cooldown" });
    const fresh = await t.issuer.mint({
      sub: target.sub,
      preferred_username: target.username,
      groups: ["/Player/Member"],
      iat: Math.floor(Date.now() / 1000) + 2,
    });
    expect((await errorOf(sanctionClient(t.url, fresh).getMySanctions({}))).code).toBe(Code.PermissionDenied);
    clock += MINUTE;
    expect((await sanctionClient(t.url, fresh).getMySanctions({})).sanctions).toHaveLength(1);
  });

  it("GetMySanctions lists the caller's account and characters only, newest first", async () => {
    const owner = await t.newPlayer();
    const mine = await character(owner);
    const accountWide = await moderator.issueSanction({ kind: kinds.mute, scope: scopes.everywhere, accountId: owner.sub, durationSeconds: 60n, reason: "A" });
    clock += 1;
    const onCharacter = await moderator.issueSanction({ kind: kinds.mute, scope: scopes.everywhere, characterId: mine, durationSeconds: 60n, reason: "B" });
    await moderator.issueSanction({ kind: kinds.mute, scope: scopes.everywhere, characterId: await character(), durationSeconds: 60n, reason: "C" });
    const listed = await sanctionClient(t.url, owner.token).getMySanctions({});
    expect(listed.sanctions.map((s) => s.id)).toEqual([onCharacter.id, accountWide.id]);
    expect(listed.sanctions[0]).toMatchObject({ characterName: expect.stringMatching(/^c-/), accountName: "" });
  });

  it("the suggestion follows the ladder from the subject's history; revoked sanctions do not count", async () => {
    const me = await character();
    const suggest = async () => moderator.suggestSanction({ characterId: me });
    expect(await suggest()).toMatchObject({ priorSanctions: 0, step: { kind: kinds.mute, durationSeconds: 3600n } });
    const first = await moderator.issueSanction({ kind: kinds.mute, scope: scopes.everywhere, characterId: me, durationSeconds: 3600n, reason: "A" });
    expect(await suggest()).toMatchObject({ priorSanctions: 1, step: { kind: kinds.mute, durationSeconds: 86_400n } });
    await moderator.revokeSanction({ id: first.id, reason: "Mistake" });
    expect(await suggest()).toMatchObject({ priorSanctions: 0 });
    for (let i = 0; i < 5; i++)
      await moderator.issueSanction({ kind: kinds.mute, scope: scopes.everywhere, characterId: me, durationSeconds: 60n, reason: "A" });
    // The last step repeats.
    expect(await suggest()).toMatchObject({ priorSanctions: 5, step: { kind: kinds.ban, durationSeconds: -1n } });
    expect((await errorOf(moderator.suggestSanction({ characterId: "00000000-0000-4000-8000-00000000dead" }))).code).toBe(Code.NotFound);
    expect((await errorOf(moderator.suggestSanction({}))).code).toBe(Code.InvalidArgument);
  });

  it("settings: defaults, validated writes by admins, each with its audit row", async () => {
    const defaults = await moderator.getModerationSettings({});
    expect(defaults.reasonTemplates).toEqual(["Spam", "Harassment", "Hate speech", "Cheating talk", "Impersonation", "Other"]);
    expect(defaults.ladder.map((s) => [s.kind, s.durationSeconds])).toEqual([
      [kinds.mute, 3600n],
      [kinds.mute, 86_400n],
      [kinds.ban, 604_800n],
      [kinds.ban, -1n],
    ]);
    const bad: [Record<string, unknown>, RegExp][] = [
      [{ reasonTemplates: [] }, /^reason_templates: must hold 1\.\.50 templates/],
      [{ reasonTemplates: ["x".repeat(101)] }, /^reason_templates\[0\]: must be 1\.\.100 characters/],
      [{ reasonTemplates: ["A", "A"] }, /^reason_templates: must not repeat/],
      [{ ladder: [] }, /^ladder: must hold 1\.\.10 steps/],
      [{ ladder: Array.from({ length: 11 }, () => ({ kind: kinds.mute, durationSeconds: 60n })) }, /^ladder: must hold 1\.\.10 steps/],
      [{ ladder: [{ kind: 0, durationSeconds: 60n }] }, /^ladder\[0\]\.kind: must be/],
      [{ ladder: [{ kind: kinds.mute, durationSeconds: 0n }] }, /^ladder\[0\]\.duration_seconds: must not be 0/],
    ];
    for (const [change, message] of bad) {
      const error = await errorOf(admin.setModerationSettings({ reasonTemplates: ["Spam"], ladder: [{ kind: kinds.mute, durationSeconds: 60n }], ...change }));
      expect([Code[error.code], error.rawMessage]).toEqual(["InvalidArgument", expect.stringMatching(message)]);
    }
    const wanted = {
      reasonTemplates: ["Spam", "Flood"],
      ladder: [
        { kind: kinds.mute, durationSeconds: 600n },
        { kind: kinds.ban, durationSeconds: -1n },
      ],
    };
    await admin.setModerationSettings(wanted);
    const saved = await moderator.getModerationSettings({});
    expect(saved.reasonTemplates).toEqual(["Spam", "Flood"]);
    expect(await moderator.suggestSanction({ characterId: await character() })).toMatchObject({ step: { kind: kinds.mute, durationSeconds: 600n } });
    const audit = await db()
      .select()
      .from(auditRecords)
      .where(and(eq(auditRecords.action, "moderation-settings.edit"), eq(auditRecords.targetType, "moderation-settings")));
    expect(audit).toHaveLength(1);
    expect(audit[0]!.before).toMatchObject({ reasonTemplates: defaults.reasonTemplates });
    expect(audit[0]!.after).toEqual({
      reasonTemplates: ["Spam", "Flood"],
      ladder: [
        { kind: "mute", durationSeconds: 600 },
        { kind: "ban", durationSeconds: -1 },
      ],
    });
    expect((await errorOf(moderator.setModerationSettings(wanted))).code).toBe(Code.PermissionDenied);
    // Back to the defaults for the other tests.
    await admin.setModerationSettings(defaults);
  });

  it("ListSanctions filters by kind, scope, state, subject and moderator", async () => {
    const owner = await t.newPlayer();
    const me = await character(owner);
    const channel = await insertChannel(db());
    const mute = await moderator.issueSanction({
      kind: kinds.mute,
      scope: scopes.channel,
      scopeId: channel,
      characterId: me,
      durationSeconds: 60n,
      reason: "A",
    });
    clock += 1;
    const ban = await admin.issueSanction({ kind: kinds.ban, scope: scopes.everywhere, characterId: me, durationSeconds: 60n, reason: "B" });
    await admin.revokeSanction({ id: ban.id, reason: "Mistake" });
    const ids = async (req: Parameters<SanctionClient["listSanctions"]>[0]) =>
      (await moderator.listSanctions({ accountId: owner.sub, ...req })).sanctions.map((s) => s.id);
    expect(await ids({})).toEqual([ban.id, mute.id]);
    expect(await ids({ kind: kinds.mute })).toEqual([mute.id]);
    expect(await ids({ scope: scopes.everywhere })).toEqual([ban.id]);
    expect(await ids({ state: 1 })).toEqual([mute.id]);
    expect(await ids({ state: 2 })).toEqual([ban.id]);
    expect(await ids({ issuedById: t.users.admin.sub })).toEqual([ban.id]);
    expect((await moderator.listSanctions({ accountId: owner.sub, limit: 1 })).total).toBe(2n);
    const [named] = (await moderator.listSanctions({ accountId: owner.sub, kind: kinds.mute })).sanctions;
    expect(named!.scopeName).toMatch(/^chan-/);
  });
});
