import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditRecords } from "../audit/schema.js";
import { TriagePriority } from "../gen/sro/moderation/triage_pb.js";
import { AppealDecision, AppealReason } from "../gen/sro/moderation/appeals_pb.js";
import { groups, userGroups, users } from "../identity/schema.js";
import { appealClient, type AppealClient } from "../test/appeal-fixtures.js";
import { insertCharacter, insertDimension } from "../test/chat-fixtures.js";
import { Code, errorOf, kinds, sanctionClient, scopes, type SanctionClient } from "../test/sanction-clients.js";
import { startTestServer, storageBackends, type TestServer } from "../test/test-server.js";
import { sanctionAppeals } from "./appeal-schema.js";
import { reportEvidence, reportedMessages } from "./report-schema.js";
import { SanctionScope } from "../gen/sro/moderation/moderation_pb.js";

const HOUR = 60 * 60_000;

/**
 * Appeals through the real server (docs/moderation.md "Appeals"): filing once per own active sanction, the queue,
 * each decision through the sanction service with its audit records, the issuer rule, and what the player sees.
 * An injected clock: no sleeps.
 */
describe.each(storageBackends)("appeals (%s)", (backend) => {
  let t: TestServer;
  let clock = Date.UTC(2026, 0, 1);
  let player: AppealClient, other: AppealClient, moderator: AppealClient, admin: AppealClient;
  let modSanctions: SanctionClient, adminSanctions: SanctionClient, playerSanctions: SanctionClient;
  let character: string;

  beforeAll(async () => {
    t = await startTestServer({ backend, now: () => clock });
    player = appealClient(t.url, t.users.player.token);
    other = appealClient(t.url, t.users.otherPlayer.token);
    moderator = appealClient(t.url, t.users.moderator.token);
    admin = appealClient(t.url, t.users.admin.token);
    modSanctions = sanctionClient(t.url, t.users.moderator.token);
    adminSanctions = sanctionClient(t.url, t.users.admin.token);
    playerSanctions = sanctionClient(t.url, t.users.player.token);
    character = await insertCharacter(db(), t.users.player.sub, await insertDimension(db()));
  });
  afterAll(() => t?.close());

  const db = () => t.server.database.db;
  const auditOf = (targetId: string) => db().select().from(auditRecords).where(eq(auditRecords.targetId, targetId)).orderBy(auditRecords.id);
  /** A mute of the player's character for `hours`, issued by the moderator (or `by`). */
  const mute = async (hours = 24, by = modSanctions) =>
    (await by.issueSanction({ kind: kinds.mute, scope: scopes.everywhere, characterId: character, durationSeconds: BigInt(hours * 3600), reason: "Spam" })).id;
  const file = (sanctionId: string, client = player, text = "I was quoting someone", reason = AppealReason.CONTEXT) =>
    client.fileAppeal({ sanctionId, reason, text });
  /** Another enabled account of the embedded provider in `path` (who else may decide). */
  async function staffAccount(path: string): Promise<string> {
    const id = randomUUID();
    await db()
      .insert(users)
      .values({ id, username: `staff-${id.slice(0, 8)}`, email: `${id}@example.test`, passwordHash: "x" });
    await db()
      .insert(groups)
      .values({ id: randomUUID(), name: path.split("/").at(-1)!, path })
      .onConflictDoNothing();
    const [group] = await db().select().from(groups).where(eq(groups.path, path));
    await db().insert(userGroups).values({ userId: id, groupId: group!.id });
    return id;
  }

  describe("filing", () => {
    it("refuses bad input with INVALID_ARGUMENT naming the field, and writes nothing", async () => {
      const id = await mute();
      const cases: [() => Promise<unknown>, string][] = [
        [() => file("not-a-uuid"), "sanction_id"],
        [() => player.fileAppeal({ sanctionId: id, reason: AppealReason.UNSPECIFIED, text: "x" }), "reason"],
        [() => player.fileAppeal({ sanctionId: id, reason: 9 as AppealReason, text: "x" }), "reason"],
        [() => file(id, player, "   "), "text"],
        [() => file(id, player, "x".repeat(1001)), "text"],
        [() => file(id, player, "bad\u0007bell"), "text"],
        [() => file(id, player, "flip\u202eme"), "text"],
      ];
      for (const [call, field] of cases) {
        const error = await errorOf(call());
        expect(error.code).toBe(Code.InvalidArgument);
        expect(error.rawMessage).toMatch(new RegExp(`^${field}: `));
      }
      expect((await player.getMyAppeals({})).appeals.filter((a) => a.sanctionId === id)).toEqual([]);
      await expect(file(id, player, "y".repeat(1000))).resolves.toMatchObject({ text: "y".repeat(1000) });
    });

    it("answers someone else's sanction and a missing one with the same NOT_FOUND", async () => {
      const id = await mute();
      const foreign = await errorOf(file(id, other));
      const missing = await errorOf(file(randomUUID(), other));
      expect(foreign.code).toBe(Code.NotFound);
      expect(missing.code).toBe(Code.NotFound);
      expect(foreign.rawMessage.replace(id, "X")).toBe(missing.rawMessage.replace(/[0-9a-f-]{36}/, "X"));
      // Staff appeal only their own sanctions too.
      expect((await errorOf(file(id, moderator))).code).toBe(Code.NotFound);
    });

    it("takes one appeal per active sanction, audited, and refuses an ended one", async () => {
      const id = await mute();
      const filed = await file(id);
      expect(filed).toMatchObject({ sanctionId: id, accountId: t.users.player.sub, reason: AppealReason.CONTEXT, decision: AppealDecision.UNSPECIFIED });
      expect(filed.sanction?.issuedByName).toBe("");
      const again = await errorOf(file(id, player, "Another try"));
      expect(again.code).toBe(Code.AlreadyExists);
      expect((await auditOf(filed.id)).map((r) => [r.action, r.actorId])).toEqual([["appeal.file", t.users.player.sub]]);

      const revoked = await mute();
      await modSanctions.revokeSanction({ id: revoked, reason: "Mistake" });
      expect((await errorOf(file(revoked))).code).toBe(Code.FailedPrecondition);
      const short = await mute(1);
      clock += 2 * HOUR;
      expect((await errorOf(file(short))).code).toBe(Code.FailedPrecondition);
    });
  });

  describe("the queue", () => {
    it("lists open appeals first, oldest first, with their sanction; decided ones on request", async () => {
      const [a, b] = [await mute(), await mute()];
      const first = await file(a);
      clock += 1000;
      const second = await file(b);
      const open = await moderator.listAppeals({});
      const ids = open.appeals.map((x) => x.id);
      expect(ids.indexOf(first.id)).toBeLessThan(ids.indexOf(second.id));
      expect(open.appeals.every((x) => x.decision === AppealDecision.UNSPECIFIED)).toBe(true);
      expect(open.appeals.find((x) => x.id === first.id)?.sanction).toMatchObject({ id: a, issuedByName: "moderator", reason: "Spam" });

      await admin.decideAppeal({ appealId: first.id, decision: AppealDecision.UPHELD, reason: "Clear spam" });
      expect((await moderator.listAppeals({})).appeals.map((x) => x.id)).not.toContain(first.id);
      const all = (await moderator.listAppeals({ includeDecided: true })).appeals;
      expect(all.findIndex((x) => x.id === second.id)).toBeLessThan(all.findIndex((x) => x.id === first.id));
      expect((await errorOf(moderator.listAppeals({ limit: 201 }))).rawMessage).toMatch(/^limit: /);
    });

    it("ranks open appeals by priority then age, each with its why and SLA; decided ones carry none", async () => {
      // A week's mute everywhere: normal; a permanent ban everywhere: high, first though filed later.
      const week = await file(await mute(24 * 7));
      clock += 1000;
      const ban = await modSanctions.issueSanction({
        kind: kinds.ban,
        scope: scopes.everywhere,
        characterId: character,
        durationSeconds: -1n,
        reason: "Cheating",
      });
      const banAppeal = await file(ban.id);
      const open = (await moderator.listAppeals({ limit: 200 })).appeals;
      const ids = open.map((x) => x.id);
      expect(ids.indexOf(banAppeal.id)).toBeLessThan(ids.indexOf(week.id));
      expect(open.find((x) => x.id === banAppeal.id)?.triage).toMatchObject({
        priority: TriagePriority.HIGH,
        reasons: ["Ban", "everywhere", "permanent"],
        dueAtMs: BigInt(clock + 4 * 60 * 60_000),
        late: false,
      });
      expect(open.find((x) => x.id === week.id)?.triage).toMatchObject({ priority: TriagePriority.NORMAL, reasons: ["Mute", "everywhere"] });
      const levels = open.map((x) => x.triage!.priority);
      expect(levels).toEqual([...levels].sort((x, y) => x - y));
      clock += 4 * 60 * 60_000 + 1;
      expect((await moderator.listAppeals({ limit: 200 })).appeals.find((x) => x.id === banAppeal.id)?.triage?.late).toBe(true);
      await admin.decideAppeal({ appealId: banAppeal.id, decision: AppealDecision.UPHELD, reason: "Clear" });
      const all = (await moderator.listAppeals({ includeDecided: true, limit: 200 })).appeals;
      expect(all.find((x) => x.id === banAppeal.id)?.triage).toBeUndefined();
    });

    it("lists one account's appeals, decided ones too, newest first (the player page)", async () => {
      const otherCharacter = await insertCharacter(db(), t.users.otherPlayer.sub, await insertDimension(db()));
      const otherMute = await modSanctions.issueSanction({
        kind: kinds.mute,
        scope: scopes.everywhere,
        characterId: otherCharacter,
        durationSeconds: 3600n,
        reason: "Spam",
      });
      const others = await file(otherMute.id, other);
      clock += 1000;
      const older = await file(await mute());
      await admin.decideAppeal({ appealId: older.id, decision: AppealDecision.UPHELD, reason: "Clear spam" });
      clock += 1000;
      const newer = await file(await mute());

      const page = await moderator.listAppeals({ accountId: t.users.player.sub, includeDecided: true });
      const ids = page.appeals.map((x) => x.id);
      expect(ids).not.toContain(others.id);
      expect(page.appeals.every((x) => x.accountId === t.users.player.sub)).toBe(true);
      expect(ids.indexOf(newer.id)).toBeLessThan(ids.indexOf(older.id));
      expect(Number(page.total)).toBe(page.appeals.length);
      expect((await moderator.listAppeals({ accountId: t.users.player.sub })).appeals.map((x) => x.id)).not.toContain(older.id);
      expect((await moderator.listAppeals({ accountId: t.users.otherPlayer.sub, includeDecided: true })).appeals.map((x) => x.id)).toEqual([others.id]);
      for (const bad of ["x".repeat(256), "a\u0000b"]) {
        const error = await errorOf(moderator.listAppeals({ accountId: bad }));
        expect(error.code).toBe(Code.InvalidArgument);
        expect(error.rawMessage).toMatch(/^account_id: /);
      }
    });

    it("shows one appeal with the report's frozen evidence and the player's other sanctions", async () => {
      const earlier = await mute();
      const id = await mute();
      const appeal = await file(id);
      const messageId = Date.now() % 1_000_000_000;
      await db()
        .insert(reportedMessages)
        .values({
          messageId,
          channelId: randomUUID(),
          channelName: "general",
          senderCharacterId: character,
          senderName: "Rude",
          content: "the reported line",
          sentAt: new Date(clock),
          firstReportAt: new Date(clock),
          latestReportAt: new Date(clock),
          sanctionId: id,
        });
      await db()
        .insert(reportEvidence)
        .values({
          reportedMessageId: messageId,
          position: 0,
          messageId,
          senderCharacterId: character,
          senderName: "Rude",
          content: "the reported line",
          sentAt: new Date(clock),
        });
      const detail = await moderator.getAppeal({ id: appeal.id });
      expect(detail.appeal?.sanction?.id).toBe(id);
      expect(detail.reportedMessageId).toBe(String(messageId));
      expect(detail.evidence.map((m) => m.content)).toEqual(["the reported line"]);
      expect(detail.history.map((s) => s.id)).toContain(earlier);
      expect(detail.history.map((s) => s.id)).not.toContain(id);
      expect((await errorOf(moderator.getAppeal({ id: randomUUID() }))).code).toBe(Code.NotFound);
    });
  });

  describe("deciding", () => {
    it("refuses bad decisions with INVALID_ARGUMENT naming the field, and changes nothing", async () => {
      const id = await mute(24);
      const appeal = await file(id);
      const end = clock + 24 * HOUR;
      const cases: [Parameters<AppealClient["decideAppeal"]>[0], string][] = [
        [{ appealId: "x", decision: AppealDecision.UPHELD, reason: "ok" }, "appeal_id"],
        [{ appealId: appeal.id, decision: AppealDecision.UNSPECIFIED, reason: "ok" }, "decision"],
        [{ appealId: appeal.id, decision: AppealDecision.UPHELD, reason: "" }, "reason"],
        [{ appealId: appeal.id, decision: AppealDecision.UPHELD, reason: "x".repeat(501) }, "reason"],
        [{ appealId: appeal.id, decision: AppealDecision.UPHELD, reason: "ok", newExpiresAtMs: BigInt(end - HOUR) }, "new_expires_at_ms"],
        [{ appealId: appeal.id, decision: AppealDecision.SHORTENED, reason: "ok" }, "new_expires_at_ms"],
        [{ appealId: appeal.id, decision: AppealDecision.SHORTENED, reason: "ok", newExpiresAtMs: BigInt(clock - 1) }, "new_expires_at_ms"],
        [{ appealId: appeal.id, decision: AppealDecision.SHORTENED, reason: "ok", newExpiresAtMs: BigInt(end) }, "new_expires_at_ms"],
        [{ appealId: appeal.id, decision: AppealDecision.SHORTENED, reason: "ok", newExpiresAtMs: BigInt(end + HOUR) }, "new_expires_at_ms"],
      ];
      for (const [request, field] of cases) {
        const error = await errorOf(admin.decideAppeal(request));
        expect(error.code).toBe(Code.InvalidArgument);
        expect(error.rawMessage).toMatch(new RegExp(`^${field}: `));
      }
      const detail = await admin.getAppeal({ id: appeal.id });
      expect(detail.appeal?.decision).toBe(AppealDecision.UNSPECIFIED);
      expect(Number(detail.appeal?.sanction?.expiresAtMs)).toBe(end);
      expect((await errorOf(admin.decideAppeal({ appealId: randomUUID(), decision: AppealDecision.UPHELD, reason: "ok" }))).code).toBe(Code.NotFound);
    });

    it("shortens through the sanction service: new end, both audit records, once", async () => {
      const id = await mute(24);
      const appeal = await file(id);
      const newEnd = clock + 2 * HOUR;
      const decided = await admin.decideAppeal({
        appealId: appeal.id,
        decision: AppealDecision.SHORTENED,
        reason: "First time",
        newExpiresAtMs: BigInt(newEnd),
      });
      expect(decided.appeal).toMatchObject({ decision: AppealDecision.SHORTENED, decisionReason: "First time", decidedByName: "admin" });
      expect(Number(decided.appeal?.sanction?.expiresAtMs)).toBe(newEnd);
      expect(Number((await adminSanctions.getSanction({ id })).expiresAtMs)).toBe(newEnd);
      expect((await auditOf(id)).map((r) => r.action)).toEqual(["sanction.issue", "sanction.shorten"]);
      expect((await auditOf(appeal.id)).map((r) => r.action)).toEqual(["appeal.file", "appeal.decide"]);
      const twice = await errorOf(admin.decideAppeal({ appealId: appeal.id, decision: AppealDecision.REVOKED, reason: "Again" }));
      expect(twice.code).toBe(Code.FailedPrecondition);
      expect((await adminSanctions.getSanction({ id })).revokedAtMs).toBe(0n);
    });

    it("revokes through the sanction service; the player sees the outcome and reason, never the decider", async () => {
      const id = await mute(24);
      const appeal = await file(id);
      await admin.decideAppeal({ appealId: appeal.id, decision: AppealDecision.REVOKED, reason: "Misread the context" });
      const sanction = await adminSanctions.getSanction({ id });
      expect(sanction).toMatchObject({ active: false, revokeReason: "Misread the context", revokedByName: "admin" });
      expect((await auditOf(id)).map((r) => r.action)).toEqual(["sanction.issue", "sanction.revoke"]);
      const mine = (await player.getMyAppeals({})).appeals.find((a) => a.id === appeal.id)!;
      expect(mine).toMatchObject({ decision: AppealDecision.REVOKED, decisionReason: "Misread the context", decidedById: "", decidedByName: "" });
      expect(mine.sanction).toMatchObject({ active: false, revokedById: "", revokedByName: "", issuedById: "", issuedByName: "" });
      expect(JSON.stringify(mine, (_, v: unknown) => (typeof v === "bigint" ? String(v) : v))).not.toContain(t.users.admin.sub);
      expect((await playerSanctions.getMySanctions({})).sanctions.find((s) => s.id === id)?.active).toBe(false);
    });

    it("upholds without touching the sanction", async () => {
      const id = await mute(24);
      const appeal = await file(id);
      await moderator.decideAppeal({ appealId: appeal.id, decision: AppealDecision.UPHELD, reason: "The rules were clear" });
      expect((await adminSanctions.getSanction({ id })).active).toBe(true);
      expect((await auditOf(id)).map((r) => r.action)).toEqual(["sanction.issue"]);
    });

    it("lets the issuer decide only while no other account holds appeals.decide", async () => {
      const alone = await file(await mute(24, modSanctions));
      // No other account of the provider holds the capability yet: the issuer decides.
      await expect(moderator.decideAppeal({ appealId: alone.id, decision: AppealDecision.UPHELD, reason: "Stands" })).resolves.toBeDefined();

      await staffAccount("/Moderator");
      const mine = await file(await mute(24, modSanctions));
      const refused = await errorOf(moderator.decideAppeal({ appealId: mine.id, decision: AppealDecision.REVOKED, reason: "Mine" }));
      expect(refused.code).toBe(Code.PermissionDenied);
      expect(refused.rawMessage).toMatch(/you issued this sanction/);
      expect((await admin.getAppeal({ id: mine.id })).appeal?.decision).toBe(AppealDecision.UNSPECIFIED);
      await expect(admin.decideAppeal({ appealId: mine.id, decision: AppealDecision.REVOKED, reason: "Another look" })).resolves.toBeDefined();
    });

    it("leaves account bans to admins, counting only other admins against the issuer, and lifts the gate on revoking", async () => {
      const ban = await adminSanctions.issueSanction({
        kind: kinds.ban,
        scope: SanctionScope.EVERYWHERE,
        accountId: t.users.player.sub,
        durationSeconds: BigInt(3600),
        reason: "Fraud",
      });
      // A banned account's every rpc is refused with the ban (docs/moderation.md): the appeal is written for it.
      expect((await errorOf(file(ban.id))).code).toBe(Code.PermissionDenied);
      const appealId = randomUUID();
      await db()
        .insert(sanctionAppeals)
        .values({ id: appealId, sanctionId: ban.id, accountId: t.users.player.sub, reason: "not-me", text: "Not me", filedAt: new Date(clock) });
      const denied = await errorOf(moderator.decideAppeal({ appealId, decision: AppealDecision.REVOKED, reason: "Ok" }));
      expect(denied.code).toBe(Code.PermissionDenied);
      // The other staff account is a moderator, who may not change an account ban: the issuing admin decides.
      await admin.decideAppeal({ appealId, decision: AppealDecision.REVOKED, reason: "Not them" });
      // The gate is lifted: the tokens revoked with the ban stay revoked, a new sign-in works (docs/moderation.md).
      const fresh = appealClient(
        t.url,
        await t.issuer.mint({ sub: t.users.player.sub, preferred_username: "player", groups: ["/Player"], iat: Math.floor(Date.now() / 1000) + 2 }),
      );
      expect((await fresh.getMyAppeals({})).appeals.find((a) => a.id === appealId)?.decision).toBe(AppealDecision.REVOKED);

      await staffAccount("/Moderator/Admin");
      await insertCharacter(db(), t.users.otherPlayer.sub, await insertDimension(db()));
      const again = await adminSanctions.issueSanction({
        kind: kinds.ban,
        scope: SanctionScope.EVERYWHERE,
        accountId: t.users.otherPlayer.sub,
        durationSeconds: 3600n,
        reason: "Fraud",
      });
      const second = randomUUID();
      await db()
        .insert(sanctionAppeals)
        .values({ id: second, sanctionId: again.id, accountId: t.users.otherPlayer.sub, reason: "not-me", text: "Not me", filedAt: new Date(clock) });
      expect((await errorOf(admin.decideAppeal({ appealId: second, decision: AppealDecision.UPHELD, reason: "Stands" }))).rawMessage).toMatch(/you issued/);
    });
  });
});
