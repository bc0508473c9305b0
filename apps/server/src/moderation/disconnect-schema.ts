import { index, pgTable, timestamp, uuid } from "drizzle-orm/pg-core";

/**
 * Ban to disconnect (docs/moderation.md "Operations wall"): per account ban that ended at least one stream, when it
 * was issued and when the last of the account's streams ended, the latest over every node that ended some (each node
 * raises last_stream_ended_at to its own). A ban that ended no stream (the player was offline) has no row.
 */
export const sanctionDisconnects = pgTable(
  "sanction_disconnects",
  {
    /** sanctions.id */
    sanctionId: uuid("sanction_id").primaryKey(),
    issuedAt: timestamp("issued_at", { withTimezone: true, precision: 3 }).notNull(),
    lastStreamEndedAt: timestamp("last_stream_ended_at", { withTimezone: true, precision: 3 }).notNull(),
  },
  (t) => [index("sanction_disconnects_issued_idx").on(t.issuedAt)],
);
