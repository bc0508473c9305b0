import { Code, createClient, type Client } from "@connectrpc/connect";
import { createConnectTransport } from "@connectrpc/connect-node";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditRecords } from "../audit/schema.js";
import { HeldMessageState, type ChatMessage } from "../gen/sro/chat/chat_pb.js";
import { ChannelRulesService, ContentRuleAction, ContentRuleKind } from "../gen/sro/moderation/channel_rules_pb.js";
import { bearer } from "../test/bearer.js";
import { chatClient, codeOf, insertChannel, insertCharacter, insertDimension, StreamReader, type ChatClient } from "../test/chat-fixtures.js";
import { errorOf } from "../test/sanction-clients.js";
import { startTestServer, storageBackends, type TestServer } from "../test/test-server.js";
import { heldWaitingByChannel } from "./channel-rules-store.js";
import { chatChannelAuthorizations } from "../chat/schema.js";

/** The first message the reader got that matches, waiting for more as they come. */
async function arrival(reader: StreamReader, match: (m: ChatMessage) => boolean): Promise<ChatMessage> {
  for (let count = 1; ; count++) {
    const messages = await reader.waitFor(count);
    const found = messages.find(match);
    if (found) return found;
    count = messages.length;
  }
}

type RulesClient = Client<typeof ChannelRulesService>;
const rulesClient = (url: string, token: string): RulesClient =>
  createClient(ChannelRulesService, createConnectTransport({ baseUrl: url, httpVersion: "2", interceptors: [bearer(token)] }));

const kinds = { word: ContentRuleKind.WORD, pattern: ContentRuleKind.PATTERN } as const;
const actions = { block: ContentRuleAction.BLOCK, hold: ContentRuleAction.HOLD } as const;
const rule = (kind: keyof typeof kinds, pattern: string, action: keyof typeof actions, message = "") => ({
  kind: kinds[kind],
  pattern,
  action: actions[action],
  message,
});

/**
 * Channel rules and the review lane through the real server (docs/moderation.md "Channel rules and the review
 * lane"): each rule kind × action, folding, a catastrophic pattern, slow mode on an injected clock, members only,
 * hold → allow/deny with the sender's notices, audit rows, validation and who may call what.
 */
