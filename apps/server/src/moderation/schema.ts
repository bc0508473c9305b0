import { sql } from "drizzle-orm";
import { check, index, integer, jsonb, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";

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
