import { and, count, desc, eq, getTableColumns, inArray, like, lt, or, sql, type SQL } from "drizzle-orm";
import type { Db } from "../platform/db/database.js";
import { auditRecords } from "./schema.js";

export type AuditRow = typeof auditRecords.$inferSelect;
/** A record as lists show it: everything but before and after. */
export type AuditListRow = Omit<AuditRow, "before" | "after">;

const { before: _before, after: _after, ...listColumns } = getTableColumns(auditRecords);

/** A validated ListAuditRecords query (audit-query.ts); every filter present is combined with AND. */
export interface AuditQuery {
  /** Exact actor id, or a case-insensitive part of the actor's name. */
  actor?: string;
  /** Forced for moderators: only records whose actor is this id. */
  actorId?: string;
  /** Exact action, or every action starting with `actionPrefix`. */
  action?: string;
  actionPrefix?: string;
  targetType?: string;
  targetId?: string;
  /** Records on this account: the account itself and the sanctions on it (their JSON names the account). */
  accountId?: string;
  /** Inclusive bounds, Unix milliseconds. */
  fromMs?: number;
  toMs?: number;
  limit: number;
  offset: number;
}

const escapeLike = (value: string) => value.replace(/[\\%_]/g, (c) => `\\${c}`);

/** The account as a target (user records, whole-account purges) or a sanction on it (issue and revoke). */
const onAccount = (accountId: string) =>
  or(
    and(inArray(auditRecords.targetType, ["user", "account"]), eq(auditRecords.targetId, accountId)),
    and(
      eq(auditRecords.targetType, "sanction"),
      or(sql`${auditRecords.after}->>'accountId' = ${accountId}`, sql`${auditRecords.before}->>'accountId' = ${accountId}`),
    ),
  );

function whereOf(query: AuditQuery): SQL | undefined {
  return and(
    query.actorId !== undefined ? eq(auditRecords.actorId, query.actorId) : undefined,
    query.actor !== undefined
      ? or(eq(auditRecords.actorId, query.actor), sql`lower(${auditRecords.actorName}) LIKE ${`%${escapeLike(query.actor.toLowerCase())}%`}`)
      : undefined,
    query.action !== undefined ? eq(auditRecords.action, query.action) : undefined,
    query.actionPrefix !== undefined ? like(auditRecords.action, `${escapeLike(query.actionPrefix)}%`) : undefined,
    query.targetType !== undefined ? eq(auditRecords.targetType, query.targetType) : undefined,
    query.targetId !== undefined ? eq(auditRecords.targetId, query.targetId) : undefined,
    query.accountId !== undefined ? onAccount(query.accountId) : undefined,
    query.fromMs !== undefined ? sql`${auditRecords.at} >= ${new Date(query.fromMs).toISOString()}::timestamptz` : undefined,
    query.toMs !== undefined ? sql`${auditRecords.at} <= ${new Date(query.toMs).toISOString()}::timestamptz` : undefined,
  );
}

/** Reads of the audit log and its retention pruning; records are written only by appendAudit (audit-trail.ts). */
export function createAuditStore(db: Db) {
  return {
    /**
     * Newest first (id breaks ties: records of one millisecond keep their insertion order), without before and after:
     * a page stays small whatever one record holds; find reads them for one record.
     */
    async list(query: AuditQuery): Promise<{ rows: AuditListRow[]; total: number }> {
      const where = whereOf(query);
      const [rows, [counted]] = await Promise.all([
        db.select(listColumns).from(auditRecords).where(where).orderBy(desc(auditRecords.at), desc(auditRecords.id)).limit(query.limit).offset(query.offset),
        db.select({ n: count() }).from(auditRecords).where(where),
      ]);
      return { rows, total: Number(counted?.n ?? 0) };
    },

    async find(id: number): Promise<AuditRow | undefined> {
      const [row] = await db.select().from(auditRecords).where(eq(auditRecords.id, id));
      return row;
    },

    /** Retention: deletes the records older than `beforeMs`; returns how many. */
    async pruneOlderThan(beforeMs: number): Promise<number> {
      const removed = await db
        .delete(auditRecords)
        .where(lt(auditRecords.at, new Date(beforeMs)))
        .returning({ id: auditRecords.id });
      return removed.length;
    },
  };
}

export type AuditStore = ReturnType<typeof createAuditStore>;
