import { eq } from "drizzle-orm";
import type { AuditActor } from "../audit/audit-trail.js";
import { createQueueClaims } from "./queue-claims.js";
import type { QueueQuery } from "./report-rules.js";
import { reportedMessages } from "./report-schema.js";
import type { ReportedMessageRecord, ReportStore } from "./report-store.js";
import type { ReportTriageStore } from "./report-triage-store.js";
import { byPriorityThenAge, SENDER_HISTORY_MS, triageReport, type Triaged } from "./triage-rules.js";

/** The reports queue's order and claims (docs/moderation.md "Triage"): facts from the store, ranks from triage-rules. */

export interface TriagedEntry {
  record: ReportedMessageRecord;
  triage?: Triaged;
}

export function createReportTriage(store: ReportStore, triage: ReportTriageStore) {
  async function ranked(filters: ReturnType<ReportStore["queueFilters"]>, nowMs: number) {
    const facts = await triage.openFacts(filters, nowMs - SENDER_HISTORY_MS);
    return facts.map((f) => ({ id: f.messageId, sinceMs: f.oldestOpenMs, triage: triageReport(f, nowMs) })).sort(byPriorityThenAge);
  }

  const claims = createQueueClaims<number>({
    targetType: "reported-message",
    name: (id) => `chat message ${id}`,
    closed: "has no open report",
    async item(tx, id) {
      const r = await store.reported(id, tx);
      return r && { open: r.openReports > 0, claim: r };
    },
    store: triage.claims,
    transaction: store.transaction,
  });

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
    claim: (actor: AuditActor, messageId: number, atMs: number) => claims.claim(actor, messageId, atMs),
    /** Releases the actor's own claim; nothing held is no change; another's live claim is FAILED_PRECONDITION. */
    release: (actor: AuditActor, messageId: number, atMs: number) => claims.release(actor, messageId, atMs),
  };
}

export type ReportTriage = ReturnType<typeof createReportTriage>;
