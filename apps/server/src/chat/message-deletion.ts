import { and, asc, eq, gte, inArray, isNotNull, isNull, lte, sql, type SQL } from "drizzle-orm";
import { appendAudit, type AuditActor } from "../audit/audit-trail.js";
import { characters } from "../character/schema.js";
import type { Db } from "../platform/db/database.js";
import type { Logger } from "../platform/logger.js";
import type { ChatBus } from "./chat-bus.js";
import { chatMessages } from "./schema.js";

/**
 * Deleting stored chat messages (docs/moderation.md "History, deletion and purge"): a tombstone. The row stays (ids
 * and times keep paging stable) but its content is emptied and deleted_at set in the same UPDATE, so no read path can
 * show the text again; the audit record, appended in the same transaction, keeps the old text, who and why. After the
 * transaction commits, `announce` tells every node's open streams of the affected channels to drop the messages.
 */

/** What a deletion removed. Ids are chat_messages ids as decimal strings (ChatMessage.id on the wire). */
export interface DeletedMessages {
  /** Every tombstoned message, oldest first. */
  ids: string[];
  /** Channel id → that channel's tombstoned ids (direct messages are not listed: their streams take no notices). */
  byChannel: Record<string, string[]>;
}

/** Whose messages a purge removes, in which window (inclusive unix milliseconds; null: unbounded). */
export interface PurgeTarget {
  /** Exactly one of the two. */
  characterId: string | null;
  accountId: string | null;
  fromMs: number | null;
  toMs: number | null;
}

/** The most ids one bus event carries; a larger purge publishes several. */
const IDS_PER_EVENT = 1_000;

const MESSAGE_ID = /^[1-9][0-9]{0,17}$/;

/** A wire id ("123") as the row id, or undefined when it cannot be one. */
export const storedMessageId = (id: string): number | undefined => (MESSAGE_ID.test(id) ? Number(id) : undefined);

export interface MessageDeletion {
  /**
   * With the caller's transaction `tx`: tombstones the message `id` (a channel or direct message) and appends its
   * audit record (action "chat-message.delete", target "chat-message" `id`, before: the message, after: the reason).
   * undefined: no such message, or it was already deleted (nothing written). `reason` must already be valid (1..500
   * characters). Call `announce` with the result once the transaction has committed.
   */
  deleteInTransaction(tx: Db, actor: AuditActor, id: string, reason: string): Promise<DeletedMessages | undefined>;
  /** deleteInTransaction in its own transaction, then announce: the whole deletion in one call. */
  deleteMessage(actor: AuditActor, id: string, reason: string): Promise<DeletedMessages | undefined>;
  /**
   * With `tx`: tombstones every channel message of the target in the window and appends ONE audit record (action
   * "chat-message.purge", target the character or the account, before: the messages, after: reason, window, count).
   * Nothing matched: nothing written, empty result.
   */
  purgeInTransaction(tx: Db, actor: AuditActor, target: PurgeTarget, reason: string): Promise<DeletedMessages>;
  purge(actor: AuditActor, target: PurgeTarget, reason: string): Promise<DeletedMessages>;
  /** Tells the streams of every affected channel, on every node, to drop the messages. A bus failure is logged, not thrown. */
  announce(deleted: DeletedMessages): Promise<void>;
}

export interface MessageDeletionDeps {
  db: Db;
  bus: ChatBus;
  logger: Logger;
  now?: () => number;
}

type OldMessage = { id: number; channelId: string | null; senderCharacterId: string; content: string; sentAt: Date };

const oldColumns = {
  id: chatMessages.id,
  channelId: chatMessages.channelId,
  senderCharacterId: chatMessages.senderCharacterId,
  content: chatMessages.content,
  sentAt: chatMessages.sentAt,
};

const auditMessage = (m: OldMessage) => ({
  id: String(m.id),
  channelId: m.channelId,
  senderCharacterId: m.senderCharacterId,
  content: m.content,
  sentAt: m.sentAt.toISOString(),
});

function deletedOf(rows: readonly OldMessage[]): DeletedMessages {
  const byChannel: Record<string, string[]> = {};
  for (const m of rows) if (m.channelId !== null) (byChannel[m.channelId] ??= []).push(String(m.id));
  return { ids: rows.map((m) => String(m.id)), byChannel };
}

