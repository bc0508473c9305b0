import { Code } from "@connectrpc/connect";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { chatClient, codeOf, insertChannel, insertMessage, type ChatClient } from "../test/chat-fixtures.js";
import { rest } from "../test/rest-client.js";
import { startTestServer, storageBackends, type TestServer } from "../test/test-server.js";

const ALICE = "aaaaaaaa-0000-4000-8000-000000000000";
const BOB = "bbbbbbbb-0000-4000-8000-000000000000";
/** Unix seconds of the six stored messages: t0 … t0+5, sender alternating, content m0 … m5. */
const T0 = 1_700_000_000;

/** GetChatLogs: sender, before/after inclusive, limit/offset, newest first, total of all matches. */
describe.each(storageBackends)("chat logs (%s)", (backend) => {
  let t: TestServer;
  let moderator: ChatClient;
  let channel: string;

  beforeAll(async () => {
    t = await startTestServer({ backend });
    moderator = chatClient(t.url, t.users.moderator.token);
    const db = t.server.database.db;
    channel = await insertChannel(db, { public: true });
    const noise = await insertChannel(db, { public: true });
    // 500 ms into each second: inclusive bounds must still hold at second granularity.
    for (let i = 0; i < 6; i++) await insertMessage(db, channel, i % 2 === 0 ? ALICE : BOB, (T0 + i) * 1000 + 500, `m${i}`);
    await insertMessage(db, noise, ALICE, T0 * 1000, "other channel");
  });
  afterAll(() => t?.close());

  const contents = async (request: Parameters<ChatClient["getChatLogs"]>[0]) => {
    const res = await moderator.getChatLogs({ channelId: channel, ...request });
    return { total: Number(res.total), contents: res.logs.map((l) => l.content) };
  };

  it("returns every message of the channel, newest first", async () => {
    expect(await contents({})).toEqual({ total: 6, contents: ["m5", "m4", "m3", "m2", "m1", "m0"] });
  });

  it("filters by sender", async () => {
    expect(await contents({ senderId: BOB })).toEqual({ total: 3, contents: ["m5", "m3", "m1"] });
  });

  it("before and after are inclusive", async () => {
    expect(await contents({ after: BigInt(T0 + 1), before: BigInt(T0 + 3) })).toEqual({ total: 3, contents: ["m3", "m2", "m1"] });
    expect(await contents({ after: BigInt(T0 + 4) })).toEqual({ total: 2, contents: ["m5", "m4"] });
    expect(await contents({ before: BigInt(T0) })).toEqual({ total: 1, contents: ["m0"] });
  });

  it("after = before is one second; after > before is empty, not an error", async () => {
    expect(await contents({ after: BigInt(T0 + 2), before: BigInt(T0 + 2) })).toEqual({ total: 1, contents: ["m2"] });
    expect(await contents({ after: BigInt(T0 + 3), before: BigInt(T0 + 2) })).toEqual({ total: 0, contents: [] });
  });

  it("pages with limit and offset; total counts all matches", async () => {
    expect(await contents({ limit: 2n })).toEqual({ total: 6, contents: ["m5", "m4"] });
    expect(await contents({ limit: 2n, offset: 2n })).toEqual({ total: 6, contents: ["m3", "m2"] });
    expect(await contents({ offset: 4n })).toEqual({ total: 6, contents: ["m1", "m0"] });
    expect(await contents({ offset: 10n })).toEqual({ total: 6, contents: [] });
    expect(await contents({ senderId: ALICE, limit: 1n, offset: 1n })).toEqual({ total: 3, contents: ["m2"] });
  });

  it("sent_at is unix seconds and carries sender and channel", async () => {
    const res = await moderator.getChatLogs({ channelId: channel, limit: 1n });
    expect(res.logs[0]).toMatchObject({ sentAt: BigInt(T0 + 5), senderId: BOB, channelId: channel });
  });

  it("works over REST with query parameters", async () => {
    const res = await rest(t.url, "GET", `/v1/chat/${channel}/logs?senderId=${ALICE}&after=${T0 + 1}&offset=1`, { token: t.users.admin.token });
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ total: "2", logs: [{ content: "m2", sentAt: String(T0 + 2) }] });
  });

  it("missing channel NOT_FOUND, bad ids INVALID_ARGUMENT, players PERMISSION_DENIED", async () => {
    expect(await codeOf(moderator.getChatLogs({ channelId: "00000000-0000-4000-8000-000000000000" }))).toBe(Code.NotFound);
    expect(await codeOf(moderator.getChatLogs({ channelId: "x" }))).toBe(Code.InvalidArgument);
    expect(await codeOf(moderator.getChatLogs({ channelId: channel, senderId: "x" }))).toBe(Code.InvalidArgument);
    expect(await codeOf(chatClient(t.url, t.users.player.token).getChatLogs({ channelId: channel }))).toBe(Code.PermissionDenied);
  });
});
