import { sql } from "drizzle-orm";
import { bigserial, index, jsonb, pgTable, text, timestamp } from "drizzle-orm/pg-core";

/**
 * The audit log (docs/moderation.md): one row per write by staff or a game server, inserted in the transaction of
 * the write it records. Append-only: no rpc updates or deletes rows; only retention pruning removes old ones.
 */
export const auditRecords = pgTable(
  "audit_records",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    at: timestamp("at", { withTimezone: true, precision: 3 }).notNull(),
    /** Empty: the system. */
    actorId: text("actor_id").notNull(),
    actorName: text("actor_name").notNull(),
    action: text("action").notNull(),
    targetType: text("target_type").notNull(),
    targetId: text("target_id").notNull(),
    before: jsonb("before"),
    after: jsonb("after"),
    requestId: text("request_id").notNull(),
    sourceAddress: text("source_address").notNull(),
  },
  (t) => [
    index("audit_records_at_idx").on(t.at),
    index("audit_records_actor_idx").on(t.actorId, t.at),
    index("audit_records_target_idx").on(t.targetType, t.targetId, t.at),
    index("audit_records_action_idx").on(t.action, t.at),
    index("audit_records_actor_name_idx").on(sql`lower(${t.actorName})`),
  ],
);