/** Empties and stamps the locked rows `ids` (a JSON parameter: any number of ids, one statement text). */
async function tombstone(tx: Db, ids: readonly number[], atMs: number): Promise<void> {
  if (ids.length === 0) return;
  await tx
    .update(chatMessages)
    .set({ content: "", deletedAt: new Date(atMs) })
    .where(sql`${chatMessages.id} IN (SELECT jsonb_array_elements_text(${JSON.stringify(ids)}::jsonb)::bigint)`);
}

export function createMessageDeletion(deps: MessageDeletionDeps): MessageDeletion {
  const { db, bus } = deps;
  const now = deps.now ?? Date.now;

  const self: MessageDeletion = {
    async deleteInTransaction(tx, actor, id, reason) {
      const rowId = storedMessageId(id);
      if (rowId === undefined) return undefined;
      const [old] = await tx
        .select(oldColumns)
        .from(chatMessages)
        .where(and(eq(chatMessages.id, rowId), isNull(chatMessages.deletedAt)))
        .for("update");
      if (!old) return undefined;
      const atMs = now();
      await tombstone(tx, [old.id], atMs);
      await appendAudit(
        tx,
        actor,
        { action: "chat-message.delete", targetType: "chat-message", targetId: String(old.id), before: auditMessage(old), after: { deleted: true, reason } },
        atMs,
      );
      return deletedOf([old]);
    },

    async deleteMessage(actor, id, reason) {
      const deleted = await db.transaction((tx) => self.deleteInTransaction(tx, actor, id, reason));
      if (deleted) await self.announce(deleted);
      return deleted;
    },

    async purgeInTransaction(tx, actor, target, reason) {
      const senders: SQL =
        target.characterId !== null
          ? eq(chatMessages.senderCharacterId, target.characterId)
          : // Every character the account ever had, deleted ones too: their messages are still stored.
            inArray(
              chatMessages.senderCharacterId,
              tx
                .select({ id: sql<string>`${characters.id}::text` })
                .from(characters)
                .where(eq(characters.ownerId, target.accountId ?? "")),
            );
      const old = await tx
        .select(oldColumns)
        .from(chatMessages)
        .where(
          and(
            senders,
            isNotNull(chatMessages.channelId),
            isNull(chatMessages.deletedAt),
            target.fromMs === null ? undefined : gte(chatMessages.sentAt, new Date(target.fromMs)),
            target.toMs === null ? undefined : lte(chatMessages.sentAt, new Date(target.toMs)),
          ),
        )
        .orderBy(asc(chatMessages.sentAt), asc(chatMessages.id))
        .for("update");
      if (old.length === 0) return { ids: [], byChannel: {} };
      const atMs = now();
      await tombstone(
        tx,
        old.map((m) => m.id),
        atMs,
      );
      const window = {
        from: target.fromMs === null ? null : new Date(target.fromMs).toISOString(),
        to: target.toMs === null ? null : new Date(target.toMs).toISOString(),
      };
      await appendAudit(
        tx,
        actor,
        {
          action: "chat-message.purge",
          targetType: target.characterId !== null ? "character" : "account",
          targetId: target.characterId ?? target.accountId ?? "",
          before: { messages: old.map(auditMessage) },
          after: { deleted: true, reason, window, count: old.length },
        },
        atMs,
      );
      return deletedOf(old);
    },

    async purge(actor, target, reason) {
      const deleted = await db.transaction((tx) => self.purgeInTransaction(tx, actor, target, reason));
      if (deleted.ids.length > 0) await self.announce(deleted);
      return deleted;
    },

    async announce(deleted) {
      try {
        await Promise.all(
          Object.entries(deleted.byChannel).flatMap(([channelId, ids]) => {
            const events: Promise<void>[] = [];
            for (let i = 0; i < ids.length; i += IDS_PER_EVENT) {
              events.push(bus.publish({ kind: "channel", id: channelId }, { type: "messages-deleted", ids: ids.slice(i, i + IDS_PER_EVENT) }));
            }
            return events;
          }),
        );
      } catch (error) {
        deps.logger.error({ err: error, count: deleted.ids.length }, "could not announce deleted chat messages; reads no longer show them");
      }
    },
  };
  return self;
}
