import { randomUUID } from "node:crypto";
import { eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditRecords } from "../audit/schema.js";
import { characters } from "../character/schema.js";
import { chatMessages } from "../chat/schema.js";
import { ApprovalAction, ApprovalDecision, ApprovalState } from "../gen/sro/moderation/approvals_pb.js";
import { approvalClient } from "../test/approval-fixtures.js";
import { insertChannel, insertCharacter, insertDimension, insertMessage } from "../test/chat-fixtures.js";
import { historyClient } from "../test/history-clients.js";
import { operationsClient } from "../test/operations-fixtures.js";
import { Code, errorOf, kinds, sanctionClient, scopes } from "../test/sanction-clients.js";
import { STAFF_AMR } from "../test/test-issuer.js";
import { startTestServer, storageBackends, type TestServer, type TestUser } from "../test/test-server.js";
import { sanctions } from "./schema.js";

const HOUR = 3_600_000;
const THRESHOLD = 3;

/**
 * Four eyes through the real server (docs/moderation.md "Approvals"): a permanent account ban and a purge over the
 * threshold wait as requests; another holder approves (the action runs, audited) or rejects; never the requester;
 * once only; not after expiry (an injected clock: no sleeps).
 */
describe.each(storageBackends)("approvals (%s)", (backend) => {
  let t: TestServer;
  let clock = Date.now();
  let admin2: TestUser, moderator2: TestUser;
  let dim: string, channel: string;

  beforeAll(async () => {
    t = await startTestServer({ backend, now: () => clock, env: { PURGE_APPROVAL_THRESHOLD: String(THRESHOLD) } });
    const staff = async (username: string, groups: string[]) => {
      const sub = randomUUID();
      return { sub, username, token: await t.issuer.mint({ sub, preferred_username: username, groups, amr: STAFF_AMR }) };
    };
    admin2 = await staff("admin2", ["/Moderator", "/Moderator/Admin"]);
    moderator2 = await staff("moderator2", ["/Moderator"]);
    dim = await insertDimension(db());
    channel = await insertChannel(db(), { public: true });
  });
  afterAll(() => t?.close());

  const db = () => t.server.database.db;
  const approvals = (u: TestUser) => approvalClient(t.url, u.token);
  const auditOf = (targetId: string) => db().select().from(auditRecords).where(eq(auditRecords.targetId, targetId)).orderBy(auditRecords.id);
  const countsOf = (u: TestUser) => operationsClient(t.url, u.token).getQueueCounts({});
  const decide = (u: TestUser, approvalId: string, decision = ApprovalDecision.APPROVE, reason = "Checked the evidence") =>
    approvals(u).decideApproval({ approvalId, decision, reason });

  /** A player account with a character (so the account is known) and a permanent account ban requested by the admin. */
  async function requestBan() {
    const player = await t.newPlayer();
    await insertCharacter(db(), player.sub, dim);
    const answer = await sanctionClient(t.url, t.users.admin.token).issueSanction({
      kind: kinds.ban,
      scope: scopes.everywhere,
      accountId: player.sub,
      durationSeconds: -1n,
      reason: "Cheating",
    });
    return { player, answer, approvalId: answer.pendingApprovalId };
  }
  const bansOf = (accountId: string) => db().select().from(sanctions).where(eq(sanctions.accountId, accountId));

  it("a permanent account ban becomes a pending request: nothing issued, the answer says so, audited and counted", async () => {
    const { player, answer, approvalId } = await requestBan();
    expect(answer).toMatchObject({ id: "", active: false, accountId: player.sub, reason: "Cheating", issuedByName: "admin" });
    expect(approvalId).not.toBe("");
    expect(await bansOf(player.sub)).toEqual([]);
    const pending = await approvals(admin2).getApproval({ id: approvalId });
    expect(pending).toMatchObject({
      action: ApprovalAction.ACCOUNT_BAN,
      state: ApprovalState.PENDING,
      capability: "sanctions.account-ban",
      requestedById: t.users.admin.sub,
      reason: "Cheating",
      requestedAtMs: BigInt(clock),
      expiresAtMs: BigInt(clock + 24 * HOUR),
      sanction: { accountId: player.sub, durationSeconds: -1n },
    });
    expect((await auditOf(approvalId)).map((r) => r.action)).toEqual(["approval.request"]);
    // Counted for the other admin; not for its requester, nor for a moderator (no account-ban capability).
    expect((await countsOf(admin2)).approvals?.open).toBeGreaterThanOrEqual(1);
    expect((await countsOf(t.users.admin)).approvals?.open).toBe(0);
    expect((await countsOf(t.users.moderator)).approvals?.open).toBe(0);
    expect((await countsOf(t.users.player)).approvals).toBeUndefined();
    // A ban with an end acts at once.
    const timed = await sanctionClient(t.url, t.users.admin.token).issueSanction({
      kind: kinds.ban,
      scope: scopes.everywhere,
      accountId: player.sub,
      durationSeconds: 3600n,
      reason: "Cooling off",
    });
    expect(timed).toMatchObject({ active: true, pendingApprovalId: "" });
  });

  it("another admin approves: the ban is issued in the requester's name with the approver recorded, audited", async () => {
    const { player, approvalId } = await requestBan();
    const approved = await decide(admin2, approvalId);
    expect(approved).toMatchObject({ state: ApprovalState.APPROVED, decidedById: admin2.sub, decisionReason: "Checked the evidence" });
    const [ban] = await bansOf(player.sub);
    expect(ban).toMatchObject({ id: approved.sanctionId, issuedById: t.users.admin.sub, approvedById: admin2.sub, approvedByName: "admin2", expiresAt: null });
    expect((await sanctionClient(t.url, admin2.token).getSanction({ id: ban!.id })).approvedByName).toBe("admin2");
    expect((await auditOf(approvalId)).map((r) => [r.action, r.actorId])).toEqual([
      ["approval.request", t.users.admin.sub],
      ["approval.approve", admin2.sub],
    ]);
    expect((await auditOf(ban!.id)).map((r) => r.action)).toEqual(["sanction.issue"]);
    // Decided once: a second decision is refused and changes nothing.
    for (const decision of [ApprovalDecision.APPROVE, ApprovalDecision.REJECT]) {
      expect((await errorOf(decide(admin2, approvalId, decision))).code).toBe(Code.FailedPrecondition);
    }
    expect(await bansOf(player.sub)).toHaveLength(1);
  });

  it("the requester cannot decide their own request, either way", async () => {
    const { player, approvalId } = await requestBan();
    for (const decision of [ApprovalDecision.APPROVE, ApprovalDecision.REJECT]) {
      const refused = await errorOf(decide(t.users.admin, approvalId, decision));
      expect(refused.code).toBe(Code.PermissionDenied);
      expect(refused.rawMessage).toBe("permission denied: you requested this action; another holder of sanctions.account-ban decides it");
    }
    expect((await approvals(admin2).getApproval({ id: approvalId })).state).toBe(ApprovalState.PENDING);
    expect(await bansOf(player.sub)).toEqual([]);
  });

  it("a rejection changes nothing else and is final", async () => {
    const { player, approvalId } = await requestBan();
    const rejected = await decide(admin2, approvalId, ApprovalDecision.REJECT, "Not enough evidence");
    expect(rejected).toMatchObject({ state: ApprovalState.REJECTED, decisionReason: "Not enough evidence", sanctionId: "" });
    expect(await bansOf(player.sub)).toEqual([]);
    expect((await auditOf(approvalId)).map((r) => r.action)).toEqual(["approval.request", "approval.reject"]);
    expect((await errorOf(decide(admin2, approvalId))).code).toBe(Code.FailedPrecondition);
    expect(await bansOf(player.sub)).toEqual([]);
  });

  it("an undecided request expires: shown as expired, not listed as pending, never decided", async () => {
    const { player, approvalId } = await requestBan();
    clock += 24 * HOUR;
    try {
      expect((await approvals(admin2).getApproval({ id: approvalId })).state).toBe(ApprovalState.EXPIRED);
      expect((await approvals(admin2).listApprovals({})).approvals.map((a) => a.id)).not.toContain(approvalId);
      expect((await approvals(admin2).listApprovals({ includeDecided: true })).approvals.map((a) => a.id)).toContain(approvalId);
      const refused = await errorOf(decide(admin2, approvalId));
      expect(refused.code).toBe(Code.FailedPrecondition);
      expect(refused.rawMessage).toMatch(/is expired/);
      expect(await bansOf(player.sub)).toEqual([]);
    } finally {
      clock -= 24 * HOUR;
    }
  });

  it("checks input and who may see or decide: players refused, moderators do not see account bans", async () => {
    const { approvalId } = await requestBan();
    for (const [call, field] of [
      [() => decide(admin2, approvalId, ApprovalDecision.APPROVE, "  "), "reason"],
      [() => decide(admin2, approvalId, ApprovalDecision.APPROVE, "x".repeat(501)), "reason"],
      [() => decide(admin2, approvalId, ApprovalDecision.UNSPECIFIED), "decision"],
      [() => decide(admin2, "nope"), "approval_id"],
    ] as const) {
      const error = await errorOf(call());
      expect(error.code).toBe(Code.InvalidArgument);
      expect(error.rawMessage).toMatch(new RegExp(`^${field}: `));
    }
    expect((await errorOf(approvals(t.users.player).listApprovals({}))).code).toBe(Code.PermissionDenied);
    expect((await errorOf(decide(t.users.player, approvalId))).code).toBe(Code.PermissionDenied);
    expect((await errorOf(approvals(t.users.moderator).getApproval({ id: approvalId }))).code).toBe(Code.NotFound);
    expect((await errorOf(decide(t.users.moderator, approvalId))).code).toBe(Code.NotFound);
    expect((await approvals(t.users.moderator).listApprovals({})).approvals.map((a) => a.id)).not.toContain(approvalId);
    expect((await approvals(admin2).getApproval({ id: approvalId })).state).toBe(ApprovalState.PENDING);
  });

  it("approving needs a recent sign-in, as the action itself does", async () => {
    const { approvalId } = await requestBan();
    const stale = await t.issuer.mint({
      sub: admin2.sub,
      preferred_username: "admin2",
      groups: ["/Moderator", "/Moderator/Admin"],
      amr: STAFF_AMR,
      auth_time: Math.floor(Date.now() / 1000) - 3600,
    });
    const refused = await errorOf(approvalClient(t.url, stale).decideApproval({ approvalId, decision: ApprovalDecision.APPROVE, reason: "ok" }));
    expect(refused.code).toBe(Code.PermissionDenied);
    expect(refused.rawMessage).toMatch(/^step-up required/);
    expect((await approvals(admin2).getApproval({ id: approvalId })).state).toBe(ApprovalState.PENDING);
  });

  describe("purges", () => {
    async function characterWith(messages: number): Promise<{ character: string; ids: string[] }> {
      const owner = await t.newPlayer();
      const character = await insertCharacter(db(), owner.sub, dim);
      const ids: string[] = [];
      for (let i = 0; i < messages; i++) ids.push(await insertMessage(db(), channel, character, clock - (messages - i) * 1000, `line ${i}`));
      return { character, ids };
    }
    const live = async (ids: string[]) =>
      (
        await db()
          .select({ id: chatMessages.id, deletedAt: chatMessages.deletedAt })
          .from(chatMessages)
          .where(inArray(chatMessages.id, ids.map(Number)))
      ).filter((m) => m.deletedAt === null).length;

    it("up to the threshold acts at once; above it waits for another holder, who runs it", async () => {
      const small = await characterWith(THRESHOLD);
      const now = await historyClient(t.url, t.users.moderator.token).purgeChatMessages({ characterId: small.character, reason: "Spam" });
      expect(now).toMatchObject({ count: BigInt(THRESHOLD), pendingApprovalId: "" });

      const big = await characterWith(THRESHOLD + 2);
      const pending = await historyClient(t.url, t.users.moderator.token).purgeChatMessages({ characterId: big.character, reason: "Spam flood" });
      expect(pending).toMatchObject({ count: 0n, messageIds: [] });
      expect(await live(big.ids)).toBe(THRESHOLD + 2);
      const request = await approvals(moderator2).getApproval({ id: pending.pendingApprovalId });
      const [character] = await db().select({ name: characters.name }).from(characters).where(eq(characters.id, big.character));
      expect(request).toMatchObject({
        action: ApprovalAction.PURGE,
        // The request names the player, not the id, for the one who decides.
        subjectName: character!.name,
        capability: "chat-history.purge",
        messageCount: BigInt(THRESHOLD + 2),
        purge: { characterId: big.character, reason: "Spam flood" },
      });
      expect((await countsOf(moderator2)).approvals?.open).toBe(1);
      expect((await errorOf(decide(t.users.moderator, request.id))).code).toBe(Code.PermissionDenied);

      const approved = await decide(moderator2, request.id);
      expect(approved).toMatchObject({ state: ApprovalState.APPROVED, purgedCount: BigInt(THRESHOLD + 2), moreRemain: false });
      expect(await live(big.ids)).toBe(0);
      const purgeAudit = await auditOf(big.character);
      expect(purgeAudit.map((r) => [r.action, r.actorId])).toEqual([["chat-message.purge", moderator2.sub]]);
      expect((await countsOf(moderator2)).approvals?.open).toBe(0);
    });
  });
});
