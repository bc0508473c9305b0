import { and, eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PERMANENT_BAN_WAITS } from "./report-service.js";
import { auditRecords } from "../audit/schema.js";
import { chatMessages } from "../chat/schema.js";
import { ReportOutcome, ReportReason } from "../gen/sro/moderation/reports_pb.js";
import { insertChannel, insertCharacter, insertDimension } from "../test/chat-fixtures.js";
import { reportClient, storeMessage, type ReportClient } from "../test/report-fixtures.js";
import { Code, errorOf, kinds, scopes } from "../test/sanction-clients.js";
import { rest } from "../test/rest-client.js";
import { startTestServer, storageBackends, type TestServer, type TestUser } from "../test/test-server.js";
import { chatReports } from "./report-schema.js";
import { sanctions } from "./schema.js";

const HOUR = 60 * 60_000;

/**
 * Player reports through the real server (docs/moderation.md "Player reports"): who may report what, the frozen
 * evidence, the queue, each resolution with its audit records, and every role's access. An injected clock: no sleeps.
 */
describe.each(storageBackends)("player reports (%s)", (backend) => {
  let t: TestServer;
  let clock = Date.UTC(2026, 0, 1);
  let player: ReportClient, other: ReportClient, moderator: ReportClient, admin: ReportClient;
  let dim: string, channel: string, mine: string, theirs: string, theirs2: string;

  beforeAll(async () => {
    t = await startTestServer({ backend, now: () => clock });
    player = reportClient(t.url, t.users.player.token);
    other = reportClient(t.url, t.users.otherPlayer.token);
    moderator = reportClient(t.url, t.users.moderator.token);
    admin = reportClient(t.url, t.users.admin.token);
    dim = await insertDimension(db());
    channel = await insertChannel(db(), { public: true });
    mine = await insertCharacter(db(), t.users.player.sub, dim);
    theirs = await insertCharacter(db(), t.users.otherPlayer.sub, dim);
    theirs2 = await insertCharacter(db(), t.users.otherPlayer.sub, dim);
  });
  afterAll(() => t?.close());

  const db = () => t.server.database.db;
  /** `count` messages on a channel, one per second before the clock, alternating senders; their ids, oldest first. */
  async function conversation(channelId: string, count: number, senders: string[] = [theirs, mine]): Promise<string[]> {
    const ids: string[] = [];
    for (let i = 0; i < count; i++) ids.push(await storeMessage(db(), channelId, senders[i % senders.length]!, clock - (count - i) * 1000, `line ${i}`));
    return ids;
  }
  const report = (client: ReportClient, messageId: string, characterId = mine, reason = ReportReason.HARASSMENT, details = "") =>
    client.reportChatMessage({ messageId, characterId, reason, details });
  const auditOf = (targetId: string) => db().select().from(auditRecords).where(eq(auditRecords.targetId, targetId)).orderBy(auditRecords.id);

  describe("filing a report", () => {
    it("refuses bad input with INVALID_ARGUMENT naming the field", async () => {
      const [id] = await conversation(channel, 1);
      const cases: [() => Promise<unknown>, string][] = [
        [() => report(player, "abc"), "message_id"],
        [() => report(player, ""), "message_id"],
        [() => report(player, id!, "not-a-uuid"), "character_id"],
        [() => report(player, id!, mine, ReportReason.UNSPECIFIED), "reason"],
        [() => report(player, id!, mine, 42 as ReportReason), "reason"],
        [() => report(player, id!, mine, ReportReason.SPAM, "x".repeat(501)), "details"],
        [() => report(player, id!, mine, ReportReason.SPAM, "bad\u0007bell"), "details"],
      ];
      for (const [call, field] of cases) {
        const error = await errorOf(call());
        expect(error.code).toBe(Code.InvalidArgument);
        expect(error.rawMessage).toMatch(new RegExp(`^${field}: `));
      }
      // 500 characters is fine.
      await expect(report(player, id!, mine, ReportReason.SPAM, "y".repeat(500))).resolves.toMatchObject({ details: "y".repeat(500) });
    });

    it("refuses another user's character with PERMISSION_DENIED", async () => {
      const [id] = await conversation(channel, 1, [theirs]);
      const error = await errorOf(report(player, id!, theirs2));
      expect(error.code).toBe(Code.PermissionDenied);
      // Staff too report only as their own characters.
      expect((await errorOf(report(moderator, id!, mine))).code).toBe(Code.PermissionDenied);
    });

    it("answers an unknown message and one of a channel the character cannot read with the same NOT_FOUND", async () => {
      const secret = await insertChannel(db(), { public: false });
      const [hidden] = await conversation(secret, 1, [theirs]);
      const unknown = await errorOf(report(player, "999999999"));
      const unreadable = await errorOf(report(player, hidden!));
      expect(unknown.code).toBe(Code.NotFound);
      expect(unreadable.code).toBe(Code.NotFound);
      expect(unreadable.rawMessage.replace(hidden!, "ID")).toBe(unknown.rawMessage.replace("999999999", "ID"));
      // A public channel of another dimension is unreadable too.
      const elsewhere = await insertChannel(db(), { public: true, dimensionId: await insertDimension(db()) });
      const [far] = await conversation(elsewhere, 1, [theirs]);
      expect((await errorOf(report(player, far!))).code).toBe(Code.NotFound);
    });

    it("refuses reporting one's own message", async () => {
      const [own] = await conversation(channel, 1, [mine]);
      const error = await errorOf(report(player, own!));
      expect(error.code).toBe(Code.FailedPrecondition);
      expect(error.rawMessage).toContain("your own message");
    });

    it("files one open report per reporter character per message: a repeat returns the first", async () => {
      const [id] = await conversation(channel, 1, [theirs]);
      const first = await report(player, id!, mine, ReportReason.SPAM, "  buy gold  ");
      expect(first).toMatchObject({
        messageId: id,
        reporterCharacterId: mine,
        reason: ReportReason.SPAM,
        details: "buy gold",
        outcome: ReportOutcome.UNSPECIFIED,
      });
      expect(first.messageContent).toBe("line 0");
      const again = await report(player, id!, mine, ReportReason.HATE);
      expect(again.id).toBe(first.id);
      expect(again.reason).toBe(ReportReason.SPAM);
      const rows = await db()
        .select()
        .from(chatReports)
        .where(eq(chatReports.messageId, Number(id)));
      expect(rows).toHaveLength(1);
      expect(await auditOf(first.id)).toMatchObject([{ action: "chat-report.create", actorName: "player" }]);
    });

    it("limits an account to 20 reports an hour with RESOURCE_EXHAUSTED", async () => {
      const reporter: TestUser = await t.newPlayer("reporter");
      const client = reportClient(t.url, reporter.token);
      const character = await insertCharacter(db(), reporter.sub, dim);
      const ids = await conversation(channel, 22, [theirs]);
      for (const id of ids.slice(0, 20)) await report(client, id, character);
      const refused = await errorOf(report(client, ids[20]!, character));
      expect(refused.code).toBe(Code.ResourceExhausted);
      expect(refused.rawMessage).toContain("20 per hour");
      // A repeat of an open report is not a new one: still answered.
      await expect(report(client, ids[0]!, character)).resolves.toBeDefined();
      clock += HOUR + 1;
      await expect(report(client, ids[21]!, character)).resolves.toBeDefined();
    });
  });

  describe("evidence", () => {
    it("freezes 10 messages before, the message and 9 after at the first report, unchanged by later messages and deletion", async () => {
      const room = await insertChannel(db(), { public: true });
      const ids = await conversation(room, 30);
      const target = ids[14]!; // sent by `theirs`
      await report(player, target);
      const detail = await moderator.getReportedMessage({ id: target });
      expect(detail.evidence.map((m) => m.id)).toEqual(ids.slice(4, 24));
      expect(detail.evidence[10]).toMatchObject({ id: target, content: "line 14", channelId: room, senderId: theirs });
      expect(detail.message).toMatchObject({ id: target, content: "line 14", channelId: room });
      expect(detail.message?.channelName).toMatch(/^chan-/);

      await storeMessage(db(), room, theirs, clock, "later");
      await db()
        .update(chatMessages)
        .set({ content: "edited" })
        .where(eq(chatMessages.id, Number(ids[13])));
      await db()
        .delete(chatMessages)
        .where(eq(chatMessages.id, Number(target)));
      await report(reportClient(t.url, t.users.admin.token), target, await insertCharacter(db(), t.users.admin.sub, dim)).catch(() => undefined);
      const after = await moderator.getReportedMessage({ id: target });
      expect(after.evidence).toEqual(detail.evidence);
      expect(after.message?.content).toBe("line 14");
    });

    it("takes more after the message when the channel has fewer before it", async () => {
      const room = await insertChannel(db(), { public: true });
      const ids = await conversation(room, 25);
      await report(player, ids[2]!);
      const detail = await moderator.getReportedMessage({ id: ids[2]! });
      expect(detail.evidence.map((m) => m.id)).toEqual(ids.slice(0, 20));
    });
  });

  describe("the queue", () => {
    it("groups reports by message, by priority then age, open ones unless asked", async () => {
      const room = await insertChannel(db(), { public: true });
      const [a, b] = await conversation(room, 2, [theirs]);
      clock += 1000;
      await report(player, a!, mine, ReportReason.SPAM);
      clock += 1000;
      await report(player, b!, mine, ReportReason.HATE);
      clock += 1000;
      const admins = await insertCharacter(db(), t.users.admin.sub, dim);
      await report(admin, a!, admins, ReportReason.HARASSMENT, "again");

      const queue = await moderator.listReportedMessages({});
      const ours = queue.messages.filter((m) => m.message?.channelId === room);
      expect(ours.map((m) => m.message?.id)).toEqual([a, b]);
      expect(ours[0]!.reports.map((r) => r.reason)).toEqual([ReportReason.HARASSMENT, ReportReason.SPAM]);
      expect(ours[0]!.latestReportMs).toBe(BigInt(clock));
      // Both high (hate; harassment with two reporters): the older first (moderation/report-triage.test.ts has the rest).
      expect(ours.map((m) => m.triage?.reasons[0])).toEqual(["Harassment", "Hate speech"]);

      await moderator.resolveReportedMessage({ messageId: b!, outcome: ReportOutcome.DISMISSED, note: "Banter" });
      const open = await moderator.listReportedMessages({});
      expect(open.messages.map((m) => m.message?.id)).not.toContain(b);
      const all = await moderator.listReportedMessages({ includeResolved: true });
      expect(all.messages.find((m) => m.message?.id === b)).toMatchObject({
        outcome: ReportOutcome.DISMISSED,
        resolutionNote: "Banter",
        resolvedByName: "moderator",
      });
      expect(Number(all.total)).toBeGreaterThan(Number(open.total));
      expect((await errorOf(moderator.listReportedMessages({ limit: 500 }))).rawMessage).toMatch(/^limit: /);
    });

    it("answers NOT_FOUND for a message nobody reported and INVALID_ARGUMENT for a malformed id", async () => {
      const [quiet] = await conversation(channel, 1, [theirs]);
      expect((await errorOf(moderator.getReportedMessage({ id: quiet! }))).code).toBe(Code.NotFound);
      expect((await errorOf(moderator.getReportedMessage({ id: "x" }))).rawMessage).toMatch(/^id: /);
    });
  });

  describe("resolving", () => {
    /** A message of `theirs` reported by the player and by the admin: two open reports. */
    async function reported(): Promise<string> {
      const [id] = await conversation(channel, 1, [theirs]);
      await report(player, id!);
      await report(admin, id!, await insertCharacter(db(), t.users.admin.sub, dim), ReportReason.SPAM);
      return id!;
    }
    const resolutionAudit = async (id: string) => (await auditOf(id)).filter((r) => r.action === "reported-message.resolve");

    it("dismisses: every open report closes, audited with before and after; the reporter sees 'no action'", async () => {
      const id = await reported();
      const resolved = await moderator.resolveReportedMessage({ messageId: id, outcome: ReportOutcome.DISMISSED, note: "Not a violation" });
      expect(resolved.outcome).toBe(ReportOutcome.DISMISSED);
      expect(resolved.reports.every((r) => r.outcome === ReportOutcome.DISMISSED && r.resolvedAtMs === BigInt(clock))).toBe(true);
      const [record] = await resolutionAudit(id);
      expect(record).toMatchObject({
        actorName: "moderator",
        before: { openReports: 2, outcome: null },
        after: { openReports: 0, outcome: "dismissed", resolutionNote: "Not a violation" },
      });
      const mineNow = await player.getMyReports({});
      expect(mineNow.reports.find((r) => r.messageId === id)?.outcome).toBe(ReportOutcome.DISMISSED);
      // Nothing left to resolve.
      expect((await errorOf(moderator.resolveReportedMessage({ messageId: id, outcome: ReportOutcome.DISMISSED, note: "again" }))).code).toBe(
        Code.FailedPrecondition,
      );
      // A note is required for a dismissal.
      const next = await reported();
      expect((await errorOf(moderator.resolveReportedMessage({ messageId: next, outcome: ReportOutcome.DISMISSED }))).rawMessage).toMatch(/^note: /);
      expect((await errorOf(moderator.resolveReportedMessage({ messageId: next, outcome: ReportOutcome.UNSPECIFIED, note: "x" }))).rawMessage).toMatch(
        /^outcome: /,
      );
    });

    it("deletes the message in the same step, audited; the evidence keeps its text", async () => {
      const id = await reported();
      const resolved = await moderator.resolveReportedMessage({ messageId: id, outcome: ReportOutcome.DELETED, note: "Slur" });
      expect(resolved.outcome).toBe(ReportOutcome.DELETED);
      expect(resolved.message?.content).toBe("line 0");
      const [tombstone] = await db()
        .select()
        .from(chatMessages)
        .where(eq(chatMessages.id, Number(id)));
      expect(tombstone).toMatchObject({ content: "", deletedAt: new Date(clock) });
      expect((await auditOf(id)).map((r) => r.action).sort()).toEqual(["chat-message.delete", "reported-message.resolve"]);
      expect((await player.getMyReports({})).reports.find((r) => r.messageId === id)?.outcome).toBe(ReportOutcome.DELETED);
      // A deleted message cannot be reported again.
      expect((await errorOf(report(player, id))).code).toBe(Code.NotFound);
    });

    it("sanctions the sender in the same transaction; only admins issue account bans; the subject must be the sender", async () => {
      const id = await reported();
      const mute = { kind: kinds.mute, scope: scopes.channel, scopeId: channel, characterId: theirs, durationSeconds: 3600n, reason: "Harassment" };
      const wrong = await errorOf(
        moderator.resolveReportedMessage({ messageId: id, outcome: ReportOutcome.SANCTIONED, sanction: { ...mute, characterId: mine } }),
      );
      expect(wrong.code).toBe(Code.InvalidArgument);
      expect(wrong.rawMessage).toMatch(/^sanction: /);
      const accountBan = { kind: kinds.ban, scope: scopes.everywhere, accountId: t.users.otherPlayer.sub, durationSeconds: -1n, reason: "Hate" };
      const denied = await errorOf(moderator.resolveReportedMessage({ messageId: id, outcome: ReportOutcome.SANCTIONED, sanction: accountBan }));
      expect(denied.code).toBe(Code.PermissionDenied);
      expect(await db().select().from(sanctions).where(eq(sanctions.accountId, t.users.otherPlayer.sub))).toEqual([]);
      expect(await resolutionAudit(id)).toEqual([]);

      const resolved = await moderator.resolveReportedMessage({ messageId: id, outcome: ReportOutcome.SANCTIONED, sanction: mute });
      expect(resolved).toMatchObject({ outcome: ReportOutcome.SANCTIONED, resolutionNote: "Harassment" });
      const [issued] = await db().select().from(sanctions).where(eq(sanctions.id, resolved.sanctionId));
      expect(issued).toMatchObject({ kind: "mute", characterId: theirs, scopeId: channel, issuedByName: "moderator" });
      const sanctionAudit = await auditOf(resolved.sanctionId);
      const [resolution] = await resolutionAudit(id);
      expect(sanctionAudit).toMatchObject([{ action: "sanction.issue" }]);
      expect(resolution).toMatchObject({ after: { sanctionId: resolved.sanctionId, outcome: "sanctioned" } });
      expect(resolution!.at).toEqual(sanctionAudit[0]!.at);
      expect((await player.getMyReports({})).reports.find((r) => r.messageId === id)?.outcome).toBe(ReportOutcome.SANCTIONED);
      // The message stays.
      expect(
        await db()
          .select()
          .from(chatMessages)
          .where(eq(chatMessages.id, Number(id))),
      ).toHaveLength(1);
    });

    it("lets an admin resolve with an account ban", async () => {
      const offender = await t.newPlayer("offender");
      const [id] = await conversation(channel, 1, [await insertCharacter(db(), offender.sub, dim)]);
      await report(player, id!);
      const ban = { kind: kinds.ban, scope: scopes.everywhere, accountId: offender.sub, durationSeconds: 60n, reason: "Hate" };
      const resolved = await admin.resolveReportedMessage({ messageId: id!, outcome: ReportOutcome.SANCTIONED, sanction: ban });
      const [issued] = await db().select().from(sanctions).where(eq(sanctions.id, resolved.sanctionId));
      expect(issued).toMatchObject({ kind: "ban", scope: "everywhere", characterId: null, accountId: offender.sub, issuedByName: "admin" });
    });

    it("refuses a permanent account ban, which waits for another admin's approval: nothing issued, the report open", async () => {
      const offender = await t.newPlayer("lifer");
      const [id] = await conversation(channel, 1, [await insertCharacter(db(), offender.sub, dim)]);
      await report(player, id!);
      const ban = { kind: kinds.ban, scope: scopes.everywhere, accountId: offender.sub, durationSeconds: -1n, reason: "Hate" };
      const refused = await errorOf(admin.resolveReportedMessage({ messageId: id!, outcome: ReportOutcome.SANCTIONED, sanction: ban }));
      expect(refused.code).toBe(Code.FailedPrecondition);
      expect(refused.rawMessage).toBe(PERMANENT_BAN_WAITS);
      expect(await db().select().from(sanctions).where(eq(sanctions.accountId, offender.sub))).toEqual([]);
      expect((await admin.getReportedMessage({ id: id! })).outcome).toBe(ReportOutcome.UNSPECIFIED);
    });
  });

  describe("access per role", () => {
    it("lets players report and read their own reports; staff read and resolve the queue; banned and game servers nothing else", async () => {
      const [id] = await conversation(channel, 1, [theirs]);
      await report(player, id!);
      const banned = reportClient(t.url, t.users.banned.token);
      const gameserver = reportClient(t.url, t.users.gameserver.token);
      const anonymous = reportClient(t.url, "");
      for (const client of [player, other, banned, gameserver]) {
        expect((await errorOf(client.listReportedMessages({}))).code).toBe(Code.PermissionDenied);
        expect((await errorOf(client.getReportedMessage({ id: id! }))).code).toBe(Code.PermissionDenied);
        expect((await errorOf(client.resolveReportedMessage({ messageId: id!, outcome: ReportOutcome.DISMISSED, note: "x" }))).code).toBe(
          Code.PermissionDenied,
        );
      }
      expect((await errorOf(report(banned, id!))).code).toBe(Code.PermissionDenied);
      expect((await errorOf(gameserver.getMyReports({}))).code).toBe(Code.PermissionDenied);
      expect((await errorOf(anonymous.getMyReports({}))).code).toBe(Code.Unauthenticated);
      expect((await banned.getMyReports({})).reports).toEqual([]);
      // Another player sees none of the player's reports.
      const others = await other.getMyReports({});
      expect(others.reports.map((r) => r.messageId)).not.toContain(id);
      expect((await player.getMyReports({})).reports.find((r) => r.messageId === id)).toMatchObject({
        reporterCharacterId: mine,
        outcome: ReportOutcome.UNSPECIFIED,
      });
      await expect(moderator.listReportedMessages({})).resolves.toBeDefined();
      await expect(admin.getReportedMessage({ id: id! })).resolves.toBeDefined();
    });
  });

  it("speaks REST: file, list, resolve and read back, with 400 naming the field and 404 for an unknown message", async () => {
    const [id] = await conversation(channel, 1, [theirs]);
    const filed = await rest(t.url, "POST", "/v1/reports", {
      token: t.users.player.token,
      body: { messageId: id, characterId: mine, reason: "REPORT_REASON_SPAM" },
    });
    expect(filed.status).toBe(200);
    expect(filed.json).toMatchObject({ messageId: id, reason: "REPORT_REASON_SPAM" });
    const bad = await rest(t.url, "POST", "/v1/reports", {
      token: t.users.player.token,
      body: { messageId: id, characterId: mine, reason: "REPORT_REASON_SPAM", details: "x".repeat(501) },
    });
    expect(bad.status).toBe(400);
    expect(bad.json.message).toMatch(/^details: /);
    const missing = await rest(t.url, "GET", "/v1/reported-messages/id/999999999", { token: t.users.moderator.token });
    expect(missing.status).toBe(404);
    expect((await rest(t.url, "GET", "/v1/reported-messages", { token: t.users.moderator.token })).json.messages.length).toBeGreaterThan(0);
    const resolved = await rest(t.url, "POST", `/v1/reported-messages/id/${id}/resolve`, {
      token: t.users.moderator.token,
      body: { outcome: "REPORT_OUTCOME_DISMISSED", note: "Fine" },
    });
    expect(resolved.status).toBe(200);
    const mineNow = await rest(t.url, "GET", "/v1/account/reports", { token: t.users.player.token });
    expect(mineNow.json.reports.find((r: { messageId: string }) => r.messageId === id)).toMatchObject({ outcome: "REPORT_OUTCOME_DISMISSED" });
    expect((await rest(t.url, "GET", "/v1/reported-messages", { token: t.users.player.token })).status).toBe(403);
  });

  it("keeps open reports of one message apart from its earlier resolution", async () => {
    const [id] = await conversation(channel, 1, [theirs]);
    await report(player, id!);
    await moderator.resolveReportedMessage({ messageId: id!, outcome: ReportOutcome.DISMISSED, note: "ok" });
    clock += 1000;
    const again = await report(player, id!, mine, ReportReason.OTHER);
    expect(again.outcome).toBe(ReportOutcome.UNSPECIFIED);
    const detail = await moderator.getReportedMessage({ id: id! });
    expect(detail.outcome).toBe(ReportOutcome.UNSPECIFIED);
    expect(detail.reports.map((r) => r.outcome)).toEqual([ReportOutcome.UNSPECIFIED, ReportOutcome.DISMISSED]);
    const rows = await db()
      .select()
      .from(chatReports)
      .where(and(eq(chatReports.messageId, Number(id)), inArray(chatReports.outcome, ["dismissed"])));
    expect(rows).toHaveLength(1);
  });
});
