import { sql } from "drizzle-orm";
import { boolean, check, index, integer, jsonb, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";

/**
 * Four eyes (docs/moderation.md "Approvals"): an action that waits for another holder of its capability. The
 * original request is kept as sent (its proto JSON) and checked again by the same rules when it is approved.
 * Expiry is no write: a request not decided by expires_at reads as expired.
 */
export const approvalRequests = pgTable(
  "approval_requests",
  {
    id: uuid("id").primaryKey(),
    /** "account-ban" | "purge" */
    action: text("action").notNull(),
    /** The capability a decider must hold. */
    capability: text("capability").notNull(),
    /** IssueSanctionRequest or PurgeChatMessagesRequest, proto JSON. */
    request: jsonb("request").notNull(),
    reason: text("reason").notNull(),
    subjectName: text("subject_name").notNull().default(""),
    /** For a purge: how many messages matched when it was requested. */
    messageCount: integer("message_count").notNull().default(0),
    requestedById: text("requested_by_id").notNull(),
    requestedByName: text("requested_by_name").notNull(),
    requestedAt: timestamp("requested_at", { withTimezone: true, precision: 3 }).notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true, precision: 3 }).notNull(),
    /** Null while pending; "approved" | "rejected" once decided. */
    decision: text("decision"),
    decidedAt: timestamp("decided_at", { withTimezone: true, precision: 3 }),
    decidedById: text("decided_by_id").notNull().default(""),
    decidedByName: text("decided_by_name").notNull().default(""),
    decisionReason: text("decision_reason").notNull().default(""),
    /** What the approval did: the sanction's id, or the purge's count and whether more remain. */
    sanctionId: uuid("sanction_id"),
    purgedCount: integer("purged_count").notNull().default(0),
    moreRemain: boolean("more_remain").notNull().default(false),
  },
  (t) => [
    // Pending requests' list and count (queue-counts-store.ts).
    index("approval_requests_pending_idx")
      .on(t.requestedAt)
      .where(sql`decision IS NULL`),
    index("approval_requests_requested_idx").on(t.requestedAt),
    check("approval_requests_action_check", sql`${t.action} IN ('account-ban', 'purge')`),
    check("approval_requests_decision_check", sql`${t.decision} IS NULL OR ${t.decision} IN ('approved', 'rejected')`),
  ],
);
