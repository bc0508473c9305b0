import { randomUUID } from "node:crypto";
import { and, asc, count, desc, eq, inArray, isNotNull, isNull, sql } from "drizzle-orm";
import type { Db } from "../platform/db/database.js";
import { sanctionAppeals } from "./appeal-schema.js";
import { sanctions } from "./schema.js";
import type { AppealFacts } from "./triage-rules.js";
import type { AppealInput, AppealQueueQuery, AppealReasonName, Decision } from "./appeal-rules.js";
import { createClaimStore } from "./queue-claim-store.js";
import { createSanctionEvidenceStore, type SanctionEvidence } from "./sanction-evidence-store.js";
import type { Tx } from "./sanction-store.js";

/** Every SQL statement of the appeal service. Knows rows, not requests, tokens or status codes. */

export interface AppealRecord {
  id: string;
  sanctionId: string;
  accountId: string;
  accountName: string;
  reason: AppealReasonName;
  text: string;
  filedAtMs: number;
  decision: Decision | null;
  decidedAtMs: number | null;
  decidedById: string;
  decidedByName: string;
  decisionReason: string;
  newExpiresAtMs: number | null;
  claimedById: string;
  claimedByName: string;
  claimedAtMs: number | null;
}

type Row = typeof sanctionAppeals.$inferSelect;

const toRecord = (r: Row): AppealRecord => ({
  id: r.id,
  sanctionId: r.sanctionId,
  accountId: r.accountId,
  accountName: r.accountName,
  reason: r.reason as AppealReasonName,
  text: r.text,
  filedAtMs: r.filedAt.getTime(),
  decision: r.decision as Decision | null,
  decidedAtMs: r.decidedAt?.getTime() ?? null,
  decidedById: r.decidedById,
  decidedByName: r.decidedByName,
  decisionReason: r.decisionReason,
  newExpiresAtMs: r.newExpiresAt?.getTime() ?? null,
  claimedById: r.claimedById,
  claimedByName: r.claimedByName,
  claimedAtMs: r.claimedAt?.getTime() ?? null,
});

