import { randomUUID } from "node:crypto";
import { Code } from "@connectrpc/connect";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { characters } from "../character/schema.js";
import { chatClient, codeOf, insertChannel, insertCharacter, insertDimension, type ChatClient } from "../test/chat-fixtures.js";
import { startTestServer, storageBackends, type TestServer } from "../test/test-server.js";
import { SEND_FACTS_ROWS } from "./send-store.js";
import { insertSanction, revokeSanctionRow } from "../test/sanction-fixtures.js";
import { chatChannelAuthorizations, chatChannels } from "./schema.js";

/**
 * Sends decide on an in-memory copy of the send facts (chat-access.ts) and store the message with a statement that
 * re-checks them (chat-store insertGuardedChannelMessages). These change the facts behind the server's back — straight
 * in the database, as another node, a script or the character service would — right after a send warmed the copy:
 * the very next send must follow the database, both ways.
 */
describe.each(storageBackends)("chat sends follow the database at once, whatever this node remembers (%s)", (backend) => {
  let t: TestServer;
  let admin: ChatClient, player: ChatClient;
  let dim: string, otherDim: string;

  beforeAll(async () => {
    t = await startTestServer({ backend });
    admin = chatClient(t.url, t.users.admin.token);
    player = chatClient(t.url, t.users.player.token);
    dim = await insertDimension(t.server.database.db);
    otherDim = await insertDimension(t.server.database.db);
  });
  afterAll(() => t?.close());

  const db = () => t.server.database.db;
  const send = (client: ChatClient, channelId: string, characterId: string, content = "hi") =>
    client.sendChatChannelMessage({ channelId, chatMessage: { senderCharacterId: characterId, content } });
  const logged = async (channelId: string) => (await admin.getChatLogs({ channelId })).logs.map((l) => l.content);

  /** A player character that has just sent on the channel (so this node remembers its facts). */
  async function warmed(channelId: string) {
    const me = await insertCharacter(db(), t.users.player.sub, dim);
    await send(player, channelId, me, "warm");
    return me;
  }

  it("a ban written straight to the database refuses the next send, with the time left; revoking it there lets the next one through", async () => {
    const channel = await insertChannel(db(), { public: true });
    const me = await warmed(channel);
    const ban = await insertSanction(db(), { characterId: me, accountId: t.users.player.sub, scopeId: channel, expiresAt: new Date(Date.now() + 60_000) });
    await expect(send(player, channel, me, "after ban")).rejects.toThrow(/banned from this channel for another/);
    await revokeSanctionRow(db(), ban);
    await send(player, channel, me, "after lift");
    expect(await logged(channel)).toEqual(["after lift", "warm"]);
  });

  it("a character deleted, moved or given away behind the server's back can no longer send", async () => {
    const channel = await insertChannel(db(), { public: true, dimensionId: dim });
    const deleted = await warmed(channel);
    await db().update(characters).set({ deletedAt: new Date() }).where(eq(characters.id, deleted));
    expect(await codeOf(send(player, channel, deleted))).toBe(Code.PermissionDenied);
    expect(await codeOf(send(admin, channel, deleted))).toBe(Code.NotFound);

    const moved = await warmed(channel);
    await db().update(characters).set({ dimensionId: otherDim }).where(eq(characters.id, moved));
    await expect(send(player, channel, moved)).rejects.toThrow(/may not use this channel/);

    const givenAway = await warmed(channel);
    await db().update(characters).set({ ownerId: t.users.otherPlayer.sub }).where(eq(characters.id, givenAway));
    await expect(send(player, channel, givenAway)).rejects.toThrow(/only use your own characters/);
    expect(await logged(channel)).toEqual(["warm", "warm", "warm"]);
  });

  it("a channel made private, deleted, or an authorization removed in the database refuses the next send", async () => {
    const turnsPrivate = await insertChannel(db(), { public: true });
    const me = await warmed(turnsPrivate);
    await db().update(chatChannels).set({ public: false }).where(eq(chatChannels.id, turnsPrivate));
    expect(await codeOf(send(player, turnsPrivate, me))).toBe(Code.PermissionDenied);

    const deleted = await insertChannel(db(), { public: true });
    const speaker = await warmed(deleted);
    await db().update(chatChannels).set({ deletedAt: new Date() }).where(eq(chatChannels.id, deleted));
    expect(await codeOf(send(player, deleted, speaker))).toBe(Code.PermissionDenied);
    expect(await codeOf(send(admin, deleted, speaker))).toBe(Code.NotFound);

    const secret = await insertChannel(db());
    const member = await insertCharacter(db(), t.users.player.sub, dim);
    await db().insert(chatChannelAuthorizations).values({ characterId: member, channelId: secret });
    await send(player, secret, member, "warm");
    await db().delete(chatChannelAuthorizations).where(eq(chatChannelAuthorizations.characterId, member));
    expect(await codeOf(send(player, secret, member))).toBe(Code.PermissionDenied);
    // …and an authorization granted in the database opens it again at once.
    await db().insert(chatChannelAuthorizations).values({ characterId: member, channelId: secret });
    expect(await codeOf(send(player, secret, member))).toBe("ok");
  });

  it("the rpcs that take access away (ban, channel edit and delete, authorization removal) refuse the next send", async () => {
    const channel = await insertChannel(db(), { public: true });
    const banned = await warmed(channel);
    await admin.banCharacterFromChatChannel({ channelId: channel, characterId: banned, duration: 60n });
    expect(await codeOf(send(player, channel, banned))).toBe(Code.PermissionDenied);
    await admin.banCharacterFromChatChannel({ channelId: channel, characterId: banned, duration: 0n });
    expect(await codeOf(send(player, channel, banned))).toBe("ok");

    const secret = await insertChannel(db());
    const member = await insertCharacter(db(), t.users.player.sub, dim);
    await admin.updateCharacterChatChannelAuth({ characterId: member, add: true, ids: [secret] });
    expect(await codeOf(send(player, secret, member))).toBe("ok");
    await admin.updateCharacterChatChannelAuth({ characterId: member, add: false, ids: [secret] });
    expect(await codeOf(send(player, secret, member))).toBe(Code.PermissionDenied);

    const edited = await insertChannel(db(), { public: true });
    const speaker = await warmed(edited);
    await admin.editChatChannel({ channelId: edited, public: false });
    expect(await codeOf(send(player, edited, speaker))).toBe(Code.PermissionDenied);
    await admin.deleteChatChannel({ id: edited });
    expect(await codeOf(send(admin, edited, speaker))).toBe(Code.NotFound);
  });

  it("a character remembered from a send on one channel, banned or unauthorized on another behind the server's back, is refused there", async () => {
    // The node remembers facts per character (its authorizations and bans) and per channel, and puts them together
    // for a first send on another channel: what changed in the database since must still refuse it.
    const first = await insertChannel(db(), { public: true });
    const second = await insertChannel(db(), { public: true });
    const secret = await insertChannel(db());
    const me = await insertCharacter(db(), t.users.player.sub, dim);
    await db().insert(chatChannelAuthorizations).values({ characterId: me, channelId: secret });
    await send(player, first, me, "warm"); // this character's facts are remembered, its authorization included
    await warmed(second); // another character: the second channel's row is remembered
    const member = await insertCharacter(db(), t.users.player.sub, dim);
    await db().insert(chatChannelAuthorizations).values({ characterId: member, channelId: secret });
    await send(player, secret, member, "warm"); // …and the secret channel's
    // Behind the server's back: a ban on the second channel, the authorization on the secret one removed.
    await insertSanction(db(), { characterId: me, accountId: t.users.player.sub, scopeId: second });
    await db()
      .delete(chatChannelAuthorizations)
      .where(and(eq(chatChannelAuthorizations.characterId, me), eq(chatChannelAuthorizations.channelId, secret)));
    await expect(send(player, second, me, "banned")).rejects.toThrow(/permanently banned/);
    expect(await codeOf(send(player, secret, me, "no longer authorized"))).toBe(Code.PermissionDenied);
    expect(await logged(first)).toEqual(["warm"]);
    expect(await logged(second)).toEqual(["warm"]);
    expect(await logged(secret)).toEqual(["warm"]);
  });

  it("a character with more authorization rows than are remembered is decided on its row for that very channel", async () => {
    const secret = await insertChannel(db());
    const member = await insertCharacter(db(), t.users.player.sub, dim);
    // Rows for channels that do not exist (no foreign key): the character's facts are then incomplete in memory.
    const others = Array.from({ length: SEND_FACTS_ROWS + 5 }, () => ({ characterId: member, channelId: randomUUID() }));
    await db()
      .insert(chatChannelAuthorizations)
      .values([...others, { characterId: member, channelId: secret }]);
    expect(await codeOf(send(player, secret, member, "one"))).toBe("ok");
    expect(await codeOf(send(player, secret, member, "two"))).toBe("ok");
    const elsewhere = await insertChannel(db());
    expect(await codeOf(send(player, elsewhere, member))).toBe(Code.PermissionDenied);
    expect(await logged(secret)).toEqual(["two", "one"]);
  });

  it("concurrent sends are stored together, each with its own row; a refused one does not fail the others", async () => {
    const channel = await insertChannel(db(), { public: true });
    const senders = await Promise.all(Array.from({ length: 20 }, () => insertCharacter(db(), t.users.admin.sub, dim)));
    // Warm every sender's facts, then ban one of them behind the server's back.
    await Promise.all(senders.map((s) => send(admin, channel, s, "warm")));
    await insertSanction(db(), { characterId: senders[0]!, accountId: t.users.admin.sub, scopeId: channel });
    const outcomes = await Promise.all(senders.map((s, i) => codeOf(send(admin, channel, s, `m${i}`))));
    expect(outcomes[0]).toBe(Code.PermissionDenied);
    expect(outcomes.slice(1).every((o) => o === "ok")).toBe(true);
    const logs = (await admin.getChatLogs({ channelId: channel })).logs;
    expect(
      logs
        .filter((l) => l.content.startsWith("m"))
        .map((l) => l.content)
        .sort(),
    ).toEqual(
      senders
        .slice(1)
        .map((_, i) => `m${i + 1}`)
        .sort(),
    );
    expect(logs).toHaveLength(20 + 19);
  });
});
