import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditRecords } from "../audit/schema.js";
import { ReportOutcome, ReportReason, type ReportedMessage } from "../gen/sro/moderation/reports_pb.js";
import { TriagePriority } from "../gen/sro/moderation/triage_pb.js";
import { insertChannel, insertCharacter, insertDimension } from "../test/chat-fixtures.js";
import { reportClaimClient, reportClient, storeMessage, type ReportClaimClient, type ReportClient } from "../test/report-fixtures.js";
import { rest } from "../test/rest-client.js";
import { Code, errorOf } from "../test/sanction-clients.js";
import { startTestServer, storageBackends, type TestServer } from "../test/test-server.js";
import { sanctions } from "./schema.js";
import { CLAIM_IDLE_MS } from "./triage-rules.js";

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/**
 * The triaged reports queue through the real server (docs/moderation.md "Triage"): priority and its why from the
 * reasons, the reporters, their track record and the sender's history; the order; SLA lateness; claims and their
 * lapse on an injected clock.
 */
describe.each(storageBackends)("triaged reports queue (%s)", (backend) => {
  let t: TestServer;
  let clock = Date.UTC(2026, 2, 1);
  let moderator: ReportClient, admin: ReportClient, modClaims: ReportClaimClient, adminClaims: ReportClaimClient;
  let dim: string, senderSub: string;

  beforeAll(async () => {
    t = await startTestServer({ backend, now: () => clock });
    moderator = reportClient(t.url, t.users.moderator.token);
    admin = reportClient(t.url, t.users.admin.token);
    modClaims = reportClaimClient(t.url, t.users.moderator.token);
    adminClaims = reportClaimClient(t.url, t.users.admin.token);
    dim = await insertDimension(db());
    senderSub = t.users.otherPlayer.sub;
  });
  afterAll(() => t?.close());

  const db = () => t.server.database.db;
  /** A fresh reporter: a new account with a character in the dimension. */
  async function reporter(): Promise<{ client: ReportClient; character: string; sub: string }> {
    const user = await t.newPlayer(`r${randomUUID().slice(0, 8)}`);
    return { client: reportClient(t.url, user.token), character: await insertCharacter(db(), user.sub, dim), sub: user.sub };
  }
  /** A message of the sender's (a new character of theirs) on a new public channel. */
  async function message(sender = senderSub): Promise<{ id: string; channel: string }> {
    const channel = await insertChannel(db(), { public: true });
    const character = await insertCharacter(db(), sender, dim);
    return { id: await storeMessage(db(), channel, character, clock - 1000, "a line"), channel };
  }
  const report = (r: { client: ReportClient; character: string }, messageId: string, reason: ReportReason) =>
    r.client.reportChatMessage({ messageId, characterId: r.character, reason, details: "" });
  const entry = async (id: string): Promise<ReportedMessage> =>
    (await moderator.listReportedMessages({ limit: 200 })).messages.find((m) => m.message?.id === id)!;

  it("ranks by priority then age and says why; the sender's recent sanctions and the reporters' record count", async () => {
    const [a, b, c] = [await reporter(), await reporter(), await reporter()];
    const quiet = await t.newPlayer("quiet");
    const spamOld = await message(quiet.sub);
    await report(a, spamOld.id, ReportReason.SPAM);
    clock += MINUTE;
    const spamNew = await message(quiet.sub);
    await report(a, spamNew.id, ReportReason.SPAM);
    const other = await message(quiet.sub);
    await report(b, other.id, ReportReason.OTHER);
    const hate = await message(quiet.sub);
    for (const r of [a, b, c]) await report(r, hate.id, ReportReason.HATE);

    const queue = await moderator.listReportedMessages({ limit: 200 });
    const ours = queue.messages.filter((m) => [spamOld.id, spamNew.id, other.id, hate.id].includes(m.message!.id));
    expect(ours.map((m) => m.message?.id)).toEqual([hate.id, spamOld.id, spamNew.id, other.id]);
    expect(ours[0]!.triage).toMatchObject({ priority: TriagePriority.URGENT, reasons: ["Hate speech", "3 distinct reporters"], late: false });
    expect(ours[0]!.triage!.dueAtMs).toBe(BigInt(clock + HOUR));
    expect(ours.map((m) => m.triage?.priority)).toEqual([TriagePriority.URGENT, TriagePriority.NORMAL, TriagePriority.NORMAL, TriagePriority.LOW]);
    const levels = queue.messages.map((m) => m.triage!.priority);
    expect(levels).toEqual([...levels].sort((x, y) => x - y));

    // Two sanctions of the sender's account in 30 days (one older does not count): +2.
    const sanction = (issuedAtMs: number) => ({
      id: randomUUID(),
      kind: "mute",
      scope: "everywhere",
      accountId: quiet.sub,
      issuedAt: new Date(issuedAtMs),
      expiresAt: new Date(issuedAtMs + HOUR),
      reason: "Spam",
      issuedById: "mod",
      issuedByName: "moderator",
    });
    await db()
      .insert(sanctions)
      .values([sanction(clock - DAY), sanction(clock - 2 * DAY), sanction(clock - 31 * DAY)]);
    expect((await entry(spamNew.id)).triage).toMatchObject({ priority: TriagePriority.HIGH, reasons: ["Spam", "sender sanctioned 2× in 30 days"] });

    // A reporter whose 3 past reports led to no action: −1, and said.
    for (const m of [spamOld, other, hate]) await moderator.resolveReportedMessage({ messageId: m.id, outcome: ReportOutcome.DISMISSED, note: "No" });
    const again = await message(t.users.player.sub);
    await report(b, again.id, ReportReason.SPAM);
    expect((await entry(again.id)).triage).toMatchObject({ priority: TriagePriority.NORMAL, reasons: ["Spam"] });
    const third = await message(t.users.player.sub);
    await report(b, third.id, ReportReason.SPAM);
    await moderator.resolveReportedMessage({ messageId: third.id, outcome: ReportOutcome.DISMISSED, note: "No" });
    expect((await entry(again.id)).triage).toMatchObject({
      priority: TriagePriority.LOW,
      reasons: ["Spam", "reporters' reports led to action 0% of the time"],
    });
  });

  it("marks what is past its SLA target late; resolved ones carry no triage", async () => {
    const [a, b, c] = [await reporter(), await reporter(), await reporter()];
    const m = await message();
    for (const r of [a, b, c]) await report(r, m.id, ReportReason.HATE);
    clock += HOUR + 1;
    expect((await entry(m.id)).triage?.late).toBe(true);
    expect((await moderator.getReportedMessage({ id: m.id })).triage).toMatchObject({ priority: TriagePriority.URGENT, late: true });
    await moderator.resolveReportedMessage({ messageId: m.id, outcome: ReportOutcome.DISMISSED, note: "Old" });
    const resolved = await moderator.getReportedMessage({ id: m.id });
    expect(resolved.triage).toBeUndefined();
    const all = await moderator.listReportedMessages({ includeResolved: true, limit: 200 });
    const openCount = all.messages.filter((x) => x.outcome === ReportOutcome.UNSPECIFIED).length;
    // Open ones first, then resolved.
    expect(all.messages.slice(0, openCount).every((x) => x.triage !== undefined)).toBe(true);
    expect(all.messages.slice(openCount).every((x) => x.triage === undefined)).toBe(true);
  });

  it("claims: others see the holder and cannot take or release it; it lapses when idle; resolving ends it; audited", async () => {
    const m = await message();
    await report(await reporter(), m.id, ReportReason.SPAM);
    const claimed = await modClaims.claimReportedMessage({ id: m.id });
    expect(claimed.claim).toMatchObject({ holderName: "moderator", claimedAtMs: BigInt(clock), lapsesAtMs: BigInt(clock + CLAIM_IDLE_MS) });
    expect((await admin.listReportedMessages({ limit: 200 })).messages.find((x) => x.message?.id === m.id)?.claim?.holderName).toBe("moderator");

    const taken = await errorOf(adminClaims.claimReportedMessage({ id: m.id }));
    expect(taken.code).toBe(Code.FailedPrecondition);
    expect(taken.rawMessage).toBe(`chat message ${m.id} is claimed by moderator`);
    expect((await errorOf(adminClaims.releaseReportedMessageClaim({ id: m.id }))).rawMessage).toContain("claimed by moderator");

    // The holder acting again renews it; idle for CLAIM_IDLE_MS it lapses and another may claim.
    clock += 10 * MINUTE;
    await modClaims.claimReportedMessage({ id: m.id });
    clock += 10 * MINUTE;
    expect((await errorOf(adminClaims.claimReportedMessage({ id: m.id }))).code).toBe(Code.FailedPrecondition);
    clock += 5 * MINUTE;
    expect((await entry(m.id)).claim).toBeUndefined();
    expect((await adminClaims.claimReportedMessage({ id: m.id })).claim?.holderName).toBe("admin");
    expect((await errorOf(modClaims.claimReportedMessage({ id: m.id }))).rawMessage).toContain("claimed by admin");

    // Releasing one's own; releasing nothing changes nothing.
    expect((await adminClaims.releaseReportedMessageClaim({ id: m.id })).claim).toBeUndefined();
    expect((await adminClaims.releaseReportedMessageClaim({ id: m.id })).claim).toBeUndefined();

    await modClaims.claimReportedMessage({ id: m.id });
    const done = await admin.resolveReportedMessage({ messageId: m.id, outcome: ReportOutcome.DISMISSED, note: "Fine" });
    expect(done.claim).toBeUndefined();
    const closed = await errorOf(modClaims.claimReportedMessage({ id: m.id }));
    expect(closed.code).toBe(Code.FailedPrecondition);
    expect(closed.rawMessage).toContain("no open report");

    const ofThis = await db().select({ action: auditRecords.action }).from(auditRecords).where(eq(auditRecords.targetId, m.id)).orderBy(auditRecords.id);
    expect(ofThis.map((r) => r.action)).toEqual([
      "reported-message.claim",
      "reported-message.claim",
      "reported-message.claim",
      "reported-message.release",
      "reported-message.claim",
      "reported-message.resolve",
    ]);
  });

  it("refuses bad ids, unknown messages, and every caller but staff; speaks REST", async () => {
    expect((await errorOf(modClaims.claimReportedMessage({ id: "x" }))).rawMessage).toMatch(/^id: /);
    expect((await errorOf(modClaims.claimReportedMessage({ id: "999999999" }))).code).toBe(Code.NotFound);
    const m = await message();
    await report(await reporter(), m.id, ReportReason.SPAM);
    for (const user of [t.users.player, t.users.banned, t.users.gameserver]) {
      const client = reportClaimClient(t.url, user.token);
      expect((await errorOf(client.claimReportedMessage({ id: m.id }))).code).toBe(Code.PermissionDenied);
      expect((await errorOf(client.releaseReportedMessageClaim({ id: m.id }))).code).toBe(Code.PermissionDenied);
    }
    const claimed = await rest(t.url, "POST", `/v1/reported-messages/id/${m.id}/claim`, { token: t.users.moderator.token });
    expect(claimed.status).toBe(200);
    expect(claimed.json.claim).toMatchObject({ holderName: "moderator" });
    expect(claimed.json.triage).toMatchObject({ priority: "TRIAGE_PRIORITY_NORMAL", reasons: ["Spam"] });
    expect((await rest(t.url, "POST", `/v1/reported-messages/id/${m.id}/claim`, { token: t.users.admin.token })).status).toBe(412);
    expect((await rest(t.url, "POST", `/v1/reported-messages/id/${m.id}/release`, { token: t.users.moderator.token })).status).toBe(200);
  });
});
