import { create } from "@bufbuild/protobuf";
import { createContextValues, type HandlerContext } from "@connectrpc/connect";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditRecords } from "../audit/schema.js";
import { chatMessages } from "../chat/schema.js";
import { SanctionKind, SanctionScope } from "../gen/sro/moderation/moderation_pb.js";
import { ReportChatMessageRequestSchema, ReportOutcome, ReportReason, ResolveReportedMessageRequestSchema } from "../gen/sro/moderation/reports_pb.js";
import { callerKey, grantKey, requestIdKey, type Caller } from "../platform/auth/caller.js";
import type { Database } from "../platform/db/database.js";
import { createLogger } from "../platform/logger.js";
import { insertChannel, insertCharacter, insertDimension } from "../test/chat-fixtures.js";
import { messageDeletionFor, storeMessage } from "../test/report-fixtures.js";
import { openTestDatabase, storageBackends } from "../test/test-server.js";
import { chatReports, reportedMessages } from "./report-schema.js";
import { createReportService } from "./report-service.js";
import { createReportTriageStore } from "./report-triage-store.js";
import { createReportStore, type ReportStore } from "./report-store.js";
import { createSanctionService } from "./sanction-service.js";
import { createSanctionStore } from "./sanction-store.js";
import { sanctions } from "./schema.js";

/**
 * A resolution is one transaction: the reports closing, the sanction or the deletion, and every audit record. When
 * any step fails nothing of it stays — no sanction, no deletion, no record, the reports still open.
 */
describe.each(storageBackends)("a report's resolution is one transaction (%s)", (backend) => {
  let database: Database;
  let close: () => Promise<void>;
  const logger = createLogger("silent");
  const ctxOf = (caller: Caller, requestId = "req-1"): HandlerContext =>
    ({ values: createContextValues().set(callerKey, caller).set(grantKey, "own").set(requestIdKey, requestId) }) as unknown as HandlerContext;
  const player: Caller = { sub: "player-1", username: "player", groups: [], roles: [], role: "player" };
  const moderator: Caller = { sub: "mod-1", username: "moderator", groups: ["/Moderator"], roles: [], role: "moderator" };

  function service(store: ReportStore = createReportStore(database.db)) {
    const sanctionService = createSanctionService({
      store: createSanctionStore(database.db),
      events: { sanctioned: async () => {}, accountBansChanged: async () => {} },
      accounts: { names: async () => new Map() },
      logger,
    });
    return createReportService({
      store,
      triage: createReportTriageStore(database.db),
      readAccess: { requireRead: async () => ({}) },
      sanctions: sanctionService.issuer,
      messages: messageDeletionFor(database.db),
      logger,
    });
  }

  beforeAll(async () => {
    ({ database, close } = await openTestDatabase(backend));
  });
  afterAll(() => close?.());

  /** A message of another account's character, reported by the player. */
  async function reported(): Promise<{ messageId: string; sender: string; channel: string }> {
    const dim = await insertDimension(database.db);
    const channel = await insertChannel(database.db, { public: true });
    const sender = await insertCharacter(database.db, "other-1", dim);
    const reporter = await insertCharacter(database.db, player.sub, dim);
    const messageId = await storeMessage(database.db, channel, sender, Date.now() - 1000, "rude");
    await service().reportChatMessage(
      create(ReportChatMessageRequestSchema, { messageId, characterId: reporter, reason: ReportReason.HARASSMENT }),
      ctxOf(player),
    );
    return { messageId, sender, channel };
  }
  async function expectUntouched(messageId: string) {
    const [row] = await database.db
      .select()
      .from(reportedMessages)
      .where(eq(reportedMessages.messageId, Number(messageId)));
    expect(row).toMatchObject({ openReports: 1, outcome: null, sanctionId: null });
    const reports = await database.db
      .select()
      .from(chatReports)
      .where(eq(chatReports.messageId, Number(messageId)));
    expect(reports.map((r) => r.resolvedAt)).toEqual([null]);
    expect(
      await database.db
        .select()
        .from(chatMessages)
        .where(eq(chatMessages.id, Number(messageId))),
    ).toHaveLength(1);
    const records = await database.db.select().from(auditRecords).where(eq(auditRecords.actorId, moderator.sub));
    expect(records.filter((r) => r.targetId === messageId)).toEqual([]);
  }

  it("a sanction whose resolution fails is rolled back with it", async () => {
    const { messageId, sender, channel } = await reported();
    const store = createReportStore(database.db);
    const failing: ReportStore = {
      ...store,
      resolve: async () => {
        throw new Error("resolution write failed");
      },
    };
    const request = create(ResolveReportedMessageRequestSchema, {
      messageId,
      outcome: ReportOutcome.SANCTIONED,
      sanction: { kind: SanctionKind.MUTE, scope: SanctionScope.CHANNEL, scopeId: channel, characterId: sender, durationSeconds: 60n, reason: "Rude" },
    });
    await expect(service(failing).resolveReportedMessage(request, ctxOf(moderator))).rejects.toThrow("resolution write failed");
    expect(await database.db.select().from(sanctions).where(eq(sanctions.characterId, sender))).toEqual([]);
    expect(await database.db.select().from(auditRecords).where(eq(auditRecords.action, "sanction.issue"))).toEqual([]);
    await expectUntouched(messageId);
    // The same request on a working store writes everything.
    const done = await service().resolveReportedMessage(request, ctxOf(moderator));
    expect(done.outcome).toBe(ReportOutcome.SANCTIONED);
    expect(await database.db.select().from(sanctions).where(eq(sanctions.characterId, sender))).toHaveLength(1);
  });

  it("a deletion whose audit record fails leaves the message and the reports as they were", async () => {
    const { messageId } = await reported();
    const request = create(ResolveReportedMessageRequestSchema, { messageId, outcome: ReportOutcome.DELETED, note: "Rude" });
    // A NUL in the request id: only the audit records hold it, and PostgreSQL refuses it.
    await expect(service().resolveReportedMessage(request, ctxOf(moderator, "bad\u0000id"))).rejects.toThrow(/insert into "audit_records"/);
    await expectUntouched(messageId);
  });
});
