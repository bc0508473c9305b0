import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ReportOutcome, ReportReason } from "../gen/sro/moderation/reports_pb.js";
import { insertChannel, insertCharacter, insertDimension } from "../test/chat-fixtures.js";
import { historyClient } from "../test/history-clients.js";
import { reportClient, storeMessage, type ReportClient } from "../test/report-fixtures.js";
import { Code, errorOf } from "../test/sanction-clients.js";
import { startTestServer, storageBackends, type TestServer } from "../test/test-server.js";

/**
 * The queue filtered to one account (the player page's "Reports", docs/moderation.md "Player reports"): the reports
 * its characters made and the ones its characters' messages received, with their outcomes, for staff only.
 */
describe.each(storageBackends)("reports of one account (%s)", (backend) => {
  let t: TestServer;
  let clock = Date.UTC(2026, 0, 1);
  let player: ReportClient, other: ReportClient, moderator: ReportClient, admin: ReportClient;
  let channel: string, mine: string, mine2: string, theirs: string, admins: string;

  beforeAll(async () => {
    t = await startTestServer({ backend, now: () => clock });
    player = reportClient(t.url, t.users.player.token);
    other = reportClient(t.url, t.users.otherPlayer.token);
    moderator = reportClient(t.url, t.users.moderator.token);
    admin = reportClient(t.url, t.users.admin.token);
    const db = t.server.database.db;
    const dim = await insertDimension(db);
    channel = await insertChannel(db, { public: true });
    mine = await insertCharacter(db, t.users.player.sub, dim);
    mine2 = await insertCharacter(db, t.users.player.sub, dim);
    theirs = await insertCharacter(db, t.users.otherPlayer.sub, dim);
    admins = await insertCharacter(db, t.users.admin.sub, dim);
  });
  afterAll(() => t?.close());

  const say = (sender: string, content: string) => storeMessage(t.server.database.db, channel, sender, (clock += 1000) - 500, content);
  const report = (client: ReportClient, messageId: string, characterId: string) =>
    client.reportChatMessage({ messageId, characterId, reason: ReportReason.SPAM, details: "" });
  const ids = (list: { messages: { message?: { id: string } }[] }) => list.messages.map((m) => m.message?.id);

  it("lists the messages an account's characters reported and the ones they sent, open and resolved, with outcomes", async () => {
    const fromOther = await say(theirs, "buy gold");
    const fromMine = await say(mine, "you are bad");
    const fromMine2 = await say(mine2, "again");
    const fromAdmin = await say(admins, "unrelated");
    await report(player, fromOther, mine2);
    await report(other, fromMine, theirs);
    await report(other, fromMine2, theirs);
    await report(player, fromAdmin, mine);
    await report(admin, fromMine, admins);
    await moderator.resolveReportedMessage({ messageId: fromMine, outcome: ReportOutcome.DISMISSED, note: "Banter" });

    const made = await moderator.listReportedMessages({ includeResolved: true, reporterAccountId: t.users.player.sub });
    // Open ones by priority then age: both spam, filed at the same moment, the lower id first.
    expect(ids(made)).toEqual([fromOther, fromAdmin]);
    expect(Number(made.total)).toBe(2);
    // Each report names its reporter's account, so the page tells the account's own reports from the others'.
    expect(made.messages[0]!.reports).toEqual([expect.objectContaining({ reporterCharacterId: mine2, reporterAccountId: t.users.player.sub })]);

    // Received: both characters' messages, the resolved one with its outcome.
    const received = await admin.listReportedMessages({ includeResolved: true, senderAccountId: t.users.player.sub });
    expect(ids(received)).toEqual([fromMine2, fromMine]);
    expect(received.messages[1]).toMatchObject({ outcome: ReportOutcome.DISMISSED, resolutionNote: "Banter" });
    expect(received.messages[1]!.reports.map((r) => r.reporterAccountId).sort()).toEqual([t.users.admin.sub, t.users.otherPlayer.sub].sort());
    // Without include_resolved, open ones only; both filters together narrow further.
    expect(ids(await admin.listReportedMessages({ senderAccountId: t.users.player.sub }))).toEqual([fromMine2]);
    const both = await admin.listReportedMessages({ includeResolved: true, senderAccountId: t.users.player.sub, reporterAccountId: t.users.admin.sub });
    expect(ids(both)).toEqual([fromMine]);
    // An account with no reports: an empty page, not an error.
    const none = await moderator.listReportedMessages({ includeResolved: true, reporterAccountId: "nobody-at-all" });
    expect(none).toMatchObject({ total: 0n, messages: [] });
  });

  it("names each sender's account: in the queue, on the reported message and its evidence, and in the history", async () => {
    const line = await say(mine, "evidence line");
    const reported = await say(theirs, "reported line");
    await report(player, reported, mine);
    const queue = await moderator.listReportedMessages({ senderAccountId: t.users.otherPlayer.sub });
    expect(queue.messages.find((m) => m.message?.id === reported)!.message).toMatchObject({ senderAccountId: t.users.otherPlayer.sub });
    const detail = await moderator.getReportedMessage({ id: reported });
    expect(detail.message?.senderAccountId).toBe(t.users.otherPlayer.sub);
    expect(detail.evidence.find((m) => m.id === line)?.senderAccountId).toBe(t.users.player.sub);
    const history = await historyClient(t.url, t.users.moderator.token).searchChatMessages({ channelId: channel, limit: 5 });
    expect(history.messages.find((m) => m.id === line)?.senderAccountId).toBe(t.users.player.sub);
  });

  it("refuses malformed filters with INVALID_ARGUMENT naming the field", async () => {
    const cases: [Parameters<ReportClient["listReportedMessages"]>[0], string][] = [
      [{ reporterAccountId: "x".repeat(256) }, "reporter_account_id"],
      [{ reporterAccountId: "bad\u0007bell" }, "reporter_account_id"],
      [{ senderAccountId: "y".repeat(256) }, "sender_account_id"],
      [{ senderAccountId: "a\u202Eb" }, "sender_account_id"],
    ];
    for (const [request, field] of cases) {
      const error = await errorOf(moderator.listReportedMessages(request));
      expect(error.code).toBe(Code.InvalidArgument);
      expect(error.rawMessage).toMatch(new RegExp(`^${field}: `));
    }
  });

  it("keeps the filtered queue to staff: a player cannot read even their own account's received reports", async () => {
    for (const client of [player, other]) {
      const error = await errorOf(client.listReportedMessages({ includeResolved: true, senderAccountId: t.users.player.sub }));
      expect(error.code).toBe(Code.PermissionDenied);
    }
  });
});
