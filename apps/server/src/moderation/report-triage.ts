import { Code, ConnectError } from "@connectrpc/connect";
import { eq } from "drizzle-orm";
import { appendAudit, type AuditActor } from "../audit/audit-trail.js";
import type { QueueQuery } from "./report-rules.js";
import { reportedMessages } from "./report-schema.js";
import type { ReportedMessageRecord, ReportStore } from "./report-store.js";
import type { ReportTriageStore } from "./report-triage-store.js";
import { byPriorityThenAge, CLAIM_IDLE_MS, liveClaim, SENDER_HISTORY_MS, triageReport, type Triaged } from "./triage-rules.js";

/** The reports queue's order and claims (docs/moderation.md "Triage"): facts from the store, ranks from triage-rules. */

export interface TriagedEntry {
  record: ReportedMessageRecord;
  triage?: Triaged;
}

const REPORTED_MESSAGE = "reported-message";

export function createReportTriage(store: ReportStore, triage: ReportTriageStore) {
  async function ranked(filters: ReturnType<ReportStore["queueFilters"]>, nowMs: number) {
    const facts = await triage.openFacts(filters, nowMs - SENDER_HISTORY_MS);
    return facts.map((f) => ({ id: f.messageId, sinceMs: f.oldestOpenMs, triage: triageReport(f, nowMs) })).sort(byPriorityThenAge);
  }

  const claimError = (id: number, holderName: string) =>
    new ConnectError(`chat message ${id} is claimed by ${holderName || "another moderator"}`, Code.FailedPrecondition);
  const noOpenReport = (id: number) => new ConnectError(`chat message ${id} has no open report`, Code.FailedPrecondition);
  const notFound = (id: number) => new ConnectError(`chat message ${id} not found`, Code.NotFound);

  return {
    /** Open messages by priority then age (oldest open report first); with include_resolved, resolved ones after. */
    async queue(query: QueueQuery, nowMs: number): Promise<{ total: number; entries: TriagedEntry[] }> {
      const filters = store.queueFilters(query);
      const open = await ranked(filters, nowMs);
      const openPage = open.slice(query.offset, query.offset + query.limit);
      const records = await store.byIds(openPage.map((o) => o.id));
      const entries: TriagedEntry[] = records.map((record, i) => ({ record, triage: openPage[i]!.triage }));
      if (!query.includeResolved) return { total: open.length, entries };
      const resolvedOffset = Math.max(0, query.offset - open.length);
      const resolved = await store.resolvedPage(filters, query.limit - entries.length, resolvedOffset);
      return { total: open.length + resolved.total, entries: [...entries, ...resolved.messages.map((record) => ({ record }))] };
    },

    /** One message's triage while it is open. */
    async one(messageId: number, nowMs: number): Promise<Triaged | undefined> {
      const [found] = await ranked([eq(reportedMessages.messageId, messageId)], nowMs);
      return found?.triage;
    },

    /** Claims (or renews) an open message for the actor; another's live claim is FAILED_PRECONDITION naming them. */
    async claim(actor: AuditActor, messageId: number, atMs: number): Promise<void> {
      await store.transaction(async (tx) => {
        const before = await store.reported(messageId, tx);
        if (!before) throw notFound(messageId);
        if (before.openReports === 0) throw noOpenReport(messageId);
        const took = await triage.claim(tx, messageId, { id: actor.id, name: actor.name, atMs, liveSinceMs: atMs - CLAIM_IDLE_MS });
        if (!took) throw claimError(messageId, (await triage.claimOf(messageId, tx))?.claimedByName ?? "");
        await appendAudit(
          tx,
          actor,
          {
            action: "reported-message.claim",
            targetType: REPORTED_MESSAGE,
            targetId: String(messageId),
            before: claimState(before),
            after: { claimedById: actor.id, claimedByName: actor.name, claimedAt: new Date(atMs).toISOString() },
          },
          atMs,
        );
      });
    },

    /** Releases the actor's own claim; nothing held is no change; another's live claim is FAILED_PRECONDITION. */
    async release(actor: AuditActor, messageId: number, atMs: number): Promise<void> {
      await store.transaction(async (tx) => {
        const before = await store.reported(messageId, tx);
        if (!before) throw notFound(messageId);
        const held = liveClaim({ holderId: before.claimedById, holderName: before.claimedByName, claimedAtMs: before.claimedAtMs }, atMs);
        if (held && held.holderId !== actor.id) throw claimError(messageId, held.holderName);
        if (!(await triage.release(tx, messageId, actor.id))) return;
        await appendAudit(
          tx,
          actor,
          { action: "reported-message.release", targetType: REPORTED_MESSAGE, targetId: String(messageId), before: claimState(before), after: null },
          atMs,
        );
      });
    },
  };
}

const claimState = (r: ReportedMessageRecord) => ({
  claimedById: r.claimedById,
  claimedByName: r.claimedByName,
  claimedAt: r.claimedAtMs === null ? null : new Date(r.claimedAtMs).toISOString(),
});

export type ReportTriage = ReturnType<typeof createReportTriage>;
