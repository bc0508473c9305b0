import { and, count, eq, gt, gte, inArray, isNotNull, isNull, min, sql, type SQL } from "drizzle-orm";
import type { Db } from "../platform/db/database.js";
import { createClaimStore } from "./queue-claim-store.js";
import type { Reason } from "./report-rules.js";
import { chatReports, reportedMessages } from "./report-schema.js";
import { sanctions } from "./schema.js";
import { senderOwners } from "./moderated-message.js";
import type { ReportFacts } from "./triage-rules.js";

/**
 * The facts the triage rule ranks, for every open reported message at once, and the claims (queue-claim-store.ts) (docs/moderation.md
 * "Triage"). Four set-based statements whatever the queue's length, each bounded by the open items: the open
 * reports per message (chat_reports_message_idx under reported_messages_open_idx), the reporters' resolved reports
 * (chat_reports_account_idx), the senders' owners (characters' primary key) and their recent sanctions
 * (sanctions_account_history_idx).
 */

export interface OpenFacts extends ReportFacts {
  messageId: number;
}

export function createReportTriageStore(db: Db) {
  return {
    /** The messages' claims: open while a report is. */
    claims: createClaimStore<number>(db, { table: reportedMessages, key: reportedMessages.messageId, open: gt(reportedMessages.openReports, 0) }),

    /** Facts of every open reported message matching `filters` (reported_messages conditions). */
    async openFacts(filters: SQL[], sinceMs: number): Promise<OpenFacts[]> {
      const open = await db
        .select({
          messageId: reportedMessages.messageId,
          senderCharacterId: reportedMessages.senderCharacterId,
          reasons: sql<string[]>`array_agg(${chatReports.reason})`,
          reporters: sql<string[]>`array_agg(DISTINCT ${chatReports.reporterAccountId})`,
          oldest: min(chatReports.createdAt),
        })
        .from(reportedMessages)
        .innerJoin(chatReports, and(eq(chatReports.messageId, reportedMessages.messageId), isNull(chatReports.resolvedAt)))
        .where(and(gt(reportedMessages.openReports, 0), ...filters))
        .groupBy(reportedMessages.messageId);
      if (open.length === 0) return [];
      const reporterIds = [...new Set(open.flatMap((o) => o.reporters))];
      const records = await db
        .select({
          accountId: chatReports.reporterAccountId,
          resolved: count(),
          actioned: sql<number>`count(*) FILTER (WHERE ${chatReports.outcome} IN ('deleted', 'sanctioned'))`,
        })
        .from(chatReports)
        .where(and(inArray(chatReports.reporterAccountId, reporterIds), isNotNull(chatReports.resolvedAt)))
        .groupBy(chatReports.reporterAccountId);
      const record = new Map(records.map((r) => [r.accountId, { resolved: Number(r.resolved), actioned: Number(r.actioned) }]));
      const owners = await senderOwners(
        db,
        open.map((o) => o.senderCharacterId),
      );
      const ownerIds = [...new Set(owners.values())];
      const recent =
        ownerIds.length === 0
          ? []
          : await db
              .select({ accountId: sanctions.accountId, n: count() })
              .from(sanctions)
              .where(and(inArray(sanctions.accountId, ownerIds), gte(sanctions.issuedAt, new Date(sinceMs))))
              .groupBy(sanctions.accountId);
      const sanctioned = new Map(recent.map((r) => [r.accountId, Number(r.n)]));
      return open.map((o) => {
        const tracks = o.reporters.map((id) => record.get(id) ?? { resolved: 0, actioned: 0 });
        const owner = owners.get(o.senderCharacterId.toLowerCase());
        return {
          messageId: o.messageId,
          reasons: o.reasons as Reason[],
          reporters: o.reporters.length,
          reportersResolved: tracks.reduce((n, t) => n + t.resolved, 0),
          reportersActioned: tracks.reduce((n, t) => n + t.actioned, 0),
          senderSanctions: owner === undefined ? 0 : (sanctioned.get(owner) ?? 0),
          oldestOpenMs: new Date(o.oldest ?? 0).getTime(),
        };
      });
    },
  };
}

export type ReportTriageStore = ReturnType<typeof createReportTriageStore>;
