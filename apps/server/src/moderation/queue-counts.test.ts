import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { chatHeldMessages } from "../chat/schema.js";
import { ReportOutcome, ReportReason } from "../gen/sro/moderation/reports_pb.js";
import { appealClient, insertAppeal } from "../test/appeal-fixtures.js";
import { insertChannel, insertCharacter, insertDimension } from "../test/chat-fixtures.js";
import { gameApi } from "../test/game-api.js";
import { operationsClient } from "../test/operations-fixtures.js";
import { reportClient, storeMessage } from "../test/report-fixtures.js";
import { insertSanction } from "../test/sanction-fixtures.js";
import { startTestServer, storageBackends, type TestServer, type TestUser } from "../test/test-server.js";
import { sanctionAppeals } from "./appeal-schema.js";

const MIN = 60_000;

/**
 * GetQueueCounts through the real server (docs/moderation.md "Queue counts"): each queue counts only its open items,
 * whatever else its rows went through, with the oldest open one's age; a caller gets only the queues their
 * capabilities open. An injected clock: no sleeps.
 */
describe.each(storageBackends)("queue counts (%s)", (backend) => {
  let t: TestServer;
  let clock = Date.UTC(2026, 0, 1, 12);
  const db = () => t.server.database.db;
  const countsOf = (user: TestUser) => operationsClient(t.url, user.token).getQueueCounts({});
  const figure = (open: number, oldestAgeMs: number) => ({ open, oldestAgeMs: BigInt(oldestAgeMs) });

  beforeAll(async () => {
    t = await startTestServer({ backend, now: () => clock });
  });
  afterAll(() => t?.close());

  it("answers zero for every queue staff work while none is open, and no figure to players, the banned or game servers", async () => {
    const counts = await countsOf(t.users.moderator);
    expect(counts).toMatchObject({ timeMs: BigInt(clock), reports: figure(0, 0), heldMessages: figure(0, 0), appeals: figure(0, 0) });
    for (const user of [t.users.player, t.users.banned, t.users.gameserver]) {
      const none = await countsOf(user);
      expect([none.reports, none.heldMessages, none.appeals], user.username).toEqual([undefined, undefined, undefined]);
    }
  });

  it("counts reported messages with an open report, aged by the oldest open report, until each is acted on or dismissed", async () => {
    const dim = await insertDimension(db());
    const channel = await insertChannel(db(), { public: true });
    const mine = await insertCharacter(db(), t.users.player.sub, dim);
    const theirs = await insertCharacter(db(), t.users.otherPlayer.sub, dim);
    const player = reportClient(t.url, t.users.player.token);
    const moderator = reportClient(t.url, t.users.moderator.token);
    const [a, b, c] = [
      await storeMessage(db(), channel, theirs, clock - 3000, "a"),
      await storeMessage(db(), channel, theirs, clock - 2000, "b"),
      await storeMessage(db(), channel, theirs, clock - 1000, "c"),
    ];
    for (const id of [a, b, c]) {
      await player.reportChatMessage({ messageId: id, characterId: mine, reason: ReportReason.SPAM });
      clock += 5 * MIN;
    }
    expect((await countsOf(t.users.moderator)).reports).toEqual(expect.objectContaining(figure(3, 15 * MIN)));
    expect((await countsOf(t.users.admin)).reports).toEqual(expect.objectContaining(figure(3, 15 * MIN)));

    await moderator.resolveReportedMessage({ messageId: a, outcome: ReportOutcome.DISMISSED, note: "Banter" });
    expect((await countsOf(t.users.moderator)).reports).toEqual(expect.objectContaining(figure(2, 10 * MIN)));
    await moderator.resolveReportedMessage({ messageId: b, outcome: ReportOutcome.DELETED, note: "Spam" });
    expect((await countsOf(t.users.moderator)).reports).toEqual(expect.objectContaining(figure(1, 5 * MIN)));
    await moderator.resolveReportedMessage({ messageId: c, outcome: ReportOutcome.DISMISSED, note: "Fine" });
    expect((await countsOf(t.users.moderator)).reports).toEqual(expect.objectContaining(figure(0, 0)));

    // A dismissed message reported again is open again, aged from the new report, not its first.
    await player.reportChatMessage({ messageId: a, characterId: mine, reason: ReportReason.HARASSMENT });
    clock += 2 * MIN;
    expect((await countsOf(t.users.moderator)).reports).toEqual(expect.objectContaining(figure(1, 2 * MIN)));
  });

  it("counts held messages still waiting, not the ones allowed or denied", async () => {
    const channel = await insertChannel(db(), { public: true });
    const held = (state: "held" | "allowed" | "denied", ageMs: number) =>
      db()
        .insert(chatHeldMessages)
        .values({ id: randomUUID(), channelId: channel, senderCharacterId: randomUUID(), content: state, sentAt: new Date(clock - ageMs), rule: "x", state });
    await held("held", 2 * MIN);
    await held("held", 7 * MIN);
    await held("allowed", 30 * MIN);
    await held("denied", 40 * MIN);
    expect((await countsOf(t.users.moderator)).heldMessages).toEqual(expect.objectContaining(figure(2, 7 * MIN)));
    expect((await countsOf(t.users.player)).heldMessages).toBeUndefined();
  });

  it("counts undecided appeals as the appeals queue lists them, an expired sanction's too, not decided ones", async () => {
    const account = t.users.player.sub;
    const active = await insertSanction(db(), { scope: "everywhere", accountId: account });
    const expired = await insertSanction(db(), { scope: "everywhere", accountId: account, expiresAt: new Date(clock - MIN) });
    const decided = await insertSanction(db(), { scope: "everywhere", accountId: account });
    await insertAppeal(db(), active, account, new Date(clock - 3 * MIN));
    await insertAppeal(db(), expired, account, new Date(clock - 9 * MIN));
    const done = await insertAppeal(db(), decided, account, new Date(clock - 60 * MIN));
    await db()
      .update(sanctionAppeals)
      .set({ decision: "upheld", decidedAt: new Date(clock) })
      .where(eq(sanctionAppeals.id, done));

    const counts = await countsOf(t.users.moderator);
    expect(counts.appeals).toEqual(expect.objectContaining(figure(2, 9 * MIN)));
    expect((await appealClient(t.url, t.users.moderator.token).listAppeals({})).total).toBe(2n);
    expect((await countsOf(t.users.otherPlayer)).appeals).toBeUndefined();
  });

  it("gives a custom role only the queues its capabilities open", async () => {
    const admin = t.users.admin.token;
    const api = gameApi(t.url, "connect");
    await api.ok("CreateRole", { name: "Triage", description: "Reports only", capabilities: [{ name: "reports.work", scope: "all" }] }, admin);
    await api.ok("SetRoleMapping", { groupPath: "/Triage", roles: ["Triage"] }, admin);
    const sub = randomUUID();
    const triage = { sub, username: "triage", token: await t.issuer.mint({ sub, preferred_username: "triage", groups: ["/Triage"] }) };
    const counts = await countsOf(triage);
    expect(counts.reports).toBeDefined();
    expect([counts.heldMessages, counts.appeals]).toEqual([undefined, undefined]);
  });
});
