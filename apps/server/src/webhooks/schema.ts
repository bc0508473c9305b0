import { sql } from "drizzle-orm";
import { boolean, index, integer, jsonb, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";

/** Where admins want events sent (docs/moderation.md "Webhooks"). The secret signs every delivery; never shown again. */
export const webhookEndpoints = pgTable("webhook_endpoints", {
  id: uuid("id").primaryKey(),
  url: text("url").notNull(),
  /** Event types, e.g. "account.banned". */
  events: text("events").array().notNull(),
  /** "json" | "discord" | "slack" */
  format: text("format").notNull(),
  description: text("description").notNull().default(""),
  /** "whsec_" + base64 (Standard Webhooks). */
  secret: text("secret").notNull(),
  enabled: boolean("enabled").notNull().default(true),
  createdAt: timestamp("created_at", { withTimezone: true, precision: 3 }).notNull(),
});

/**
 * One event for one endpoint: the outbox and the delivery log in one row. A node claims due rows for a short lease
 * (claimed_until) so nodes never send the same attempt twice, and sends outside any transaction.
 */
export const webhookDeliveries = pgTable(
  "webhook_deliveries",
  {
    id: uuid("id").primaryKey(),
    webhookId: uuid("webhook_id")
      .notNull()
      .references(() => webhookEndpoints.id, { onDelete: "cascade" }),
    event: text("event").notNull(),
    /** The body as sent, in the endpoint's format at the time the event happened. */
    body: jsonb("body").notNull(),
    /** "pending" | "delivered" | "failed" */
    state: text("state").notNull(),
    attempts: integer("attempts").notNull().default(0),
    lastStatus: integer("last_status").notNull().default(0),
    lastError: text("last_error").notNull().default(""),
    createdAt: timestamp("created_at", { withTimezone: true, precision: 3 }).notNull(),
    nextAttemptAt: timestamp("next_attempt_at", { withTimezone: true, precision: 3 }),
    claimedUntil: timestamp("claimed_until", { withTimezone: true, precision: 3 }),
    deliveredAt: timestamp("delivered_at", { withTimezone: true, precision: 3 }),
  },
  (t) => [
    index("webhook_deliveries_due_idx")
      .on(t.nextAttemptAt)
      .where(sql`state = 'pending'`),
    index("webhook_deliveries_log_idx").on(t.webhookId, t.createdAt),
  ],
);
