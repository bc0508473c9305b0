import { sql } from "drizzle-orm";
import { bigint, bigserial, boolean, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uuid } from "drizzle-orm/pg-core";

export const chatChannels = pgTable(
  "chat_channels",
  {
    id: uuid("id").primaryKey(),
    name: text("name").notNull(),
    /** Null: the channel spans every dimension. */
    dimensionId: uuid("dimension_id"),
    public: boolean("public").notNull().default(false),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
    deletedAt: timestamp("deleted_at", { withTimezone: true }),
  },
  (t) => [
    index("chat_channels_dimension_idx")
      .on(t.dimensionId)
      .where(sql`deleted_at IS NULL`),
  ],
);

/** Which characters may use which private channels. */
export const chatChannelAuthorizations = pgTable(
  "chat_channel_authorizations",
  {
    characterId: uuid("character_id").notNull(),
    channelId: uuid("channel_id").notNull(),
  },
  (t) => [primaryKey({ columns: [t.characterId, t.channelId] }), index("chat_auth_channel_idx").on(t.channelId)],
);

/** Every accepted message, channel or direct, stored before it is fanned out. */
export const chatMessages = pgTable(
  "chat_messages",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    channelId: uuid("channel_id"),
    recipientCharacterId: uuid("recipient_character_id"),
    senderCharacterId: text("sender_character_id").notNull(),
    content: text("content").notNull(),
    sentAt: timestamp("sent_at", { withTimezone: true, precision: 3 }).notNull(),
    /**
     * Set when a moderator deleted the message: a tombstone. The content is emptied in the same write, so
     * no read can show it; the audit record (chat-message.delete / .purge) keeps the old text, who and why.
     */
    deletedAt: timestamp("deleted_at", { withTimezone: true, precision: 3 }),
  },
  (t) => [
    index("chat_messages_channel_idx").on(t.channelId, t.sentAt),
    index("chat_messages_recipient_idx").on(t.recipientCharacterId, t.sentAt),
    // The history browser (docs/moderation.md "History, deletion and purge"): a case-insensitive substring of the
    // content through trigrams (pg_trgm, migration 0001), newest first across channels, and by sender.
    index("chat_messages_content_trgm_idx").using("gin", sql`${t.content} gin_trgm_ops`),
    index("chat_messages_sent_idx")
      .on(t.sentAt, t.id)
      .where(sql`channel_id IS NOT NULL AND deleted_at IS NULL`),
    // A sender's live channel messages, oldest first: the history browser's sender filter, and a purge's batches
    // (each call reads past none of the tombstones the calls before it left).
    index("chat_messages_sender_live_idx")
      .on(t.senderCharacterId, t.sentAt, t.id)
      .where(sql`channel_id IS NOT NULL AND deleted_at IS NULL`),
  ],
);

/** A channel's rules (docs/moderation.md "Channel rules and the review lane"); no row: no rules. */
export const chatChannelRules = pgTable("chat_channel_rules", {
  channelId: uuid("channel_id").primaryKey(),
  slowModeSeconds: integer("slow_mode_seconds").notNull().default(0),
  membersOnly: boolean("members_only").notNull().default(false),
  /** [{ kind: "word" | "pattern", pattern, action: "block" | "hold", message }], in the order they were set. */
  rules: jsonb("rules").$type<{ kind: "word" | "pattern"; pattern: string; action: "block" | "hold"; message: string }[]>().notNull().default([]),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

/** Slow mode across nodes: when each character last sent to a channel that has slow mode on (one atomic upsert). */
export const chatSlowModeSends = pgTable(
  "chat_slow_mode_sends",
  {
    channelId: uuid("channel_id").notNull(),
    characterId: uuid("character_id").notNull(),
    lastSentAt: timestamp("last_sent_at", { withTimezone: true, precision: 3 }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.channelId, t.characterId] })],
);

/** Messages a HOLD rule kept back: waiting (held), or reviewed (allowed: delivered as message_id; denied). */
export const chatHeldMessages = pgTable(
  "chat_held_messages",
  {
    id: uuid("id").primaryKey(),
    channelId: uuid("channel_id").notNull(),
    senderCharacterId: uuid("sender_character_id").notNull(),
    content: text("content").notNull(),
    sentAt: timestamp("sent_at", { withTimezone: true, precision: 3 }).notNull(),
    /** The rule's pattern, and what the rule tells the sender. */
    rule: text("rule").notNull(),
    ruleMessage: text("rule_message").notNull().default(""),
    state: text("state").$type<"held" | "allowed" | "denied">().notNull().default("held"),
    reviewerId: text("reviewer_id"),
    reviewerName: text("reviewer_name"),
    reviewedAt: timestamp("reviewed_at", { withTimezone: true, precision: 3 }),
    reviewReason: text("review_reason"),
    messageId: bigint("message_id", { mode: "number" }),
  },
  (t) => [
    index("chat_held_messages_waiting_idx")
      .on(t.sentAt)
      .where(sql`state = 'held'`),
    index("chat_held_messages_channel_idx").on(t.channelId, t.state, t.sentAt),
  ],
);

/** A stored message as the stores read it (the history browser, chat logs, reports' evidence). */
export const storedMessageColumns = {
  id: chatMessages.id,
  channelId: chatMessages.channelId,
  senderCharacterId: chatMessages.senderCharacterId,
  content: chatMessages.content,
  sentAt: chatMessages.sentAt,
};
