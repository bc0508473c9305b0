import { Code } from "@connectrpc/connect";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { auditRecords } from "../audit/schema.js";
import { chatClient, codeOf, insertChannel, insertCharacter, insertDimension, insertMessage, StreamReader, type ChatClient } from "../test/chat-fixtures.js";
import { historyClient, type HistoryClient } from "../test/history-clients.js";
import { rest } from "../test/rest-client.js";
import { errorOf } from "../test/sanction-clients.js";
import { startTestServer, storageBackends, type TestServer } from "../test/test-server.js";

const T0 = 1_700_000_000_000;

/** sro.moderation.ChatHistoryService and the history side of GetChatLogs (docs/moderation.md "History, deletion and purge"). */
describe.each(storageBackends)("chat history browser, deletion and purge (%s)", (backend) => {
  let t: TestServer;
  let moderator: HistoryClient, admin: HistoryClient, player: HistoryClient;
  let moderatorChat: ChatClient;
  let dim: string, lobby: string, trade: string, alice: string, bob: string;
  const ids: Record<string, string> = {};

  beforeAll(async () => {
    t = await startTestServer({ backend });
    moderator = historyClient(t.url, t.users.moderator.token);
    admin = historyClient(t.url, t.users.admin.token);
    player = historyClient(t.url, t.users.player.token);
    moderatorChat = chatClient(t.url, t.users.moderator.token);
    const db = t.server.database.db;
    dim = await insertDimension(db);
    alice = await insertCharacter(db, t.users.otherPlayer.sub, dim);
    bob = await insertCharacter(db, t.users.otherPlayer.sub, dim);
    lobby = await insertChannel(db, { public: true });
    trade = await insertChannel(db, { public: true });
    // Oldest first: a0 … in two channels, two senders.
    const rows: [string, string, string, number][] = [
      ["a0", lobby, alice, 0],
      ["b1", lobby, bob, 1],
      ["a2", trade, alice, 2],
      ["b3", trade, bob, 3],
      ["a4", lobby, alice, 4],
    ];
    const contents: Record<string, string> = {
      a0: "Hello World",
      b1: "selling SWORDS cheap",
      a2: "buying swords",
      b3: "100% legit_offer",
      a4: "hello again",
    };
    for (const [key, channel, sender, i] of rows) ids[key] = await insertMessage(db, channel, sender, T0 + i * 1000, contents[key]);
  });
  afterAll(() => t?.close());

  const contentsOf = async (req: Parameters<HistoryClient["searchChatMessages"]>[0]) =>
    (await moderator.searchChatMessages(req)).messages.map((m) => m.content);

  it("lists every channel's messages newest first, with ids, names and times", async () => {
    const page = await moderator.searchChatMessages({ sender: alice });
    expect(page.messages.map((m) => m.content)).toEqual(["hello again", "buying swords", "Hello World"]);
    expect(page.messages[0]).toMatchObject({ id: ids.a4, channelId: lobby, senderId: alice, sentAtMs: BigInt(T0 + 4000) });
    expect(page.messages[0]!.senderName).toMatch(/^c-/);
    expect(page.messages[0]!.channelName).toMatch(/^chan-/);
    expect(page.nextPageToken).toBe("");
  });

  it("filters by text (case-insensitive substring, wildcards literal), sender name or id, channel and time", async () => {
    expect(await contentsOf({ text: "SWORDS" })).toEqual(["buying swords", "selling SWORDS cheap"]);
    expect(await contentsOf({ text: "hello", channelId: lobby })).toEqual(["hello again", "Hello World"]);
    expect(await contentsOf({ text: "0%" })).toEqual(["100% legit_offer"]);
    expect(await contentsOf({ text: "t_o" })).toEqual(["100% legit_offer"]);
    expect(await contentsOf({ text: "%", channelId: lobby })).toEqual([]);
    expect(await contentsOf({ sender: bob })).toEqual(["100% legit_offer", "selling SWORDS cheap"]);
    const bobName = (await moderator.searchChatMessages({ sender: bob })).messages[0]!.senderName;
    expect(await contentsOf({ sender: bobName.toUpperCase().slice(2) })).toEqual(["100% legit_offer", "selling SWORDS cheap"]);
    expect(await contentsOf({ channelId: trade })).toEqual(["100% legit_offer", "buying swords"]);
    expect(await contentsOf({ fromMs: BigInt(T0 + 1000), toMs: BigInt(T0 + 3000) })).toEqual(["100% legit_offer", "buying swords", "selling SWORDS cheap"]);
  });

  it("pages with page_token until the last page", async () => {
    const seen: string[] = [];
    let token = "";
    let pages = 0;
    do {
      const page = await moderator.searchChatMessages({ limit: 2, pageToken: token, fromMs: BigInt(T0), toMs: BigInt(T0 + 4000) });
      seen.push(...page.messages.map((m) => m.content));
      token = page.nextPageToken;
      pages++;
    } while (token !== "" && pages < 10);
    expect(pages).toBe(3);
    expect(seen).toEqual(["hello again", "100% legit_offer", "buying swords", "selling SWORDS cheap", "Hello World"]);
  });

  it("filters by the sender's account: every character it owns, nobody else's (the player page)", async () => {
    const db = t.server.database.db;
    const carol = await insertCharacter(db, t.users.player.sub, dim);
    const own = await insertChannel(db, { public: true });
    await insertMessage(db, own, carol, T0 + 9000, "gg all");
    expect(await contentsOf({ senderAccountId: t.users.player.sub })).toEqual(["gg all"]);
    expect(await contentsOf({ senderAccountId: t.users.otherPlayer.sub, channelId: trade })).toEqual(["100% legit_offer", "buying swords"]);
    expect(await contentsOf({ senderAccountId: t.users.otherPlayer.sub, channelId: own })).toEqual([]);
    expect(await contentsOf({ senderAccountId: "nobody-by-this-id" })).toEqual([]);
    for (const bad of ["x".repeat(256), "a\u0000b"]) {
      const error = await errorOf(moderator.searchChatMessages({ senderAccountId: bad }));
      expect(error.code).toBe(Code.InvalidArgument);
      expect(error.rawMessage).toMatch(/^sender_account_id: /);
    }
  });

  it("bad filters are INVALID_ARGUMENT naming the field", async () => {
    const cases: [Parameters<HistoryClient["searchChatMessages"]>[0], RegExp][] = [
      [{ text: "a\u0000b" }, /^.*text: must not contain control characters/],
      [{ text: "x".repeat(201) }, /text: must be at most 200 characters/],
      [{ sender: "bob\u001b[31m" }, /sender: must not contain control characters/],
      [{ fromMs: BigInt(T0 + 10), toMs: BigInt(T0) }, /from_ms: must not be after to_ms/],
      [{ fromMs: -1n }, /from_ms: must be 0/],
      [{ limit: 201 }, /limit: must be 0/],
      [{ pageToken: "not-a-token" }, /page_token: is not a token/],
      [{ channelId: "lobby" }, /channel_id: must be a UUID/],
    ];
    for (const [req, message] of cases) {
      const error = await errorOf(moderator.searchChatMessages(req));
      expect(error.code).toBe(Code.InvalidArgument);
      expect(error.rawMessage).toMatch(message);
    }
  });

  it("GetChatLogs keeps its seed form and gains text, sender, ids and names", async () => {
    const res = await moderatorChat.getChatLogs({ channelId: lobby, text: "HELLO" });
    expect(res.total).toBe(2n);
    expect(res.logs.map((l) => l.content)).toEqual(["hello again", "Hello World"]);
    expect(res.logs[0]).toMatchObject({ id: ids.a4, sentAtMs: BigInt(T0 + 4000), sentAt: BigInt(Math.floor((T0 + 4000) / 1000)) });
    expect(res.logs[0]!.senderName).toMatch(/^c-/);
    expect((await moderatorChat.getChatLogs({ channelId: lobby, sender: bob })).logs.map((l) => l.content)).toEqual(["selling SWORDS cheap"]);
    expect(await codeOf(moderatorChat.getChatLogs({ channelId: lobby, text: "x".repeat(201) }))).toBe(Code.InvalidArgument);
  });

  it("permissions: players may not search, delete or purge; moderators may not purge a whole account", async () => {
    expect(await codeOf(player.searchChatMessages({}))).toBe(Code.PermissionDenied);
    expect(await codeOf(player.deleteChatMessage({ id: ids.a0!, reason: "x" }))).toBe(Code.PermissionDenied);
    expect(await codeOf(player.purgeChatMessages({ characterId: alice, reason: "x" }))).toBe(Code.PermissionDenied);
    const error = await errorOf(moderator.purgeChatMessages({ accountId: t.users.otherPlayer.sub, reason: "Raid" }));
    expect(error.code).toBe(Code.PermissionDenied);
    expect(error.rawMessage).toMatch(/only admins purge the messages of a whole account/);
  });

  it("delete: bad input INVALID_ARGUMENT naming the field, unknown id NOT_FOUND", async () => {
    expect((await errorOf(moderator.deleteChatMessage({ id: "abc", reason: "x" }))).rawMessage).toMatch(/id: must be a chat message id/);
    expect((await errorOf(moderator.deleteChatMessage({ id: ids.a0!, reason: "" }))).rawMessage).toMatch(/reason: is required/);
    expect((await errorOf(moderator.deleteChatMessage({ id: ids.a0!, reason: "y".repeat(501) }))).rawMessage).toMatch(/reason: must be 1..500/);
    expect((await errorOf(moderator.deleteChatMessage({ id: ids.a0!, reason: "bad\u0007" }))).rawMessage).toMatch(/reason: must not contain control/);
    expect(await codeOf(moderator.deleteChatMessage({ id: "999999999", reason: "x" }))).toBe(Code.NotFound);
    expect((await errorOf(moderator.purgeChatMessages({ characterId: alice, accountId: "x", reason: "r" }))).rawMessage).toMatch(/character_id: .*not both/);
    expect((await errorOf(moderator.purgeChatMessages({ reason: "r" }))).rawMessage).toMatch(/character_id: .*required/);
    expect(await codeOf(moderator.purgeChatMessages({ characterId: "00000000-0000-4000-8000-000000000000", reason: "r" }))).toBe(Code.NotFound);
  });

  it("a deleted message is gone from every read path; notices reach only streams that asked", async () => {
    const db = t.server.database.db;
    const room = await insertChannel(db, { public: true });
    const me = await insertCharacter(db, t.users.player.sub, dim);
    const target = await insertMessage(db, room, alice, Date.now() - 1000, "delete me");
    const playerChat = chatClient(t.url, t.users.player.token);
    const before = t.server.bus.subscriberCount();
    const asking = new StreamReader(playerChat.connectChatChannel({ channelId: room, characterId: me, notices: true, history: true }));
    const plain = new StreamReader(playerChat.connectChatChannel({ channelId: room, characterId: me, history: true }));
    await vi.waitFor(() => expect(t.server.bus.subscriberCount(), "two streams").toBe(before + 2), { timeout: 15_000 });
    const [replayed] = await asking.waitFor(1);
    expect(replayed).toMatchObject({ id: target, content: "delete me" });
    await plain.waitFor(1);

    const res = await moderator.deleteChatMessage({ id: target, reason: "Insults" });
    expect(res).toMatchObject({ count: 1n, messageIds: [target] });
    const [, notice] = await asking.waitFor(2);
    expect(notice).toMatchObject({ id: "", content: "", notice: { deletedMessageIds: [target] } });
    // The plain stream gets nothing: a message sent after the deletion is the next thing it sees.
    await moderatorChat.sendChatChannelMessage({ channelId: room, chatMessage: { senderCharacterId: me, content: "after" } });
    const [, next] = await plain.waitFor(2);
    expect(next).toMatchObject({ content: "after" });
    expect(next!.id).toMatch(/^[1-9]\d*$/);

    expect((await moderator.searchChatMessages({ channelId: room })).messages.map((m) => m.content)).toEqual(["after"]);
    expect((await moderatorChat.getChatLogs({ channelId: room })).logs.map((l) => l.content)).toEqual(["after"]);
    const replay = new StreamReader(playerChat.connectChatChannel({ channelId: room, characterId: me, history: true }));
    expect((await replay.waitFor(1)).map((m) => m.content)).toEqual(["after"]);
    const [record] = await db
      .select()
      .from(auditRecords)
      .where(and(eq(auditRecords.action, "chat-message.delete"), eq(auditRecords.targetId, target)));
    expect(record).toMatchObject({ actorName: t.users.moderator.username, before: { content: "delete me" }, after: { reason: "Insults" } });
    expect(await codeOf(moderator.deleteChatMessage({ id: target, reason: "again" }))).toBe(Code.NotFound);
  });

  it("purge: a moderator purges a character, an admin a whole account, over REST too", async () => {
    const db = t.server.database.db;
    const room = await insertChannel(db, { public: true });
    const dim2 = await insertDimension(db);
    const spammer = await insertCharacter(db, "spam-account", dim2);
    const alt = await insertCharacter(db, "spam-account", dim2);
    const m1 = await insertMessage(db, room, spammer, T0 + 10_000, "spam 1");
    const m2 = await insertMessage(db, trade, spammer, T0 + 11_000, "spam 2");
    const m3 = await insertMessage(db, room, alt, T0 + 12_000, "spam 3");
    const byMod = await moderator.purgeChatMessages({ characterId: spammer, fromMs: BigInt(T0 + 10_000), toMs: BigInt(T0 + 10_500), reason: "Spam" });
    expect(byMod).toMatchObject({ count: 1n, messageIds: [m1] });
    const res = await rest(t.url, "POST", "/v1/chat-messages/purge", { token: t.users.admin.token, body: { accountId: "spam-account", reason: "Spam wave" } });
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ count: "2", messageIds: [m2, m3] });
    expect((await admin.searchChatMessages({ text: "spam " })).messages).toEqual([]);
    const search = await rest(t.url, "GET", `/v1/chat-messages?text=hello&channelId=${lobby}`, { token: t.users.moderator.token });
    expect(search.status).toBe(200);
    expect(search.json).toMatchObject({ messages: [{ content: "hello again" }, { content: "Hello World" }] });
  });
});
