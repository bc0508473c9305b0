import { randomUUID } from "node:crypto";
import { and, asc, count, desc, eq, gt, inArray, isNull, min, ne, sql } from "drizzle-orm";
import type { Db } from "../platform/db/database.js";
import { approvalRequests } from "./approval-schema.js";
import type { ApprovalActionName, ApprovalDecisionName, ApprovalListQuery } from "./approval-rules.js";
import type { QueueFigures } from "./queue-counts-store.js";
import type { Tx } from "./tx.js";

/** Every SQL statement of the approval service. Knows rows, not requests, tokens or status codes. */

export interface ApprovalRecord {
  id: string;
  action: ApprovalActionName;
  capability: string;
  /** The original request's proto JSON. */
  request: unknown;
  reason: string;
  subjectName: string;
  messageCount: number;
  requestedById: string;
  requestedByName: string;
  requestedAtMs: number;
  expiresAtMs: number;
  decision: ApprovalDecisionName | null;
  decidedAtMs: number | null;
  decidedById: string;
  decidedByName: string;
  decisionReason: string;
  sanctionId: string | null;
  purgedCount: number;
  moreRemain: boolean;
}

export type NewApproval = Pick<ApprovalRecord, "action" | "capability" | "request" | "reason" | "subjectName" | "messageCount">;

type Row = typeof approvalRequests.$inferSelect;

const toRecord = (r: Row): ApprovalRecord => ({
  id: r.id,
  action: r.action as ApprovalActionName,
  capability: r.capability,
  request: r.request,
  reason: r.reason,
  subjectName: r.subjectName,
  messageCount: r.messageCount,
  requestedById: r.requestedById,
  requestedByName: r.requestedByName,
  requestedAtMs: r.requestedAt.getTime(),
  expiresAtMs: r.expiresAt.getTime(),
  decision: r.decision as ApprovalDecisionName | null,
  decidedAtMs: r.decidedAt?.getTime() ?? null,
  decidedById: r.decidedById,
  decidedByName: r.decidedByName,
  decisionReason: r.decisionReason,
  sanctionId: r.sanctionId,
  purgedCount: r.purgedCount,
  moreRemain: r.moreRemain,
});

const pendingAt = (now: Date) => and(isNull(approvalRequests.decision), gt(approvalRequests.expiresAt, now));

export function createApprovalStore(db: Db) {
  return {
    async insert(tx: Tx, a: NewApproval, by: { id: string; name: string; atMs: number; expiresAtMs: number }): Promise<ApprovalRecord> {
      const [row] = await tx
        .insert(approvalRequests)
        .values({
          id: randomUUID(),
          ...a,
          requestedById: by.id,
          requestedByName: by.name,
          requestedAt: new Date(by.atMs),
          expiresAt: new Date(by.expiresAtMs),
        })
        .returning();
      return toRecord(row!);
    },

    async find(id: string): Promise<ApprovalRecord | undefined> {
      const [row] = await db.select().from(approvalRequests).where(eq(approvalRequests.id, id));
      return row && toRecord(row);
    },

    /** The requests of these capabilities: pending first (oldest first), then the rest (newest first). */
    async list(query: ApprovalListQuery, capabilities: readonly string[], nowMs: number): Promise<{ total: number; approvals: ApprovalRecord[] }> {
      if (capabilities.length === 0) return { total: 0, approvals: [] };
      const now = new Date(nowMs);
      const where = and(inArray(approvalRequests.capability, [...capabilities]), query.includeDecided ? undefined : pendingAt(now));
      const [totalRow] = await db.select({ total: count() }).from(approvalRequests).where(where);
      const total = Number(totalRow?.total ?? 0);
      if (query.limit === 0 || query.offset >= total) return { total, approvals: [] };
      const pending = sql`(${approvalRequests.decision} IS NULL AND ${approvalRequests.expiresAt} > ${now.toISOString()})`;
      const rows = await db
        .select()
        .from(approvalRequests)
        .where(where)
        .orderBy(
          sql`${pending} DESC`,
          sql`CASE WHEN ${pending} THEN ${approvalRequests.requestedAt} END ASC`,
          desc(approvalRequests.requestedAt),
          asc(approvalRequests.id),
        )
        .limit(query.limit)
        .offset(query.offset);
      return { total, approvals: rows.map(toRecord) };
    },

    /** Records the decision of a request still pending at `atMs`; undefined when decided meanwhile or expired. */
    async decide(
      tx: Tx,
      id: string,
      d: { decision: ApprovalDecisionName; reason: string; atMs: number; byId: string; byName: string },
    ): Promise<ApprovalRecord | undefined> {
      const [row] = await tx
        .update(approvalRequests)
        .set({ decision: d.decision, decisionReason: d.reason, decidedAt: new Date(d.atMs), decidedById: d.byId, decidedByName: d.byName })
        .where(and(eq(approvalRequests.id, id), pendingAt(new Date(d.atMs))))
        .returning();
      return row && toRecord(row);
    },

    /** What the approved action did. */
    async outcome(tx: Tx, id: string, o: { sanctionId?: string; purgedCount?: number; moreRemain?: boolean }): Promise<ApprovalRecord> {
      const [row] = await tx.update(approvalRequests).set(o).where(eq(approvalRequests.id, id)).returning();
      return toRecord(row!);
    },

    /** Pending requests of these capabilities that `deciderId` did not make: the ones they can decide. */
    async pendingFigures(capabilities: readonly string[], deciderId: string, nowMs: number): Promise<QueueFigures> {
      if (capabilities.length === 0) return { open: 0, oldestAt: null };
      const [row] = await db
        .select({ open: count(), oldestAt: min(approvalRequests.requestedAt) })
        .from(approvalRequests)
        .where(and(pendingAt(new Date(nowMs)), inArray(approvalRequests.capability, [...capabilities]), ne(approvalRequests.requestedById, deciderId)));
      return { open: Number(row?.open ?? 0), oldestAt: row?.oldestAt ?? null };
    },

    transaction: <T>(work: (tx: Tx) => Promise<T>) => db.transaction(work),
  };
}

export type ApprovalStore = ReturnType<typeof createApprovalStore>;
