import { create } from "@bufbuild/protobuf";
import { createContextValues, type HandlerContext } from "@connectrpc/connect";
import { count, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditRecords } from "../audit/schema.js";
import { chatMessages } from "../chat/schema.js";
import { AppealReason } from "../gen/sro/moderation/appeals_pb.js";
import { ReportOutcome, ReportReason } from "../gen/sro/moderation/reports_pb.js";
import { IssueSanctionRequestSchema, SanctionKind, SanctionScope } from "../gen/sro/moderation/moderation_pb.js";
import { callerKey, requestIdKey, type Caller } from "../platform/auth/caller.js";
import { createLogger } from "../platform/logger.js";
import { appealClient } from "../test/appeal-fixtures.js";
import { insertChannel, insertCharacter, insertDimension } from "../test/chat-fixtures.js";
import { reportClient, storeMessage } from "../test/report-fixtures.js";
import { Code, errorOf, kinds, sanctionClient, scopes, type SanctionClient } from "../test/sanction-clients.js";
import { startTestServer, storageBackends, type TestServer } from "../test/test-server.js";
import { createSanctionService } from "./sanction-service.js";
import { createSanctionStore } from "./sanction-store.js";
import { sanctionEvidence, sanctions } from "./schema.js";

/**
 * Evidence travels with a sanction (docs/moderation.md "Evidence of a sanction"): a sanction issued from a chat line
 * freezes the line and its conversation around it in the sanction's transaction; staff, the player and the appeal
 * read it; a bad source message writes nothing. An injected clock: no sleeps.
 */
