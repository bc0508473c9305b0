import { sql } from "drizzle-orm";
import { bigint, check, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uuid } from "drizzle-orm/pg-core";

/**
 * Sanctions (docs/moderation.md): a mute or a ban of one character (character_id set) or of a whole account
 * (character_id null), on one channel, one dimension or everywhere. Nothing lifts a sanction but its expiry (every
 * reader compares expires_at with now) or a revocation, which is recorded here, never deleted. The chat send guard
 * (chat/chat-store.ts) and the account-ban gate read this table directly.
 */
export const sanctions = pgTable(
  "sanctions",
  {
    id: uuid("id").primaryKey(),
    /** "mute" | "ban" */
    kind: text("kind").notNull(),
    /** "channel" | "dimension" | "everywhere" | "game" */
    scope: text("scope").notNull(),
    /** Channel or dimension id; null for "everywhere". */
    scopeId: uuid("scope_id"),
    /** Null: account-wide. */
    characterId: uuid("character_id"),
    /** The account; for a character sanction, the character's owner when it was issued. */
    accountId: text("account_id").notNull(),
    issuedAt: timestamp("issued_at", { withTimezone: true, precision: 3 }).notNull(),
    /** Null: permanent. */
    expiresAt: timestamp("expires_at", { withTimezone: true, precision: 3 }),
    reason: text("reason").notNull(),
    playerMessage: text("player_message").notNull().default(""),
    issuedById: text("issued_by_id").notNull(),
    issuedByName: text("issued_by_name").notNull(),
    revokedAt: timestamp("revoked_at", { withTimezone: true, precision: 3 }),
    revokedById: text("revoked_by_id").notNull().default(""),
    revokedByName: text("revoked_by_name").notNull().default(""),
    revokeReason: text("revoke_reason").notNull().default(""),
    /** chat_messages.id of the chat line it was issued from (its evidence: sanction_evidence); null when none. */
    sourceMessageId: bigint("source_message_id", { mode: "number" }),
    /** Who approved it (docs/moderation.md "Approvals"): the issuer requested it; empty when it needed no approval. */
    approvedById: text("approved_by_id").notNull().default(""),
    approvedByName: text("approved_by_name").notNull().default(""),
  },
  (t) => [
    // The send guard and the read checks: a character's and an account's sanctions that are not revoked.
    index("sanctions_character_live_idx")
      .on(t.characterId)
      .where(sql`revoked_at IS NULL`),
    index("sanctions_account_live_idx")
      .on(t.accountId)
      .where(sql`revoked_at IS NULL AND character_id IS NULL`),
    // History lists, newest first.
    index("sanctions_issued_idx").on(t.issuedAt),
    index("sanctions_account_history_idx").on(t.accountId, t.issuedAt),
    index("sanctions_character_history_idx").on(t.characterId, t.issuedAt),
    check("sanctions_kind_check", sql`${t.kind} IN ('mute', 'ban')`),
    check(
      "sanctions_scope_check",
      sql`(${t.scope} IN ('everywhere', 'game') AND ${t.scopeId} IS NULL) OR (${t.scope} IN ('channel', 'dimension') AND ${t.scopeId} IS NOT NULL)`,
    ),
  ],
);

/**
 * The messages around a sanction's source message, copied when it was issued (docs/moderation.md "Evidence of a
 * sanction"), oldest first. Copies: later deletions, edits or renames change nothing. A sanction from a report has
 * none here: it shows the report's evidence (report_evidence).
 */
export const sanctionEvidence = pgTable(
  "sanction_evidence",
  {
    sanctionId: uuid("sanction_id").notNull(),
    position: integer("position").notNull(),
    messageId: bigint("message_id", { mode: "number" }).notNull(),
    /** Null for a direct message. */
    channelId: uuid("channel_id"),
    channelName: text("channel_name").notNull().default(""),
    senderCharacterId: text("sender_character_id").notNull(),
    senderName: text("sender_name").notNull(),
    content: text("content").notNull(),
    sentAt: timestamp("sent_at", { withTimezone: true, precision: 3 }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.sanctionId, t.position] })],
);

/** The moderation settings: one row (id 1), written by admins. Absent: the defaults of moderation-rules.ts. */
export const moderationSettings = pgTable("moderation_settings", {
  id: integer("id").primaryKey(),
  reasonTemplates: jsonb("reason_templates").$type<string[]>().notNull(),
  /** [{ kind: "mute" | "ban", durationSeconds: number }] mildest first. */
  ladder: jsonb("ladder").$type<{ kind: "mute" | "ban"; durationSeconds: number }[]>().notNull(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});
export * from "./report-schema.js";
export * from "./appeal-schema.js";
export * from "./approval-schema.js";
export * from "./disconnect-schema.js";
