import { randomUUID } from "node:crypto";
import { isDeepStrictEqual } from "node:util";
import { and, asc, count, eq, isNull, min, sql } from "drizzle-orm";
import { characters } from "../character/schema.js";
import { appendAudit, type AuditActor } from "../audit/audit-trail.js";
import type { Db } from "../platform/db/database.js";
import { NO_RULES, type ChannelRulesFact, type ContentRuleFact } from "./channel-rules.js";
import type { StoredMessage } from "../chat/stored-messages.js";
import { chatChannelRules, chatChannels, chatHeldMessages, chatMessages, chatSlowModeSends } from "../chat/schema.js";

/** Every SQL statement of channel rules, slow mode and the review lane. Knows rows, not requests or status codes. */

export type HeldState = "held" | "allowed" | "denied";

export interface HeldRow {
  id: string;
  channelId: string;
  channelName: string;
  senderId: string;
  senderName: string;
  content: string;
  sentAtMs: number;
  rule: string;
  ruleMessage: string;
  state: HeldState;
  reviewerId: string | null;
  reviewerName: string | null;
  reviewedAtMs: number | null;
  reviewReason: string | null;
  messageId: number | null;
}

const heldColumns = {
  id: chatHeldMessages.id,
  channelId: chatHeldMessages.channelId,
  channelName: sql<string>`coalesce(${chatChannels.name}, '')`,
  senderId: chatHeldMessages.senderCharacterId,
  senderName: sql<string>`coalesce(${characters.name}, '')`,
  content: chatHeldMessages.content,
  sentAt: chatHeldMessages.sentAt,
  rule: chatHeldMessages.rule,
  ruleMessage: chatHeldMessages.ruleMessage,
  state: chatHeldMessages.state,
  reviewerId: chatHeldMessages.reviewerId,
  reviewerName: chatHeldMessages.reviewerName,
  reviewedAt: chatHeldMessages.reviewedAt,
  reviewReason: chatHeldMessages.reviewReason,
  messageId: chatHeldMessages.messageId,
};

type HeldSelect = { sentAt: Date; reviewedAt: Date | null } & Omit<HeldRow, "sentAtMs" | "reviewedAtMs">;
const toHeld = ({ sentAt, reviewedAt, ...row }: HeldSelect): HeldRow => ({ ...row, sentAtMs: sentAt.getTime(), reviewedAtMs: reviewedAt?.getTime() ?? null });

/** The held message as the audit trail keeps it (names resolve later; ids do not change). */
const auditView = (row: HeldRow) => ({
  channelId: row.channelId,
  senderId: row.senderId,
  content: row.content,
  sentAtMs: row.sentAtMs,
  rule: row.rule,
  state: row.state,
  reviewReason: row.reviewReason,
  messageId: row.messageId,
});

/** As stored (JSON): absent and undefined fields are the same. */
const plain = (rules: ChannelRulesFact): unknown => JSON.parse(JSON.stringify(rules));

