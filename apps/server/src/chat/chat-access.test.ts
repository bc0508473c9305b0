import { Code } from "@connectrpc/connect";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { chatClient, codeOf, insertChannel, insertCharacter, insertDimension, insertMessage, StreamReader, type ChatClient } from "../test/chat-fixtures.js";
import { startTestServer, storageBackends, type TestServer } from "../test/test-server.js";

/** docs/chat.md "Who may read and send": who may read and send where, and what bans do — over Connect, on every storage backend. */
describe.each(storageBackends)("chat access rules (%s)", (backend) => {
  let t: TestServer;
  let admin: ChatClient, moderator: ChatClient, player: ChatClient, other: ChatClient, banned: ChatClient;
  let dimA: string, dimB: string;
  /** The player's characters in dimension A and B; the other player's character in A. */
  let mine: string, mineInB: string, theirs: string;

  beforeAll(async () => {
    t = await startTestServer({ backend });
    const db = t.server.database.db;
    admin = chatClient(t.url, t.users.admin.token);
    moderator = chatClient(t.url, t.users.moderator.token);
    player = chatClient(t.url, t.users.player.token);
    other = chatClient(t.url, t.users.otherPlayer.token);
    banned = chatClient(t.url, t.users.banned.token);
    dimA = await insertDimension(db);
    dimB = await insertDimension(db);
    mine = await insertCharacter(db, t.users.player.sub, dimA);
    mineInB = await insertCharacter(db, t.users.player.sub, dimB);
    theirs = await insertCharacter(db, t.users.otherPlayer.sub, dimA);
  });
  afterAll(() => t?.close());

  const send = (client: ChatClient, channelId: string, characterId: string, content = "hi") =>
    codeOf(client.sendChatChannelMessage({ channelId, chatMessage: { senderCharacterId: characterId, content } }));
  const sendError = async (client: ChatClient, channelId: string, characterId: string) =>
    client.sendChatChannelMessage({ channelId, chatMessage: { senderCharacterId: characterId, content: "hi" } }).then(
      () => "ok",
      (e: Error) => e.message,
    );
  /** Connects after putting a message in the channel: an allowed stream delivers it as history, a denied one fails. */
  async function read(client: ChatClient, channelId: string, characterId: string): Promise<Code | "ok"> {
    if (/^[0-9a-f-]{36}$/.test(channelId)) await insertMessage(t.server.database.db, channelId, characterId, Date.now(), "probe");
    const abort = new AbortController();
    const reader = new StreamReader(client.connectChatChannel({ channelId, characterId, history: true }, { signal: abort.signal }));
    const outcome = await Promise.race([reader.ended.then((end) => end?.code ?? "ended"), reader.waitFor(1, 10_000).then(() => "ok" as const)]);
    abort.abort();
    if (outcome === "ended") throw new Error("stream ended without a message or an error");
    return outcome;
  }
  const ban = (channelId: string, characterId: string, duration: bigint, client = moderator) =>
    codeOf(client.banCharacterFromChatChannel({ channelId, characterId, duration }));

  it("a public channel without a dimension is open to any character", async () => {
    const channel = await insertChannel(t.server.database.db, { public: true });
    expect(await read(player, channel, mine)).toBe("ok");
    expect(await send(player, channel, mineInB)).toBe("ok");
  });

  it("a public channel with a dimension is open only to characters in that dimension", async () => {
    const channel = await insertChannel(t.server.database.db, { public: true, dimensionId: dimA });
    expect(await send(player, channel, mine)).toBe("ok");
    expect(await send(player, channel, mineInB)).toBe(Code.PermissionDenied);
    expect(await read(player, channel, mineInB)).toBe(Code.PermissionDenied);
  });

  it("a private channel needs an authorization row for that very channel", async () => {
    const db = t.server.database.db;
    const secret = await insertChannel(db);
    const elsewhere = await insertChannel(db);
    expect(await send(player, secret, mine)).toBe(Code.PermissionDenied);
    // The old defect: one authorization row opened every private channel.
    await admin.setCharacterChatChannelAuth({ characterId: mine, ids: [elsewhere] });
    expect(await send(player, secret, mine)).toBe(Code.PermissionDenied);
    expect(await read(player, secret, mine)).toBe(Code.PermissionDenied);
    await admin.updateCharacterChatChannelAuth({ characterId: mine, add: true, ids: [secret] });
    expect(await send(player, secret, mine)).toBe("ok");
    expect(await read(player, secret, mine)).toBe("ok");
    // An authorization opens a channel even outside its dimension.
    const otherDimension = await insertChannel(db, { dimensionId: dimB });
    await admin.updateCharacterChatChannelAuth({ characterId: mine, add: true, ids: [otherDimension] });
    expect(await send(player, otherDimension, mine)).toBe("ok");
  });

  it("players act only as their own characters; a foreign and a missing character get the same answer", async () => {
    const channel = await insertChannel(t.server.database.db, { public: true });
    const foreign = await sendError(player, channel, theirs);
    const missing = await sendError(player, channel, "00000000-0000-4000-8000-000000000000");
    expect(foreign).toMatch(/permission denied/);
    expect(missing).toBe(foreign);
    expect(await read(player, channel, theirs)).toBe(Code.PermissionDenied);
  });

  it("players see a missing channel like a forbidden one; staff get NOT_FOUND", async () => {
    const missing = "00000000-0000-4000-8000-000000000001";
    const secret = await insertChannel(t.server.database.db);
    expect(await sendError(player, missing, mine)).toBe(await sendError(player, secret, mine));
    expect(await send(admin, missing, mine)).toBe(Code.NotFound);
    expect(await read(moderator, missing, mine)).toBe(Code.NotFound);
    expect(await send(admin, secret, "00000000-0000-4000-8000-000000000002")).toBe(Code.NotFound);
  });

  it("admins and moderators act as any character on any channel", async () => {
    const secret = await insertChannel(t.server.database.db, { dimensionId: dimB });
    expect(await send(admin, secret, theirs)).toBe("ok");
    expect(await send(moderator, secret, mine)).toBe("ok");
    expect(await read(moderator, secret, theirs)).toBe("ok");
  });

  it("/Banned users get no chat at all", async () => {
    const channel = await insertChannel(t.server.database.db, { public: true });
    const own = await insertCharacter(t.server.database.db, t.users.banned.sub, dimA);
    expect(await send(banned, channel, own)).toBe(Code.PermissionDenied);
    expect(await read(banned, channel, own)).toBe(Code.PermissionDenied);
    expect(await codeOf(banned.sendDirectMessage({ characterId: mine, chatMessage: { senderCharacterId: own, content: "x" } }))).toBe(Code.PermissionDenied);
  });

  it("bad ids are INVALID_ARGUMENT", async () => {
    const channel = await insertChannel(t.server.database.db, { public: true });
    expect(await send(player, "nope", mine)).toBe(Code.InvalidArgument);
    expect(await send(player, channel, "")).toBe(Code.InvalidArgument);
    expect(await read(player, channel, "42")).toBe(Code.InvalidArgument);
    expect(await ban(channel, "x", 10n)).toBe(Code.InvalidArgument);
  });

  it("a ban works on a public channel, for a character without any authorization row", async () => {
    const channel = await insertChannel(t.server.database.db, { public: true });
    expect(await send(player, channel, mine)).toBe("ok");
    expect(await ban(channel, mine, 60n)).toBe("ok");
    const message = await sendError(player, channel, mine);
    expect(message).toMatch(/banned from this channel for another (59s|1m) \(until \d{4}-/);
    // A ban (a channel-scoped chat ban) stops reading too, whatever its duration; a mute would not.
    expect(await read(player, channel, mine)).toBe(Code.PermissionDenied);
    // Other characters are unaffected.
    expect(await send(other, channel, theirs)).toBe("ok");
  });

  it("a ban works on a private channel the character is authorized for, and 0 lifts it", async () => {
    const channel = await insertChannel(t.server.database.db);
    await admin.setCharacterChatChannelAuth({ characterId: mine, ids: [channel] });
    expect(await ban(channel, mine, -1n)).toBe("ok");
    expect(await send(player, channel, mine)).toBe(Code.PermissionDenied);
    expect(await read(player, channel, mine)).toBe(Code.PermissionDenied);
    expect(await ban(channel, mine, 0n)).toBe("ok");
    expect(await send(player, channel, mine)).toBe("ok");
    expect(await read(player, channel, mine)).toBe("ok");
  });

  it("a permanent ban denies reading, whatever the negative number; staff acting as the character are bound too", async () => {
    const channel = await insertChannel(t.server.database.db, { public: true });
    expect(await ban(channel, mine, -12345n, admin)).toBe("ok");
    expect(await sendError(player, channel, mine)).toMatch(/permanently banned/);
    expect(await read(player, channel, mine)).toBe(Code.PermissionDenied);
    expect(await send(admin, channel, mine)).toBe(Code.PermissionDenied);
  });

  it("an expired ban no longer holds", async () => {
    const channel = await insertChannel(t.server.database.db, { public: true });
    expect(await ban(channel, mine, 1n)).toBe("ok");
    expect(await send(player, channel, mine)).toBe(Code.PermissionDenied);
    // Bans count in whole seconds: poll until this one has run out (a refused send takes no rate-limit token).
    await vi.waitFor(async () => expect(await send(player, channel, mine)).toBe("ok"), { timeout: 15_000, interval: 50 });
  });

  it("only staff ban, and only existing rows", async () => {
    const channel = await insertChannel(t.server.database.db, { public: true });
    expect(await ban(channel, theirs, 60n, player)).toBe(Code.PermissionDenied);
    expect(await ban("00000000-0000-4000-8000-000000000003", mine, 60n)).toBe(Code.NotFound);
    expect(await ban(channel, "00000000-0000-4000-8000-000000000004", 60n)).toBe(Code.NotFound);
    expect(await ban(channel, mine, BigInt(200 * 365 * 24 * 3600))).toBe(Code.InvalidArgument);
  });
});
