import { sql } from "drizzle-orm";
import { bigint, check, index, integer, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";

/**
 * Player reports (docs/moderation.md "Player reports"). One row per report; one row per reported message with its
 * resolution; the evidence frozen at the first report. Texts are copies: deleting or editing the chat message later
 * never changes what a moderator reviews.
 */
export const chatReports = pgTable(
  "chat_reports",
  {
    id: uuid("id").primaryKey(),
    /** chat_messages.id of the reported message. */
    messageId: bigint("message_id", { mode: "number" }).notNull(),
    reporterCharacterId: uuid("reporter_character_id").notNull(),
    /** The reporter character's owner when the report was made (GetMyReports, rate limit). */
    reporterAccountId: text("reporter_account_id").notNull(),
    /** "harassment" | "hate" | "spam" | "cheating" | "other" */
    reason: text("reason").notNull(),
    details: text("details").notNull().default(""),
    /** The message's text as the reporter saw it. */
    messageContent: text("message_content").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true, precision: 3 }).notNull(),
    /** Null while open; "deleted" | "sanctioned" | "dismissed" once resolved. */
    outcome: text("outcome"),
    resolvedAt: timestamp("resolved_at", { withTimezone: true, precision: 3 }),
  },
  (t) => [
    // One open report per reporter character per message.
    uniqueIndex("chat_reports_open_unique")
      .on(t.messageId, t.reporterCharacterId)
      .where(sql`resolved_at IS NULL`),
    index("chat_reports_message_idx").on(t.messageId, t.createdAt),
    index("chat_reports_account_idx").on(t.reporterAccountId, t.createdAt),
    // The oldest open report, for the queue counts (queue-counts-store.ts).
    index("chat_reports_open_idx")
      .on(t.createdAt)
      .where(sql`resolved_at IS NULL`),
    check("chat_reports_reason_check", sql`${t.reason} IN ('harassment', 'hate', 'spam', 'cheating', 'other')`),
    check("chat_reports_outcome_check", sql`${t.outcome} IS NULL OR ${t.outcome} IN ('deleted', 'sanctioned', 'dismissed')`),
  ],
);

/** A reported message: a frozen copy of it, the queue's order, and its latest resolution. */
export const reportedMessages = pgTable(
  "reported_messages",
  {
    messageId: bigint("message_id", { mode: "number" }).primaryKey(),
    channelId: uuid("channel_id").notNull(),
    channelName: text("channel_name").notNull(),
    senderCharacterId: text("sender_character_id").notNull(),
    senderName: text("sender_name").notNull(),
    content: text("content").notNull(),
    sentAt: timestamp("sent_at", { withTimezone: true, precision: 3 }).notNull(),
    firstReportAt: timestamp("first_report_at", { withTimezone: true, precision: 3 }).notNull(),
    latestReportAt: timestamp("latest_report_at", { withTimezone: true, precision: 3 }).notNull(),
    /** Open reports of the message: > 0 puts it in the open queue. */
    openReports: integer("open_reports").notNull().default(0),
    outcome: text("outcome"),
    resolvedAt: timestamp("resolved_at", { withTimezone: true, precision: 3 }),
    resolvedById: text("resolved_by_id").notNull().default(""),
    resolvedByName: text("resolved_by_name").notNull().default(""),
    resolutionNote: text("resolution_note").notNull().default(""),
    sanctionId: uuid("sanction_id"),
    /** The staff member working it (docs/moderation.md "Triage"); '' when nobody. Live while claimed_at is recent. */
    claimedById: text("claimed_by_id").notNull().default(""),
    claimedByName: text("claimed_by_name").notNull().default(""),
    claimedAt: timestamp("claimed_at", { withTimezone: true, precision: 3 }),
  },
  (t) => [
    index("reported_messages_queue_idx").on(t.latestReportAt),
    index("reported_messages_open_idx")
      .on(t.latestReportAt)
      .where(sql`open_reports > 0`),
  ],
);

/** The messages around a reported one in its channel, copied at its first report, oldest first. */
export const reportEvidence = pgTable(
  "report_evidence",
  {
    reportedMessageId: bigint("reported_message_id", { mode: "number" }).notNull(),
    position: integer("position").notNull(),
    messageId: bigint("message_id", { mode: "number" }).notNull(),
    senderCharacterId: text("sender_character_id").notNull(),
    senderName: text("sender_name").notNull(),
    content: text("content").notNull(),
    sentAt: timestamp("sent_at", { withTimezone: true, precision: 3 }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.reportedMessageId, t.position] })],
);