describe.each(storageBackends)("a sanction's evidence (%s)", (backend) => {
  let t: TestServer;
  const clock = Date.UTC(2026, 0, 1);
  let moderator: SanctionClient, admin: SanctionClient, player: SanctionClient;
  let elsewhere: string, rude: string, bystander: string, third: string;

  beforeAll(async () => {
    t = await startTestServer({ backend, now: () => clock });
    moderator = sanctionClient(t.url, t.users.moderator.token);
    admin = sanctionClient(t.url, t.users.admin.token);
    player = sanctionClient(t.url, t.users.player.token);
    const dim = await insertDimension(db());
    elsewhere = await insertChannel(db(), { public: true });
    rude = await insertCharacter(db(), t.users.player.sub, dim);
    bystander = await insertCharacter(db(), t.users.otherPlayer.sub, dim);
    third = await insertCharacter(db(), t.users.otherPlayer.sub, dim);
  });
  afterAll(() => t?.close());

  const db = () => t.server.database.db;
  /** `n` messages on a channel, one per second before the clock, alternating the rude character and a bystander; ids oldest first. */
  async function conversation(channelId: string, n: number): Promise<string[]> {
    const ids: string[] = [];
    for (let i = 0; i < n; i++) ids.push(await storeMessage(db(), channelId, i % 2 === 0 ? rude : bystander, clock - (n - i) * 1000, `line ${i}`));
    return ids;
  }
  /** A channel of its own for each case: no window reaches into another case's lines. */
  const newChannel = () => insertChannel(db(), { public: true });
  async function directMessage(from: string, to: string, atMs: number, content: string): Promise<string> {
    const [row] = await db()
      .insert(chatMessages)
      .values({ channelId: null, recipientCharacterId: to, senderCharacterId: from, content, sentAt: new Date(atMs) })
      .returning({ id: chatMessages.id });
    return String(row!.id);
  }
  const muteFrom = (
    client: SanctionClient,
    sourceMessageId: string,
    more: { scope?: SanctionScope; scopeId?: string; characterId?: string; accountId?: string } = {},
  ) =>
    client.issueSanction({
      kind: kinds.mute,
      scope: more.scope ?? scopes.everywhere,
      scopeId: more.scopeId ?? "",
      characterId: more.accountId ? "" : (more.characterId ?? rude),
      accountId: more.accountId ?? "",
      durationSeconds: 3600n,
      reason: "Harassment",
      sourceMessageId,
    });
  const totals = async () => ({
    sanctions: Number((await db().select({ n: count() }).from(sanctions))[0]!.n),
    evidence: Number((await db().select({ n: count() }).from(sanctionEvidence))[0]!.n),
    audit: Number((await db().select({ n: count() }).from(auditRecords))[0]!.n),
  });

  it("freezes the line and its channel around it (10 before, 9 after) in the sanction, and staff read it", async () => {
    const channel = await newChannel();
    const ids = await conversation(channel, 30);
    await conversation(elsewhere, 3);
    const source = ids[14]!;
    const issued = await muteFrom(moderator, source, { scope: scopes.channel, scopeId: channel });
    expect(issued.sourceMessageId).toBe(source);
    expect(issued.evidence.map((m) => m.id)).toEqual(ids.slice(4, 24));
    expect(issued.evidence[10]).toMatchObject({ id: source, content: "line 14", channelId: channel, senderId: rude, senderAccountId: t.users.player.sub });

    // A copy: deleting a line later changes nothing in what the sanction shows.
    await db()
      .update(chatMessages)
      .set({ content: "", deletedAt: new Date(clock) })
      .where(eq(chatMessages.id, Number(ids[15])));
    const read = await moderator.getSanction({ id: issued.id });
    expect(read.evidence.map((m) => m.content)).toEqual(ids.slice(4, 24).map((_, i) => `line ${i + 4}`));
    expect(read.issuedByName).toBe("moderator");

    // Lists stay light; the audit record names the source.
    const listed = await moderator.listSanctions({ characterId: rude, limit: 50 });
    expect(listed.sanctions.find((s) => s.id === issued.id)?.evidence).toEqual([]);
    const [record] = await db().select().from(auditRecords).where(eq(auditRecords.targetId, issued.id));
    expect(record!.after).toMatchObject({ sourceMessageId: Number(source) });
  });

  it("gives the other side more when one side has fewer, and skips tombstones", async () => {
    const channel = await newChannel();
    const ids = await conversation(channel, 25);
    await db()
      .update(chatMessages)
      .set({ content: "", deletedAt: new Date(clock) })
      .where(eq(chatMessages.id, Number(ids[2])));
    const issued = await muteFrom(moderator, ids[0]!);
    expect(issued.evidence.map((m) => m.id)).toEqual([ids[0], ids[1], ...ids.slice(3, 21)]);
  });

  it("a whole account's sanction takes a line of any of its characters", async () => {
    const channel = await newChannel();
    const [source] = await conversation(channel, 1);
    const issued = await muteFrom(moderator, source!, { accountId: t.users.player.sub });
    expect(issued.evidence.map((m) => m.id)).toEqual(expect.arrayContaining([source]));
  });

  it("freezes a direct message's conversation for whom reads direct messages; refuses everyone else", async () => {
    const before = await directMessage(bystander, rude, clock - 3000, "hi");
    const line = await directMessage(rude, bystander, clock - 2000, "something nasty");
    await directMessage(rude, third, clock - 1500, "another conversation");
    const after = await directMessage(bystander, rude, clock - 1000, "stop");

    const counted = await totals();
    const refused = await errorOf(muteFrom(moderator, line));
    expect(refused.code).toBe(Code.PermissionDenied);
    expect(refused.rawMessage).toMatch(/source_message_id: .*direct message/);
    expect(await totals()).toEqual(counted);

    const issued = await muteFrom(admin, line);
    expect(issued.evidence.map((m) => [m.id, m.channelId])).toEqual([
      [before, ""],
      [line, ""],
      [after, ""],
    ]);
  });

  it("refuses a bad source message with INVALID_ARGUMENT naming the field, and writes nothing", async () => {
    const channel = await newChannel();
    const [mine, theirs] = await conversation(channel, 2);
    const [deleted] = await conversation(channel, 1);
    await db()
      .update(chatMessages)
      .set({ content: "", deletedAt: new Date(clock) })
      .where(eq(chatMessages.id, Number(deleted)));
    const counted = await totals();
    const cases: [string, object, RegExp][] = [
      ["abc", {}, /positive integer/],
      ["0", {}, /positive integer/],
      ["999999999", {}, /not found/],
      [deleted!, {}, /not found/],
      [theirs!, {}, /not sent by the sanctioned character/],
      [theirs!, { accountId: t.users.player.sub }, /not sent by the sanctioned account's characters/],
      [mine!, { scope: scopes.channel, scopeId: elsewhere }, /not of the sanction's channel/],
    ];
    for (const [id, more, rule] of cases) {
      const error = await errorOf(muteFrom(moderator, id, more));
      expect(error.code, id).toBe(Code.InvalidArgument);
      expect(error.rawMessage).toMatch(/^source_message_id: /);
      expect(error.rawMessage).toMatch(rule);
    }
    expect(await totals()).toEqual(counted);
  });

  it("the player reads the lines that led to it, never who issued it; the appeal shows the same lines", async () => {
    const channel = await newChannel();
    const ids = await conversation(channel, 3);
    const issued = await muteFrom(moderator, ids[2]!);
    const mine = (await player.getMySanctions({})).sanctions.find((s) => s.id === issued.id)!;
    expect(mine.issuedById).toBe("");
    expect(mine.issuedByName).toBe("");
    expect(mine.sourceMessageId).toBe(ids[2]);
    expect(mine.evidence.map((m) => [m.id, m.content, m.senderAccountId])).toEqual(ids.map((id, i) => [id, `line ${i}`, ""]));

    const appeal = await appealClient(t.url, t.users.player.token).fileAppeal({ sanctionId: issued.id, reason: AppealReason.CONTEXT, text: "Out of context" });
    const detail = await appealClient(t.url, t.users.admin.token).getAppeal({ id: appeal.id });
    expect(detail.evidence.map((m) => m.id)).toEqual(ids);
    expect(detail.reportedMessageId).toBe("");
    expect(detail.appeal?.sanction?.sourceMessageId).toBe(ids[2]);
  });

  it("a report's sanction shows the report's evidence and freezes none of its own", async () => {
    const channel = await newChannel();
    const ids = await conversation(channel, 4);
    const reported = ids[2]!;
    await reportClient(t.url, t.users.otherPlayer.token).reportChatMessage({ messageId: reported, characterId: bystander, reason: ReportReason.HARASSMENT });
    const reports = reportClient(t.url, t.users.moderator.token);
    const mute = { kind: kinds.mute, scope: scopes.everywhere, characterId: rude, durationSeconds: 3600n, reason: "Harassment" };
    const counted = await totals();
    const refused = await errorOf(
      reports.resolveReportedMessage({ messageId: reported, outcome: ReportOutcome.SANCTIONED, sanction: { ...mute, sourceMessageId: reported } }),
    );
    expect(refused.code).toBe(Code.InvalidArgument);
    expect(refused.rawMessage).toMatch(/source_message_id: /);
    expect(await totals()).toEqual(counted);

    const resolved = await reports.resolveReportedMessage({ messageId: reported, outcome: ReportOutcome.SANCTIONED, sanction: mute });
    const read = await moderator.getSanction({ id: resolved.sanctionId });
    expect(read.sourceMessageId).toBe(reported);
    expect(read.evidence.map((m) => m.id)).toEqual(ids);
    expect(read.evidence[0]?.senderAccountId).toBe(t.users.player.sub);
    expect(await db().select().from(sanctionEvidence).where(eq(sanctionEvidence.sanctionId, read.id))).toEqual([]);
  });

  it("a sanction whose audit record fails leaves neither the sanction nor its evidence", async () => {
    const channel = await newChannel();
    const [source] = await conversation(channel, 1);
    const service = createSanctionService({
      store: createSanctionStore(db()),
      events: { sanctioned: async () => {}, accountBansChanged: async () => {} },
      accounts: { names: async () => new Map() },
      logger: createLogger("silent"),
      now: () => clock,
    });
    const caller: Caller = { sub: "mod-x", username: "moderator", groups: ["/Moderator"], roles: [], role: "moderator" };
    // A NUL in the request id: only the audit record holds it, and PostgreSQL refuses it after the evidence is written.
    const ctx = { values: createContextValues().set(callerKey, caller).set(requestIdKey, "bad\u0000id") } as unknown as HandlerContext;
    const counted = await totals();
    const request = create(IssueSanctionRequestSchema, {
      kind: SanctionKind.MUTE,
      scope: SanctionScope.EVERYWHERE,
      characterId: rude,
      durationSeconds: 60n,
      reason: "Spam",
      sourceMessageId: source!,
    });
    await expect(service.service.issueSanction(request, ctx)).rejects.toThrow(/insert into "audit_records"/);
    expect(await totals()).toEqual(counted);
  });
});