describe.each(storageBackends)("channel rules (%s)", (backend) => {
  let t: TestServer;
  let clock = Date.UTC(2026, 10, 24, 12, 0, 0);
  let moderator: RulesClient, player: RulesClient;
  let playerChat: ChatClient, adminChat: ChatClient;
  let dim: string;

  beforeAll(async () => {
    t = await startTestServer({ backend, now: () => clock });
    moderator = rulesClient(t.url, t.users.moderator.token);
    player = rulesClient(t.url, t.users.player.token);
    playerChat = chatClient(t.url, t.users.player.token);
    adminChat = chatClient(t.url, t.users.admin.token);
    dim = await insertDimension(t.server.database.db);
  });
  afterAll(() => t?.close());

  const db = () => t.server.database.db;
  const send = (channelId: string, characterId: string, content: string, client = playerChat) =>
    client.sendChatChannelMessage({ channelId, chatMessage: { senderCharacterId: characterId, content } });
  /** A public channel with these rules and a player's character on it. */
  async function setUp(rules: Parameters<RulesClient["setChannelRules"]>[0] = {}) {
    const channel = await insertChannel(db(), { public: true, dimensionId: dim });
    const me = await insertCharacter(db(), t.users.player.sub, dim);
    await moderator.setChannelRules({ ...rules, channelId: channel });
    return { channel, me };
  }
  /** A stream of `characterId` on the channel that has received one message from staff: it is live. */
  async function liveStream(client: ChatClient, channelId: string, characterId: string, notices: boolean) {
    const reader = new StreamReader(client.connectChatChannel({ channelId, characterId, notices, history: true }));
    const speaker = await insertCharacter(db(), t.users.admin.sub, dim);
    // Fixed text: a character id's hex digits could match a test's rule (\d{3}-\d{4}, (a+)+$) and be held or refused.
    await send(channelId, speaker, "hello there", adminChat);
    await reader.waitFor(1);
    return reader;
  }

  it.each([
    ["word", "block", "this is Spoiler text", "spoiler"],
    ["word", "hold", "buy GOLD now", "gold"],
    ["pattern", "block", "visit www.example.com today", String.raw`www\.[a-z]+\.com`],
    ["pattern", "hold", "my number is 555-1234", String.raw`\d{3}-\d{4}`],
  ] as const)("a %s rule with %s: does what it says to a matching message and leaves others alone", async (kind, action, text, pattern) => {
    const { channel, me } = await setUp({ rules: [rule(kind, pattern, action, "Keep it clean")] });
    const stream = await liveStream(playerChat, channel, me, true);
    if (action === "block") {
      const refused = await errorOf(send(channel, me, text));
      expect(refused.code).toBe(Code.PermissionDenied);
      expect(refused.rawMessage).toBe("permission denied: this channel does not allow this message. Message: Keep it clean");
    } else {
      await send(channel, me, text);
      const [, notice] = await stream.waitFor(2);
      expect(notice!.content).toBe("");
      expect(notice!.notice?.held).toMatchObject({ content: text, state: HeldMessageState.HELD, reason: "Keep it clean", sentTimeMs: BigInt(clock) });
      const waiting = await moderator.listHeldMessages({ channelId: channel });
      expect(waiting.total).toBe(1n);
      expect(waiting.messages[0]).toMatchObject({ content: text, senderId: me, rule: pattern, state: HeldMessageState.HELD });
    }
    await send(channel, me, "an innocent line");
    const messages = await stream.waitFor(action === "hold" ? 3 : 2);
    expect(messages.at(-1)).toMatchObject({ content: "an innocent line", senderCharacterId: me });
    expect(messages.filter((m) => m.content === text)).toEqual([]);
  });

  it("words match NFKC-normalised, case-folded text, as whole words", async () => {
    const { channel, me } = await setUp({ rules: [rule("word", "spoiler", "block"), rule("word", "ǆungla", "block"), rule("word", "straße", "block")] });
    for (const text of ["ＳＰＯＩＬＥＲ alert", "Spoiler!", "the ǅungla again", "ǄUNGLA", "STRASSE", "ﬁne spoiler"]) {
      expect(await codeOf(send(channel, me, text)), text).toBe(Code.PermissionDenied);
    }
    for (const text of ["spoilers are fine", "unspoiler", "dungla"]) expect(await codeOf(send(channel, me, text)), text).toBe("ok");
  });

  it("a catastrophic pattern on a long input answers at once (RE2: linear time)", async () => {
    const { channel, me } = await setUp({ rules: [rule("pattern", "(a+)+$", "block"), rule("pattern", "(x+x+)+y", "block")] });
    const started = performance.now();
    expect(await codeOf(send(channel, me, `${"a".repeat(990)}!`))).toBe("ok");
    expect(await codeOf(send(channel, me, "x".repeat(999)))).toBe("ok");
    // A backtracking engine takes longer than the age of the universe on these; RE2 takes milliseconds.
    expect(performance.now() - started).toBeLessThan(2_000);
    expect(await codeOf(send(channel, me, "aaa"))).toBe(Code.PermissionDenied);
  });

  it("block wins over hold when both match", async () => {
    const { channel, me } = await setUp({ rules: [rule("word", "gold", "hold"), rule("word", "scam", "block", "No scams")] });
    const refused = await errorOf(send(channel, me, "gold scam"));
    expect(refused.rawMessage).toContain("No scams");
    expect((await moderator.listHeldMessages({ channelId: channel })).total).toBe(0n);
  });

  it("slow mode: one message per N seconds per character, on the server's clock; staff are exempt", async () => {
    const { channel, me } = await setUp({ slowModeSeconds: 30 });
    const other = await insertCharacter(db(), t.users.player.sub, dim);
    await send(channel, me, "first");
    const refused = await errorOf(send(channel, me, "second"));
    expect(refused.code).toBe(Code.ResourceExhausted);
    expect(refused.rawMessage).toBe("slow mode: one message every 30s in this channel; try again in 30s");
    expect(await codeOf(send(channel, other, "another character is not slowed by me"))).toBe("ok");
    clock += 29_000;
    expect((await errorOf(send(channel, me, "still too soon"))).rawMessage).toContain("try again in 1s");
    clock += 1_000;
    expect(await codeOf(send(channel, me, "on time"))).toBe("ok");
    const staff = await insertCharacter(db(), t.users.admin.sub, dim);
    expect(await codeOf(send(channel, staff, "one", adminChat))).toBe("ok");
    expect(await codeOf(send(channel, staff, "two", adminChat))).toBe("ok");
  });

  it("members only: on a public channel only authorized characters (and staff) may send; everyone may still read", async () => {
    const { channel, me } = await setUp({ membersOnly: true });
    const member = await insertCharacter(db(), t.users.player.sub, dim);
    await db().insert(chatChannelAuthorizations).values({ characterId: member, channelId: channel });
    const refused = await errorOf(send(channel, me, "hello"));
    expect(refused.code).toBe(Code.PermissionDenied);
    expect(refused.rawMessage).toBe("permission denied: only members of this channel may send to it");
    expect(await codeOf(send(channel, member, "hello"))).toBe("ok");
    const reader = await liveStream(playerChat, channel, me, false);
    expect(reader.messages.length).toBeGreaterThan(0);
  });

  it("a rule change applies to the very next send (the node's cached rules are dropped)", async () => {
    const { channel, me } = await setUp();
    await send(channel, me, "no rules yet: cached as none");
    await moderator.setChannelRules({ channelId: channel, rules: [rule("word", "now", "block")] });
    expect(await codeOf(send(channel, me, "now refused"))).toBe(Code.PermissionDenied);
    await moderator.setChannelRules({ channelId: channel });
    expect(await codeOf(send(channel, me, "now fine again"))).toBe("ok");
  });

  it("held → allow: delivered with its original time; the sender's notice streams hear HELD then ALLOWED; audited", async () => {
    const { channel, me } = await setUp({ rules: [rule("word", "gold", "hold", "Trading talk is reviewed")] });
    const bystander = await liveStream(chatClient(t.url, t.users.otherPlayer.token), channel, await insertCharacter(db(), t.users.otherPlayer.sub, dim), true);
    const mine = await liveStream(playerChat, channel, me, true);
    const heldAt = clock;
    await send(channel, me, "selling gold");
    const heldId = (await arrival(mine, (m) => m.notice?.held?.state === HeldMessageState.HELD)).notice!.held!.id;
    clock += 60_000;
    const reviewed = await moderator.reviewHeldMessage({ id: heldId, allow: true });
    expect(reviewed).toMatchObject({ state: HeldMessageState.ALLOWED, reviewedByName: "moderator", reviewedAtMs: BigInt(clock) });
    expect(reviewed.messageId).not.toBe("");

    const delivered = await arrival(mine, (m) => m.content === "selling gold");
    expect(delivered).toMatchObject({ senderCharacterId: me, sentTimeMs: BigInt(heldAt) });
    const allowed = await arrival(mine, (m) => m.notice?.held?.state === HeldMessageState.ALLOWED);
    expect(allowed.notice?.held).toMatchObject({ id: heldId, sentTimeMs: BigInt(heldAt) });
    // Others see the message once allowed, never the notices (they are not the sender).
    expect(await arrival(bystander, (m) => m.content === "selling gold")).toMatchObject({ sentTimeMs: BigInt(heldAt) });
    expect(bystander.messages.some((m) => m.notice)).toBe(false);

    const logs = await adminChat.getChatLogs({ channelId: channel });
    expect(logs.logs.find((l) => l.content === "selling gold")?.sentAt).toBe(BigInt(Math.floor(heldAt / 1000)));
    expect((await moderator.listHeldMessages({ channelId: channel })).total).toBe(0n);
    expect((await moderator.listHeldMessages({ channelId: channel, state: HeldMessageState.ALLOWED })).messages).toHaveLength(1);
    const audit = await db().select().from(auditRecords).where(eq(auditRecords.targetId, heldId));
    expect(audit).toMatchObject([{ action: "chat-held-message.allow", actorName: "moderator", before: { state: "held" }, after: { state: "allowed" } }]);
    expect(await codeOf(moderator.reviewHeldMessage({ id: heldId, allow: false, reason: "too late" }))).toBe(Code.FailedPrecondition);
  });

  it("held → deny: needs a reason, tells the sender, delivers nothing", async () => {
    const { channel, me } = await setUp({ rules: [rule("pattern", "gold", "hold")] });
    const mine = await liveStream(playerChat, channel, me, true);
    await send(channel, me, "gold for sale");
    const [, heldNotice] = await mine.waitFor(2);
    const id = heldNotice!.notice!.held!.id;
    const noReason = await errorOf(moderator.reviewHeldMessage({ id, allow: false }));
    expect(noReason.code).toBe(Code.InvalidArgument);
    expect(noReason.rawMessage).toMatch(/^reason: /);
    await moderator.reviewHeldMessage({ id, allow: false, reason: "Real-money trading is not allowed" });
    const [, , denied] = await mine.waitFor(3);
    expect(denied!.notice?.held).toMatchObject({ id, state: HeldMessageState.DENIED, reason: "Real-money trading is not allowed" });
    expect(mine.messages.filter((m) => m.content === "gold for sale")).toEqual([]);
    const [audit] = await db()
      .select()
      .from(auditRecords)
      .where(and(eq(auditRecords.targetId, id), eq(auditRecords.action, "chat-held-message.deny")));
    expect(audit?.after).toMatchObject({ state: "denied", reviewReason: "Real-money trading is not allowed" });
  });

  it("a stream that did not ask for notices never gets one, even its sender's", async () => {
    const { channel, me } = await setUp({ rules: [rule("word", "gold", "hold")] });
    const plain = await liveStream(playerChat, channel, me, false);
    await send(channel, me, "gold");
    await send(channel, me, "a normal line");
    await plain.waitFor(2);
    expect(plain.messages.map((m) => m.content)).toEqual([expect.stringContaining("hello"), "a normal line"]);
  });

  it("every rules change is audited with before and after", async () => {
    const { channel } = await setUp({ slowModeSeconds: 5 });
    await moderator.setChannelRules({ channelId: channel, slowModeSeconds: 10, membersOnly: true, rules: [rule("word", "x", "hold")] });
    const audit = await db()
      .select()
      .from(auditRecords)
      .where(and(eq(auditRecords.targetId, channel), eq(auditRecords.action, "chat-channel.rules.set")))
      .orderBy(auditRecords.id);
    expect(audit).toMatchObject([
      { actorName: "moderator", before: { slowModeSeconds: 0, rules: [] }, after: { slowModeSeconds: 5 } },
      {
        before: { slowModeSeconds: 5 },
        after: { slowModeSeconds: 10, membersOnly: true, rules: [{ kind: "word", pattern: "x", action: "hold", message: "" }] },
      },
    ]);
    expect(await moderator.getChannelRules({ id: channel })).toMatchObject({ slowModeSeconds: 10, membersOnly: true, rules: [{ pattern: "x" }] });
  });

  it("saving the rules a channel already has writes no audit record", async () => {
    const { channel } = await setUp({ slowModeSeconds: 5, rules: [rule("pattern", "gold", "hold")] });
    const records = () =>
      db()
        .select()
        .from(auditRecords)
        .where(and(eq(auditRecords.targetId, channel), eq(auditRecords.action, "chat-channel.rules.set")));
    expect(await records()).toHaveLength(1);
    const same = await moderator.setChannelRules({ channelId: channel, slowModeSeconds: 5, membersOnly: false, rules: [rule("pattern", "gold", "hold")] });
    expect(same).toMatchObject({ slowModeSeconds: 5, membersOnly: false, rules: [{ pattern: "gold" }] });
    expect(await records()).toHaveLength(1);
    await moderator.setChannelRules({ channelId: channel, slowModeSeconds: 5, membersOnly: false, rules: [] });
    expect(await records()).toHaveLength(2);
  });

  it.each([
    [{ slowModeSeconds: 86_401 }, "slow_mode_seconds: must be 0..86400"],
    [{ rules: [rule("word", "ok", "block"), rule("word", "  ", "block")] }, "rules[1].pattern: must not be empty"],
    [{ rules: [rule("pattern", "x".repeat(201), "hold")] }, "rules[0].pattern: must be at most 200 characters, got 201"],
    [{ rules: [rule("word", "a", "hold"), rule("pattern", "(unclosed", "hold")] }, "rules[1].pattern: is not a valid regular expression"],
    [{ rules: [rule("pattern", "(a)\\1", "hold")] }, "rules[0].pattern: is not a valid regular expression"],
    [{ rules: Array.from({ length: 101 }, (_, i) => rule("word", `w${i}`, "hold")) }, "rules: at most 100 rules, got 101"],
    [{ rules: [{ kind: ContentRuleKind.WORD, pattern: "x", action: ContentRuleAction.UNSPECIFIED, message: "" }] }, "rules[0].action: must be BLOCK or HOLD"],
  ])("refuses bad rules, naming the field: %j", async (rules, message) => {
    const channel = await insertChannel(db(), { public: true });
    const error = await errorOf(moderator.setChannelRules({ channelId: channel, ...rules }));
    expect(error.code).toBe(Code.InvalidArgument);
    expect(error.rawMessage).toContain(message);
  });

  it("unknown ids are NOT_FOUND; players may not call any of it", async () => {
    const missing = "00000000-0000-4000-8000-000000000000";
    expect(await codeOf(moderator.getChannelRules({ id: missing }))).toBe(Code.NotFound);
    expect(await codeOf(moderator.setChannelRules({ channelId: missing }))).toBe(Code.NotFound);
    expect(await codeOf(moderator.reviewHeldMessage({ id: missing, allow: true }))).toBe(Code.NotFound);
    const channel = await insertChannel(db(), { public: true });
    for (const call of [
      () => player.getChannelRules({ id: channel }),
      () => player.setChannelRules({ channelId: channel }),
      () => player.listHeldMessages({}),
      () => player.reviewHeldMessage({ id: missing, allow: true }),
    ]) {
      expect(await codeOf(call())).toBe(Code.PermissionDenied);
    }
    const admin = rulesClient(t.url, t.users.admin.token);
    expect(await codeOf(admin.setChannelRules({ channelId: channel, slowModeSeconds: 1 }))).toBe("ok");
    expect(await codeOf(admin.listHeldMessages({}))).toBe("ok");
  });

  it("speaks REST too: PUT and GET /v1/channels/id/{id}/rules, GET /v1/held-messages", async () => {
    const channel = await insertChannel(db(), { public: true });
    const rest = (method: string, path: string, body?: unknown) =>
      fetch(`${t.url}${path}`, {
        method,
        headers: { authorization: `Bearer ${t.users.moderator.token}`, "content-type": "application/json" },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
    const put = await rest("PUT", `/v1/channels/id/${channel}/rules`, {
      slowModeSeconds: 7,
      rules: [{ kind: "CONTENT_RULE_KIND_WORD", pattern: "x", action: "CONTENT_RULE_ACTION_HOLD" }],
    });
    expect(put.status).toBe(200);
    expect(await (await rest("GET", `/v1/channels/id/${channel}/rules`)).json()).toMatchObject({
      channelId: channel,
      slowModeSeconds: 7,
      rules: [{ pattern: "x" }],
    });
    const bad = await rest("PUT", `/v1/channels/id/${channel}/rules`, { slowModeSeconds: 90000 });
    expect(bad.status).toBe(400);
    expect((await rest("GET", "/v1/held-messages")).status).toBe(200);
  });

  it("heldWaitingByChannel counts what waits per channel and the oldest one's time", async () => {
    const { channel, me } = await setUp({ rules: [rule("word", "wait", "hold")] });
    const first = clock;
    await send(channel, me, "wait one");
    clock += 5_000;
    await send(channel, me, "wait two");
    expect((await heldWaitingByChannel(db())).get(channel)).toEqual({ count: 2, oldestSentAtMs: first });
  });
});
