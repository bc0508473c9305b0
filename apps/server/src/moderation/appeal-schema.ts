import { sql } from "drizzle-orm";
import { check, index, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";

/**
 * Appeals of sanctions (docs/moderation.md "Appeals"): one per sanction (a unique index), filed by the sanctioned
 * account, decided once by staff. The decider's name stays here for staff reads; players never get it.
 */
export const sanctionAppeals = pgTable(
  "sanction_appeals",
  {
    id: uuid("id").primaryKey(),
    sanctionId: uuid("sanction_id").notNull(),
    accountId: text("account_id").notNull(),
    accountName: text("account_name").notNull().default(""),
    /** "not-me" | "context" | "too-harsh" | "other" */
    reason: text("reason").notNull(),
    text: text("text").notNull(),
    filedAt: timestamp("filed_at", { withTimezone: true, precision: 3 }).notNull(),
    /** Null while open; "upheld" | "shortened" | "revoked" once decided. */
    decision: text("decision"),
    decidedAt: timestamp("decided_at", { withTimezone: true, precision: 3 }),
    decidedById: text("decided_by_id").notNull().default(""),
    decidedByName: text("decided_by_name").notNull().default(""),
    decisionReason: text("decision_reason").notNull().default(""),
    /** For "shortened": the sanction's new end. */
    newExpiresAt: timestamp("new_expires_at", { withTimezone: true, precision: 3 }),
    /** The staff member working it (docs/moderation.md "Triage"); '' when nobody. Live while claimed_at is recent. */
    claimedById: text("claimed_by_id").notNull().default(""),
    claimedByName: text("claimed_by_name").notNull().default(""),
    claimedAt: timestamp("claimed_at", { withTimezone: true, precision: 3 }),
  },
  (t) => [
    uniqueIndex("sanction_appeals_sanction_key").on(t.sanctionId),
    index("sanction_appeals_account_idx").on(t.accountId, t.filedAt),
    index("sanction_appeals_queue_idx").on(t.filedAt),
    // Open appeals' count and oldest, for the queue counts (queue-counts-store.ts).
    index("sanction_appeals_open_idx")
      .on(t.filedAt)
      .where(sql`decision IS NULL`),
    check("sanction_appeals_reason_check", sql`${t.reason} IN ('not-me', 'context', 'too-harsh', 'other')`),
    check("sanction_appeals_decision_check", sql`${t.decision} IS NULL OR ${t.decision} IN ('upheld', 'shortened', 'revoked')`),
  ],
);
