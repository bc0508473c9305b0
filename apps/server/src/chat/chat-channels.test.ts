import { Code } from "@connectrpc/connect";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { chatClient, codeOf, insertChannel, insertCharacter, insertDimension, StreamReader, type ChatClient } from "../test/chat-fixtures.js";
import { rest } from "../test/rest-client.js";
import { startTestServer, storageBackends, type TestServer } from "../test/test-server.js";

const MISSING = "00000000-0000-4000-8000-000000000000";

/** Channels (create, edit, delete) and character authorizations (set, update, list). */
describe.each(storageBackends)("chat channels (%s)", (backend) => {
  let t: TestServer;
  let admin: ChatClient, moderator: ChatClient, player: ChatClient;
  let dim: string;

  beforeAll(async () => {
    t = await startTestServer({ backend });
    admin = chatClient(t.url, t.users.admin.token);
    moderator = chatClient(t.url, t.users.moderator.token);
    player = chatClient(t.url, t.users.player.token);
    dim = await insertDimension(t.server.database.db);
  });
  afterAll(() => t?.close());

  it("create honors name, dimension and public; moderators read, only admins write", async () => {
    const created = await admin.createChatChannel({ name: " Trade Hub ", dimensionId: dim, public: true });
    expect(created).toMatchObject({ name: "Trade Hub", dimensionId: dim, public: true });
    expect(await moderator.getChatChannel({ id: created.id })).toMatchObject({ id: created.id, public: true });
    expect((await moderator.getChatChannels({})).channels.map((c) => c.id)).toContain(created.id);
    const global = await admin.createChatChannel({ name: "Global", dimensionId: "", public: false });
    expect(global).toMatchObject({ dimensionId: "", public: false });
    expect(await codeOf(moderator.createChatChannel({ name: "nope", dimensionId: "" }))).toBe(Code.PermissionDenied);
  });

  it("players list the public channels their characters could join plus those they are authorized for", async () => {
    const db = t.server.database.db;
    const elsewhere = await insertDimension(db);
    const character = await insertCharacter(db, t.users.player.sub, dim);
    const everywhere = await insertChannel(db, { public: true, dimensionId: null });
    const here = await insertChannel(db, { public: true, dimensionId: dim });
    const there = await insertChannel(db, { public: true, dimensionId: elsewhere });
    const secret = await insertChannel(db, { public: false, dimensionId: dim });
    const granted = await insertChannel(db, { public: false, dimensionId: elsewhere });
    await admin.setCharacterChatChannelAuth({ characterId: character, ids: [granted] });
    const seen = (await player.getChatChannels({})).channels.map((c) => c.id);
    expect(seen).toEqual(expect.arrayContaining([everywhere, here, granted]));
    expect(seen).not.toContain(there);
    expect(seen).not.toContain(secret);
    const all = (await admin.getChatChannels({})).channels.map((c) => c.id);
    expect(all).toEqual(expect.arrayContaining([everywhere, here, there, secret, granted]));
    expect(await codeOf(chatClient(t.url, t.users.banned.token).getChatChannels({}))).toBe(Code.PermissionDenied);
    // Still no single-channel reads for players.
    expect(await codeOf(player.getChatChannel({ id: here }))).toBe(Code.PermissionDenied);
  });

  it("create validates the name and the dimension", async () => {
    expect(await codeOf(admin.createChatChannel({ name: "ab" }))).toBe(Code.InvalidArgument);
    expect(await codeOf(admin.createChatChannel({ name: "x".repeat(65) }))).toBe(Code.InvalidArgument);
    expect(await codeOf(admin.createChatChannel({ name: "bad/name" }))).toBe(Code.InvalidArgument);
    expect(await codeOf(admin.createChatChannel({ name: "Fine", dimensionId: "nope" }))).toBe(Code.InvalidArgument);
    // A missing dimension is bad input naming the field (as in CreateCharacter), and nothing is created.
    const before = (await admin.getChatChannels({})).channels.length;
    await expect(admin.createChatChannel({ name: "Fine", dimensionId: MISSING })).rejects.toMatchObject({
      code: Code.InvalidArgument,
      rawMessage: "dimension_id: no live dimension has this id",
    });
    expect((await admin.getChatChannels({})).channels).toHaveLength(before);
  });

  it("create over REST keeps public", async () => {
    const res = await rest(t.url, "POST", "/v1/channels", { token: t.users.admin.token, body: { name: "Rest Channel", public: true } });
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ name: "Rest Channel", public: true });
  });

  it("edit honors name, dimension (empty clears it) and public, each on its own", async () => {
    const { id } = await admin.createChatChannel({ name: "Before", dimensionId: dim, public: false });
    expect(await admin.editChatChannel({ channelId: id, name: "After" })).toMatchObject({ name: "After", dimensionId: dim, public: false });
    expect(await admin.editChatChannel({ channelId: id, public: true })).toMatchObject({ name: "After", dimensionId: dim, public: true });
    expect(await admin.editChatChannel({ channelId: id, dimension: "" })).toMatchObject({ name: "After", dimensionId: "", public: true });
    expect(await admin.editChatChannel({ channelId: id, dimension: dim, public: false })).toMatchObject({ dimensionId: dim, public: false });
    expect(await admin.editChatChannel({ channelId: id })).toMatchObject({ name: "After" });
    expect(await codeOf(admin.editChatChannel({ channelId: id, name: "x" }))).toBe(Code.InvalidArgument);
    await expect(admin.editChatChannel({ channelId: id, dimension: MISSING })).rejects.toMatchObject({
      code: Code.InvalidArgument,
      rawMessage: "dimension: no live dimension has this id",
    });
    expect((await admin.getChatChannels({})).channels.find((c) => c.id === id)).toMatchObject({ dimensionId: dim, public: false });
    expect(await codeOf(admin.editChatChannel({ channelId: MISSING, name: "Whatever" }))).toBe(Code.NotFound);
  });

  it("edit over REST: the body binds the optional fields", async () => {
    const { id } = await admin.createChatChannel({ name: "Rest Edit", public: false });
    const res = await rest(t.url, "PUT", `/v1/channels/id/${id}`, { token: t.users.admin.token, body: { name: "Rest Edited", public: true } });
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ id, name: "Rest Edited", public: true });
  });

  it("delete returns the channel, hides it, and ends its open streams with NOT_FOUND", async () => {
    const db = t.server.database.db;
    const channel = await insertChannel(db, { public: true });
    const me = await insertCharacter(db, t.users.player.sub, dim);
    await player.sendChatChannelMessage({ channelId: channel, chatMessage: { senderCharacterId: me, content: "hi" } });
    const reader = new StreamReader(player.connectChatChannel({ channelId: channel, characterId: me, history: true }));
    await reader.waitFor(1);
    const deleted = await admin.deleteChatChannel({ id: channel });
    expect(deleted.id).toBe(channel);
    const end = await reader.ended;
    expect(end?.code).toBe(Code.NotFound);
    expect(end?.rawMessage).toMatch(/was deleted/);
    expect(await codeOf(admin.getChatChannel({ id: channel }))).toBe(Code.NotFound);
    expect((await admin.getChatChannels({})).channels.map((c) => c.id)).not.toContain(channel);
    expect(await codeOf(admin.deleteChatChannel({ id: channel }))).toBe(Code.NotFound);
    expect(await codeOf(player.sendChatChannelMessage({ channelId: channel, chatMessage: { senderCharacterId: me, content: "hi" } }))).toBe(
      Code.PermissionDenied,
    );
  });

  it("authorizations: set replaces, update adds and removes, players list their own only", async () => {
    const db = t.server.database.db;
    const [a, b, c] = await Promise.all([insertChannel(db), insertChannel(db), insertChannel(db)]);
    const me = await insertCharacter(db, t.users.player.sub, dim);
    const theirs = await insertCharacter(db, t.users.otherPlayer.sub, dim);
    const ids = async () => (await player.getAuthorizedChatChannels({ id: me })).channels.map((ch) => ch.id).sort();

    await admin.setCharacterChatChannelAuth({ characterId: me, ids: [a, b] });
    expect(await ids()).toEqual([a, b].sort());
    await admin.setCharacterChatChannelAuth({ characterId: me, ids: [c] });
    expect(await ids()).toEqual([c]);
    await admin.updateCharacterChatChannelAuth({ characterId: me, add: true, ids: [a, c] });
    expect(await ids()).toEqual([a, c].sort());
    await admin.updateCharacterChatChannelAuth({ characterId: me, add: false, ids: [c, b] });
    expect(await ids()).toEqual([a]);
    await admin.setCharacterChatChannelAuth({ characterId: me, ids: [] });
    expect(await ids()).toEqual([]);

    expect(await codeOf(player.getAuthorizedChatChannels({ id: theirs }))).toBe(Code.PermissionDenied);
    expect(await codeOf(player.getAuthorizedChatChannels({ id: MISSING }))).toBe(Code.PermissionDenied);
    expect(await codeOf(moderator.getAuthorizedChatChannels({ id: MISSING }))).toBe(Code.NotFound);
    expect(await codeOf(admin.setCharacterChatChannelAuth({ characterId: me, ids: [MISSING] }))).toBe(Code.NotFound);
    expect(await codeOf(admin.setCharacterChatChannelAuth({ characterId: MISSING, ids: [a] }))).toBe(Code.NotFound);
    expect(await codeOf(admin.updateCharacterChatChannelAuth({ characterId: me, add: true, ids: ["bad"] }))).toBe(Code.InvalidArgument);
    expect(await codeOf(player.setCharacterChatChannelAuth({ characterId: me, ids: [a] }))).toBe(Code.PermissionDenied);
    expect(await codeOf(moderator.updateCharacterChatChannelAuth({ characterId: me, add: true, ids: [a] }))).toBe(Code.PermissionDenied);
  });

  it("authorizations over REST use the plural path", async () => {
    const channel = await insertChannel(t.server.database.db);
    const me = await insertCharacter(t.server.database.db, t.users.player.sub, dim);
    const set = await rest(t.url, "POST", `/v1/characters/id/${me}/channels`, { token: t.users.admin.token, body: { ids: [channel] } });
    expect(set.status).toBe(200);
    const list = await rest(t.url, "GET", `/v1/character/id/${me}/channels`, { token: t.users.player.token });
    expect(list.json).toMatchObject({ channels: [{ id: channel }] });
  });
});