export function createChannelRulesStore(db: Db) {
  const heldQuery = (tx: Db) =>
    tx
      .select(heldColumns)
      .from(chatHeldMessages)
      .leftJoin(chatChannels, eq(chatChannels.id, chatHeldMessages.channelId))
      .leftJoin(characters, eq(characters.id, chatHeldMessages.senderCharacterId));

  async function heldIn(tx: Db, id: string, lock: boolean): Promise<HeldRow | undefined> {
    const query = heldQuery(tx).where(eq(chatHeldMessages.id, id));
    const [row] = lock ? await query.for("update", { of: chatHeldMessages }) : await query;
    return row && toHeld(row);
  }

  return {
    async channelExists(channelId: string): Promise<boolean> {
      const [row] = await db
        .select({ id: chatChannels.id })
        .from(chatChannels)
        .where(and(eq(chatChannels.id, channelId), isNull(chatChannels.deletedAt)));
      return row !== undefined;
    },

    /** The channel's rules (no row: none). */
    async rules(channelId: string): Promise<ChannelRulesFact> {
      const [row] = await db
        .select({ slowModeSeconds: chatChannelRules.slowModeSeconds, membersOnly: chatChannelRules.membersOnly, rules: chatChannelRules.rules })
        .from(chatChannelRules)
        .where(eq(chatChannelRules.channelId, channelId));
      return row ?? NO_RULES;
    },

    /** Replaces the channel's rules, audited with before and after (unless unchanged); undefined when the channel is not live. */
    setRules(actor: AuditActor, channelId: string, rules: ChannelRulesFact): Promise<ChannelRulesFact | undefined> {
      return db.transaction(async (tx) => {
        const [channel] = await tx
          .select({ id: chatChannels.id })
          .from(chatChannels)
          .where(and(eq(chatChannels.id, channelId), isNull(chatChannels.deletedAt)))
          .for("update");
        if (!channel) return undefined;
        const [before] = await tx
          .select({ slowModeSeconds: chatChannelRules.slowModeSeconds, membersOnly: chatChannelRules.membersOnly, rules: chatChannelRules.rules })
          .from(chatChannelRules)
          .where(eq(chatChannelRules.channelId, channelId));
        // Saving what is already there changes nothing, so it writes nothing: no audit record for a no-op.
        if (isDeepStrictEqual(plain(before ?? NO_RULES), plain(rules))) return rules;
        const values = { slowModeSeconds: rules.slowModeSeconds, membersOnly: rules.membersOnly, rules: rules.rules, updatedAt: new Date() };
        await tx
          .insert(chatChannelRules)
          .values({ channelId, ...values })
          .onConflictDoUpdate({ target: chatChannelRules.channelId, set: values });
        await appendAudit(tx, actor, {
          action: "chat-channel.rules.set",
          targetType: "chat-channel",
          targetId: channelId,
          before: before ?? NO_RULES,
          after: rules,
        });
        return rules;
      });
    },

    /**
     * Slow mode across nodes in one atomic statement: records the send at `nowMs` unless the character's last one on
     * the channel was less than `seconds` ago. Returns 0 when recorded, otherwise the milliseconds left to wait.
     */
    async claimSlowModeSlot(channelId: string, characterId: string, seconds: number, nowMs: number): Promise<number> {
      const now = new Date(nowMs);
      const earliest = new Date(nowMs - seconds * 1000);
      const claimed = await db
        .insert(chatSlowModeSends)
        .values({ channelId, characterId, lastSentAt: now })
        .onConflictDoUpdate({
          target: [chatSlowModeSends.channelId, chatSlowModeSends.characterId],
          set: { lastSentAt: now },
          setWhere: sql`${chatSlowModeSends.lastSentAt} <= ${earliest.toISOString()}::timestamptz`,
        })
        .returning({ at: chatSlowModeSends.lastSentAt });
      if (claimed.length > 0) return 0;
      const [row] = await db
        .select({ at: chatSlowModeSends.lastSentAt })
        .from(chatSlowModeSends)
        .where(and(eq(chatSlowModeSends.channelId, channelId), eq(chatSlowModeSends.characterId, characterId)));
      return Math.max(1, (row?.at.getTime() ?? nowMs) + seconds * 1000 - nowMs);
    },

    /** Stores a message a HOLD rule kept back. */
    async hold(input: { channelId: string; senderCharacterId: string; content: string; sentAtMs: number; rule: ContentRuleFact }): Promise<HeldRow> {
      const id = randomUUID();
      await db.insert(chatHeldMessages).values({
        id,
        channelId: input.channelId,
        senderCharacterId: input.senderCharacterId,
        content: input.content,
        sentAt: new Date(input.sentAtMs),
        rule: input.rule.pattern,
        ruleMessage: input.rule.message,
      });
      return (await heldIn(db, id, false))!;
    },

    held: (id: string) => heldIn(db, id, false),

    /** Held messages in a state, oldest first, optionally of one channel, with the number of all matches. */
    async listHeld(query: { channelId?: string; state: HeldState; limit: number; offset: number }): Promise<{ total: number; rows: HeldRow[] }> {
      const where = and(eq(chatHeldMessages.state, query.state), query.channelId ? eq(chatHeldMessages.channelId, query.channelId) : undefined);
      const [totalRow] = await db.select({ total: count() }).from(chatHeldMessages).where(where);
      const rows = await heldQuery(db).where(where).orderBy(asc(chatHeldMessages.sentAt), asc(chatHeldMessages.id)).limit(query.limit).offset(query.offset);
      return { total: Number(totalRow?.total ?? 0), rows: rows.map(toHeld) };
    },

    /**
     * Ends a held message's review, audited in the same transaction. Allow: the message goes into chat_messages with
     * its original time. Returns undefined for an unknown id, "reviewed" when it was no longer waiting.
     */
    review(
      actor: AuditActor,
      id: string,
      decision: { allow: boolean; reason: string },
      nowMs: number,
    ): Promise<{ held: HeldRow; message?: StoredMessage } | "reviewed" | "channel-gone" | undefined> {
      return db.transaction(async (tx) => {
        const before = await heldIn(tx, id, true);
        if (!before) return undefined;
        if (before.state !== "held") return "reviewed";
        let message: StoredMessage | undefined;
        if (decision.allow) {
          const [channel] = await tx
            .select({ id: chatChannels.id })
            .from(chatChannels)
            .where(and(eq(chatChannels.id, before.channelId), isNull(chatChannels.deletedAt)));
          if (!channel) return "channel-gone";
          const [row] = await tx
            .insert(chatMessages)
            .values({ channelId: before.channelId, senderCharacterId: before.senderId, content: before.content, sentAt: new Date(before.sentAtMs) })
            .returning({ id: chatMessages.id });
          message = {
            id: row!.id,
            channelId: before.channelId,
            senderCharacterId: before.senderId,
            content: before.content,
            sentAtMs: before.sentAtMs,
            senderName: before.senderName,
          };
        }
        await tx
          .update(chatHeldMessages)
          .set({
            state: decision.allow ? "allowed" : "denied",
            reviewerId: actor.id,
            reviewerName: actor.name,
            reviewedAt: new Date(nowMs),
            reviewReason: decision.reason,
            messageId: message?.id ?? null,
          })
          .where(eq(chatHeldMessages.id, id));
        const held = (await heldIn(tx, id, false))!;
        await appendAudit(
          tx,
          actor,
          {
            action: decision.allow ? "chat-held-message.allow" : "chat-held-message.deny",
            targetType: "chat-held-message",
            targetId: id,
            before: auditView(before),
            after: auditView(held),
          },
          nowMs,
        );
        return { held, message };
      });
    },
  };
}

export type ChannelRulesStore = ReturnType<typeof createChannelRulesStore>;

/**
 * Per channel: how many held messages wait for review and when the oldest was sent (unix ms). For the operations
 * wall; channels with none waiting are absent.
 */
export async function heldWaitingByChannel(db: Db): Promise<Map<string, { count: number; oldestSentAtMs: number }>> {
  const rows = await db
    .select({ channelId: chatHeldMessages.channelId, count: count(), oldest: min(chatHeldMessages.sentAt) })
    .from(chatHeldMessages)
    .where(eq(chatHeldMessages.state, "held"))
    .groupBy(chatHeldMessages.channelId);
  return new Map(rows.map((r) => [r.channelId, { count: Number(r.count), oldestSentAtMs: r.oldest!.getTime() }]));
}
