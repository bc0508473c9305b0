import { and, count, gte, isNotNull, lte, ne, sql, type AnyColumn, type SQL } from "drizzle-orm";
import { chatHeldMessages } from "../chat/schema.js";
import type { Db } from "../platform/db/database.js";
import { sanctionAppeals } from "./appeal-schema.js";
import { sanctionDisconnects } from "./disconnect-schema.js";
import { chatReports } from "./report-schema.js";

/** How long the items acted on in a window waited: their count, and the percentiles (null when none). */
export interface WaitFigures {
  count: number;
  p50Ms: number | null;
  p90Ms: number | null;
}

/** Account bans issued in a window that ended streams: their count, and issue → last stream ended percentiles. */
export interface DisconnectFigures {
  count: number;
  p50Ms: number | null;
  p99Ms: number | null;
}

export interface FiguresWindowRange {
  from: Date;
  to: Date;
}

const REPEAT_WITHIN = "30 days";

/** A wait in milliseconds between two timestamps, as a double for percentile_cont. */
const waitMs = (from: SQL | AnyColumn, to: SQL | AnyColumn) => sql`(extract(epoch from (${to} - ${from})) * 1000)::double precision`;

/** The percentiles of one ordered expression; percentile_cont interpolates, as PostgreSQL and PGlite both do. */
const percentiles = (ms: SQL) => ({
  n: count(),
  p50: sql<number | null>`percentile_cont(0.5) within group (order by ${ms})`.mapWith(Number),
  p90: sql<number | null>`percentile_cont(0.9) within group (order by ${ms})`.mapWith(Number),
});

const toWait = (row: { n: number; p50: number | null; p90: number | null } | undefined): WaitFigures => {
  const n = Number(row?.n ?? 0);
  return { count: n, p50Ms: n > 0 ? (row?.p50 ?? null) : null, p90Ms: n > 0 ? (row?.p90 ?? null) : null };
};

/**
 * The moderation figures of the operations wall (docs/moderation.md "Operations wall"): each one grouped query over
 * the window, so the cost follows the rows acted on in it (the tables' time indexes), never a loop per item.
 */
export function createFiguresStore(db: Db) {
  return {
    /**
     * Reported messages resolved in the window: a resolution closes every open report of the message with one
     * resolved_at, so grouping by message and resolved_at gives one row per resolution, and its earliest report is
     * the round's first (a message reported again after a dismissal starts a new round).
     */
    async reports({ from, to }: FiguresWindowRange): Promise<WaitFigures> {
      const rounds = db
        .select({ wait: waitMs(sql`min(${chatReports.createdAt})`, chatReports.resolvedAt).as("wait") })
        .from(chatReports)
        .where(and(isNotNull(chatReports.resolvedAt), gte(chatReports.resolvedAt, from), lte(chatReports.resolvedAt, to)))
        .groupBy(chatReports.messageId, chatReports.resolvedAt)
        .as("rounds");
      const [row] = await db.select(percentiles(sql`${rounds.wait}`)).from(rounds);
      return toWait(row);
    },

    /** Held messages reviewed (allowed or denied) in the window: held when sent, to the review. */
    async heldMessages({ from, to }: FiguresWindowRange): Promise<WaitFigures> {
      const [row] = await db
        .select(percentiles(waitMs(chatHeldMessages.sentAt, chatHeldMessages.reviewedAt)))
        .from(chatHeldMessages)
        .where(and(ne(chatHeldMessages.state, "held"), gte(chatHeldMessages.reviewedAt, from), lte(chatHeldMessages.reviewedAt, to)));
      return toWait(row);
    },

    /** Appeals decided in the window: filed to decided, and how many of each decision. */
    async appeals({ from, to }: FiguresWindowRange): Promise<WaitFigures & { upheld: number; shortened: number; revoked: number }> {
      const decided = (d: string) => sql<number>`count(*) filter (where ${sanctionAppeals.decision} = ${d})`.mapWith(Number);
      const [row] = await db
        .select({
          ...percentiles(waitMs(sanctionAppeals.filedAt, sanctionAppeals.decidedAt)),
          upheld: decided("upheld"),
          shortened: decided("shortened"),
          revoked: decided("revoked"),
        })
        .from(sanctionAppeals)
        .where(and(isNotNull(sanctionAppeals.decision), gte(sanctionAppeals.decidedAt, from), lte(sanctionAppeals.decidedAt, to)));
      return { ...toWait(row), upheld: row?.upheld ?? 0, shortened: row?.shortened ?? 0, revoked: row?.revoked ?? 0 };
    },

    /** Account bans issued in the window that ended at least one stream: issued to the last stream ended on any node. */
    async banDisconnects({ from, to }: FiguresWindowRange): Promise<DisconnectFigures> {
      const ms = waitMs(sanctionDisconnects.issuedAt, sanctionDisconnects.lastStreamEndedAt);
      const [row] = await db
        .select({ n: count(), p50: percentiles(ms).p50, p99: sql<number | null>`percentile_cont(0.99) within group (order by ${ms})`.mapWith(Number) })
        .from(sanctionDisconnects)
        .where(and(gte(sanctionDisconnects.issuedAt, from), lte(sanctionDisconnects.issuedAt, to)));
      const n = Number(row?.n ?? 0);
      return { count: n, p50Ms: n > 0 ? (row?.p50 ?? null) : null, p99Ms: n > 0 ? (row?.p99 ?? null) : null };
    },

    /**
     * Accounts issued a sanction in the window, and those of them with a sanction in the window issued at most 30
     * days after an earlier one of theirs (the earlier one may predate the window). A sanction revoked on appeal was
     * not an offence: it counts for neither.
     */
    async repeatOffences({ from, to }: FiguresWindowRange): Promise<{ sanctioned: number; repeat: number }> {
      // Written out with its aliases: drizzle names the outer query's columns unqualified in select fields.
      const standing = (alias: string) =>
        sql`not exists (select 1 from sanction_appeals a where a.sanction_id = ${sql.raw(alias)}.id and a.decision = 'revoked')`;
      const [row] = await db
        .select({
          sanctioned: sql<number>`count(distinct s.account_id)`.mapWith(Number),
          repeat: sql<number>`count(distinct s.account_id) filter (where exists (
            select 1 from sanctions e
            where e.account_id = s.account_id
              and e.issued_at < s.issued_at
              and e.issued_at >= s.issued_at - interval '${sql.raw(REPEAT_WITHIN)}'
              and ${standing("e")}))`.mapWith(Number),
        })
        .from(sql`sanctions s`)
        .where(sql`s.issued_at >= ${from} and s.issued_at <= ${to} and ${standing("s")}`);
      return { sanctioned: row?.sanctioned ?? 0, repeat: row?.repeat ?? 0 };
    },
  };
}

export type FiguresStore = ReturnType<typeof createFiguresStore>;
