import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditRecords } from "../audit/schema.js";
import { AppealDecision, AppealReason } from "../gen/sro/moderation/appeals_pb.js";
import { appealClaimClient, appealClient, insertAppeal, type AppealClaimClient, type AppealClient } from "../test/appeal-fixtures.js";
import { gameApi } from "../test/game-api.js";
import { rest } from "../test/rest-client.js";
import { Code, errorOf } from "../test/sanction-clients.js";
import { insertSanction } from "../test/sanction-fixtures.js";
import { startTestServer, storageBackends, type TestServer } from "../test/test-server.js";
import { CLAIM_IDLE_MS } from "./triage-rules.js";

const MINUTE = 60_000;

/**
 * Claims on appeals through the real server (docs/moderation.md "Triage"): the reports' rule (queue-claims.ts) on
 * the appeals queue, for whoever may decide appeals; the lapse on an injected clock; never shown to the player.
 */
describe.each(storageBackends)("appeal claims (%s)", (backend) => {
  let t: TestServer;
  let clock = Date.UTC(2026, 3, 1);
  let admin: AppealClient, modClaims: AppealClaimClient, adminClaims: AppealClaimClient;

  beforeAll(async () => {
    t = await startTestServer({ backend, now: () => clock });
    admin = appealClient(t.url, t.users.admin.token);
    modClaims = appealClaimClient(t.url, t.users.moderator.token);
    adminClaims = appealClaimClient(t.url, t.users.admin.token);
  });
  afterAll(() => t?.close());

  const db = () => t.server.database.db;
  /** An open appeal of the player's active mute (issued by the system, so either staff member may decide it). */
  async function openAppeal(): Promise<string> {
    const sanctionId = await insertSanction(db(), {
      kind: "mute",
      scope: "everywhere",
      accountId: t.users.player.sub,
      expiresAt: new Date(clock + 86_400_000),
    });
    return insertAppeal(db(), sanctionId, t.users.player.sub, new Date(clock));
  }
  const inQueue = async (id: string) => (await admin.listAppeals({ limit: 200 })).appeals.find((a) => a.id === id);

  it("claims: others see the holder and cannot take or release it; it lapses when idle; deciding ends it; audited", async () => {
    const id = await openAppeal();
    const claimed = await modClaims.claimAppeal({ id });
    expect(claimed.claim).toMatchObject({ holderName: "moderator", claimedAtMs: BigInt(clock), lapsesAtMs: BigInt(clock + CLAIM_IDLE_MS) });
    expect(claimed.triage?.reasons).toContain("Account mute");
    expect((await inQueue(id))?.claim?.holderName).toBe("moderator");
    expect((await admin.getAppeal({ id })).appeal?.claim?.holderName).toBe("moderator");

    const taken = await errorOf(adminClaims.claimAppeal({ id }));
    expect(taken.code).toBe(Code.FailedPrecondition);
    expect(taken.rawMessage).toBe(`appeal ${id} is claimed by moderator`);
    expect((await errorOf(adminClaims.releaseAppealClaim({ id }))).rawMessage).toBe(`appeal ${id} is claimed by moderator`);

    // The holder acting again renews it; idle for CLAIM_IDLE_MS it lapses and another may claim.
    clock += 10 * MINUTE;
    await modClaims.claimAppeal({ id });
    clock += 10 * MINUTE;
    expect((await errorOf(adminClaims.claimAppeal({ id }))).code).toBe(Code.FailedPrecondition);
    clock += 5 * MINUTE;
    expect((await inQueue(id))?.claim).toBeUndefined();
    expect((await adminClaims.claimAppeal({ id })).claim?.holderName).toBe("admin");
    expect((await errorOf(modClaims.claimAppeal({ id }))).rawMessage).toBe(`appeal ${id} is claimed by admin`);

    // Releasing one's own; releasing nothing changes nothing.
    expect((await adminClaims.releaseAppealClaim({ id })).claim).toBeUndefined();
    expect((await adminClaims.releaseAppealClaim({ id })).claim).toBeUndefined();

    await modClaims.claimAppeal({ id });
    const decided = await admin.decideAppeal({ appealId: id, decision: AppealDecision.UPHELD, reason: "The rules were clear" });
    expect(decided.appeal?.claim).toBeUndefined();
    const closed = await errorOf(modClaims.claimAppeal({ id }));
    expect(closed.code).toBe(Code.FailedPrecondition);
    expect(closed.rawMessage).toBe(`appeal ${id} is already decided`);

    const ofThis = await db().select({ action: auditRecords.action }).from(auditRecords).where(eq(auditRecords.targetId, id)).orderBy(auditRecords.id);
    expect(ofThis.map((r) => r.action)).toEqual(["appeal.claim", "appeal.claim", "appeal.claim", "appeal.release", "appeal.claim", "appeal.decide"]);
  });

  it("never shows the player who works their appeal", async () => {
    const player = appealClient(t.url, t.users.player.token);
    const sanctionId = await insertSanction(db(), {
      kind: "mute",
      scope: "everywhere",
      accountId: t.users.player.sub,
      expiresAt: new Date(clock + 86_400_000),
    });
    const filed = await player.fileAppeal({ sanctionId, reason: AppealReason.OTHER, text: "Please look again" });
    expect(filed.claim).toBeUndefined();
    await modClaims.claimAppeal({ id: filed.id });
    const mine = (await player.getMyAppeals({})).appeals.find((a) => a.id === filed.id);
    expect(mine?.claim).toBeUndefined();
    expect(JSON.stringify((await rest(t.url, "GET", "/v1/account/appeals", { token: t.users.player.token })).json)).not.toContain("moderator");
  });

  it("refuses bad ids, unknown appeals, and every caller without appeals.decide; speaks REST", async () => {
    expect((await errorOf(modClaims.claimAppeal({ id: "x" }))).rawMessage).toMatch(/^id: /);
    const missing = randomUUID();
    const notFound = await errorOf(modClaims.claimAppeal({ id: missing }));
    expect([notFound.code, notFound.rawMessage]).toEqual([Code.NotFound, `appeal ${missing} not found`]);
    expect((await errorOf(modClaims.releaseAppealClaim({ id: missing }))).code).toBe(Code.NotFound);

    const id = await openAppeal();
    for (const user of [t.users.player, t.users.banned, t.users.gameserver]) {
      const client = appealClaimClient(t.url, user.token);
      expect((await errorOf(client.claimAppeal({ id }))).code).toBe(Code.PermissionDenied);
      expect((await errorOf(client.releaseAppealClaim({ id }))).code).toBe(Code.PermissionDenied);
    }
    // A custom role that reads the appeals but does not decide them may not claim one.
    const api = gameApi(t.url, "connect");
    await api.ok(
      "CreateRole",
      { name: "AppealReader", description: "Reads appeals", capabilities: [{ name: "appeals.read", scope: "all" }] },
      t.users.admin.token,
    );
    await api.ok("SetRoleMapping", { groupPath: "/AppealReader", roles: ["AppealReader"] }, t.users.admin.token);
    const sub = randomUUID();
    const reader = await t.issuer.mint({ sub, preferred_username: "reader", groups: ["/AppealReader"] });
    expect((await appealClient(t.url, reader).listAppeals({})).appeals.length).toBeGreaterThan(0);
    const refused = await errorOf(appealClaimClient(t.url, reader).claimAppeal({ id }));
    expect(refused.code).toBe(Code.PermissionDenied);
    expect((await inQueue(id))?.claim).toBeUndefined();

    const claimed = await rest(t.url, "POST", `/v1/appeals/id/${id}/claim`, { token: t.users.moderator.token });
    expect(claimed.status).toBe(200);
    expect(claimed.json.claim).toMatchObject({ holderName: "moderator" });
    expect(claimed.json.triage).toMatchObject({ priority: expect.stringMatching(/^TRIAGE_PRIORITY_/) });
    expect((await rest(t.url, "POST", `/v1/appeals/id/${id}/claim`, { token: t.users.admin.token })).status).toBe(412);
    expect((await rest(t.url, "POST", `/v1/appeals/id/${id}/release`, { token: t.users.moderator.token })).status).toBe(200);
  });
});