export function createAppealStore(db: Db) {
  return {
    /** The appeals' claims: open while undecided. */
    claims: createClaimStore<string>(db, { table: sanctionAppeals, key: sanctionAppeals.id, open: isNull(sanctionAppeals.decision) }),

    /** Files the appeal; undefined when the sanction already has one (the unique index decides, on every node). */
    async insert(tx: Tx, input: AppealInput, by: { accountId: string; accountName: string; atMs: number }): Promise<AppealRecord | undefined> {
      const [row] = await tx
        .insert(sanctionAppeals)
        .values({
          id: randomUUID(),
          sanctionId: input.sanctionId,
          accountId: by.accountId,
          accountName: by.accountName,
          reason: input.reason,
          text: input.text,
          filedAt: new Date(by.atMs),
        })
        .onConflictDoNothing({ target: sanctionAppeals.sanctionId })
        .returning();
      return row && toRecord(row);
    },

    async find(id: string, q: Db | Tx = db): Promise<AppealRecord | undefined> {
      const [row] = await q.select().from(sanctionAppeals).where(eq(sanctionAppeals.id, id));
      return row && toRecord(row);
    },

    async ofAccount(accountId: string): Promise<AppealRecord[]> {
      const rows = await db
        .select()
        .from(sanctionAppeals)
        .where(eq(sanctionAppeals.accountId, accountId))
        .orderBy(desc(sanctionAppeals.filedAt), desc(sanctionAppeals.id))
        .limit(1000);
      return rows.map(toRecord);
    },

    /** The queue: open ones first, oldest first within each group. One account's: newest first. */
    async queue(query: AppealQueueQuery): Promise<{ total: number; appeals: AppealRecord[] }> {
      const where = and(
        query.includeDecided ? undefined : isNull(sanctionAppeals.decision),
        query.accountId === undefined ? undefined : eq(sanctionAppeals.accountId, query.accountId),
      );
      const [totalRow] = await db.select({ total: count() }).from(sanctionAppeals).where(where);
      const total = Number(totalRow?.total ?? 0);
      if (offsetBeyond(query, total)) return { total, appeals: [] };
      const order =
        query.accountId === undefined
          ? [sql`(${sanctionAppeals.decision} IS NOT NULL)`, asc(sanctionAppeals.filedAt), asc(sanctionAppeals.id)]
          : [desc(sanctionAppeals.filedAt), desc(sanctionAppeals.id)];
      const rows = await db
        .select()
        .from(sanctionAppeals)
        .where(where)
        .orderBy(...order)
        .limit(query.limit)
        .offset(query.offset);
      return { total, appeals: rows.map(toRecord) };
    },

    /**
     * What the triage rule ranks, for every open appeal at once: one join over sanction_appeals_open_idx and the
     * sanctions' primary key, bounded by the open appeals (docs/moderation.md "Triage"). With `id`, that one only.
     */
    async openFacts(id?: string): Promise<(AppealFacts & { id: string })[]> {
      const rows = await db
        .select({
          id: sanctionAppeals.id,
          filedAt: sanctionAppeals.filedAt,
          kind: sanctions.kind,
          scope: sanctions.scope,
          characterId: sanctions.characterId,
          expiresAt: sanctions.expiresAt,
        })
        .from(sanctionAppeals)
        .innerJoin(sanctions, eq(sanctions.id, sanctionAppeals.sanctionId))
        .where(and(isNull(sanctionAppeals.decision), id === undefined ? undefined : eq(sanctionAppeals.id, id)));
      return rows.map((r) => ({
        id: r.id,
        filedAtMs: r.filedAt.getTime(),
        kind: r.kind as AppealFacts["kind"],
        scope: r.scope as AppealFacts["scope"],
        accountWide: r.characterId === null,
        expiresAtMs: r.expiresAt?.getTime() ?? null,
      }));
    },

    /** These appeals, in the given order. */
    async byIds(ids: readonly string[]): Promise<AppealRecord[]> {
      if (ids.length === 0) return [];
      const rows = await db
        .select()
        .from(sanctionAppeals)
        .where(inArray(sanctionAppeals.id, [...ids]));
      const found = new Map(rows.map((r) => [r.id, toRecord(r)]));
      return ids.flatMap((id) => found.get(id) ?? []);
    },

    /** Decided appeals, oldest first: the queue after the open ones. */
    async decidedPage(limit: number, offset: number): Promise<{ total: number; appeals: AppealRecord[] }> {
      const where = isNotNull(sanctionAppeals.decision);
      const [totalRow] = await db.select({ total: count() }).from(sanctionAppeals).where(where);
      const total = Number(totalRow?.total ?? 0);
      if (limit <= 0 || offset >= total) return { total, appeals: [] };
      const rows = await db
        .select()
        .from(sanctionAppeals)
        .where(where)
        .orderBy(asc(sanctionAppeals.filedAt), asc(sanctionAppeals.id))
        .limit(limit)
        .offset(offset);
      return { total, appeals: rows.map(toRecord) };
    },

    /** Records the decision of an open appeal; undefined when it was decided meanwhile. */
    async decide(
      tx: Tx,
      id: string,
      d: { decision: Decision; reason: string; newExpiresAtMs: number | null; atMs: number; byId: string; byName: string },
    ): Promise<AppealRecord | undefined> {
      const [row] = await tx
        .update(sanctionAppeals)
        .set({
          decision: d.decision,
          decisionReason: d.reason,
          newExpiresAt: d.newExpiresAtMs === null ? null : new Date(d.newExpiresAtMs),
          decidedAt: new Date(d.atMs),
          decidedById: d.byId,
          decidedByName: d.byName,
          // Deciding ends the claim.
          claimedById: "",
          claimedByName: "",
          claimedAt: null,
        })
        .where(and(eq(sanctionAppeals.id, id), isNull(sanctionAppeals.decision)))
        .returning();
      return row && toRecord(row);
    },

    /** The sanction's evidence (frozen from its chat line, or its report's), if any. */
    async evidence(sanctionId: string): Promise<SanctionEvidence | undefined> {
      return (await createSanctionEvidenceStore(db).of([sanctionId])).get(sanctionId);
    },

    transaction: <T>(work: (tx: Tx) => Promise<T>) => db.transaction(work),
  };
}

const offsetBeyond = (query: AppealQueueQuery, total: number) => query.limit === 0 || query.offset >= total;

export type AppealStore = ReturnType<typeof createAppealStore>;
