import { createHash } from "node:crypto";
import { and, asc, eq, gte, isNotNull, isNull, lte, sql } from "drizzle-orm";
import { appendAudit, type AuditActor } from "../audit/audit-trail.js";
import { characters } from "../character/schema.js";
import type { Db } from "../platform/db/database.js";
import type { Logger } from "../platform/logger.js";

import { chatMessages } from "../chat/schema.js";
import type { AppBus } from "../cluster-events.js";

/**
 * Deleting stored chat messages (docs/moderation.md "History, deletion and purge"): a tombstone. The row stays (ids
 * and times keep paging stable) but its content is emptied and deleted_at set in the same UPDATE, so no read path can
 * show the text again; the audit record, appended in the same transaction, keeps who and why (and a single deletion's
 * old text; a purge's record holds a count and a digest of the ids, never the texts). After the
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

/** What one purge call removed; moreRemain: it stopped at its bound and matching messages are left. */
export interface PurgedMessages extends DeletedMessages {
  moreRemain: boolean;
}

/**
 * The most messages one purge call tombstones: one call's transaction, locks, audit record and answer stay small
 * (docs/moderation.md "History, deletion and purge"); a larger purge is the same call repeated.
 */
export const MAX_PURGE_PER_CALL = 5_000;

/** The most ids one bus event carries; a larger purge publishes several. */
const IDS_PER_EVENT = 1_000;

const MESSAGE_ID = /^[1-9][0-9]{0,17}$/;

/** A wire id ("123") as the row id, or undefined when it cannot be one. */
export const storedMessageId = (id: string): number | undefined => (MESSAGE_ID.test(id) ? Number(id) : undefined);

export interface MessageDeletion {
  /**
   * With the caller's transaction `tx`: tombstones the channel message `id` and appends its
   * audit record (action "chat-message.delete", target "chat-message" `id`, before: the message, after: the reason).
   * undefined: no such channel message (a direct message counts as none), or it was already deleted (nothing written). `reason` must already be valid (1..500
   * characters). Call `announce` with the result once the transaction has committed.
   */
  deleteInTransaction(tx: Db, actor: AuditActor, id: string, reason: string): Promise<DeletedMessages | undefined>;
  /** deleteInTransaction in its own transaction, then announce: the whole deletion in one call. */
  deleteMessage(actor: AuditActor, id: string, reason: string): Promise<DeletedMessages | undefined>;
  /**
   * With `tx`: tombstones the target's oldest `limit` (default MAX_PURGE_PER_CALL) live channel messages in the
   * window (sender by sender, by time) and appends ONE audit record (action "chat-message.purge", target the
   * character or the account, after: reason, window, count, the ids' digest, moreRemain; no texts).
   * Nothing matched: nothing written, empty result.
   */
  purgeInTransaction(tx: Db, actor: AuditActor, target: PurgeTarget, reason: string, limit?: number): Promise<PurgedMessages>;
  purge(actor: AuditActor, target: PurgeTarget, reason: string, limit?: number): Promise<PurgedMessages>;
  /** Tells the streams of every affected channel, on every node, to drop the messages. A bus failure is logged, not thrown. */
  announce(deleted: DeletedMessages): Promise<void>;
}

export interface MessageDeletionDeps {
  db: Db;
  bus: AppBus;
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

type PurgedMessage = Pick<OldMessage, "id" | "channelId" | "sentAt">;
const purgedColumns = { id: chatMessages.id, channelId: chatMessages.channelId, sentAt: chatMessages.sentAt };

/** The purged ids in a few bytes: how many, the lowest and highest, and SHA-256 of all of them ascending, comma-separated. */
function idDigest(ids: readonly string[]) {
  const sorted = ids.map(Number).sort((a, b) => a - b);
  return {
    firstId: String(sorted[0]),
    lastId: String(sorted.at(-1)),
    idsSha256: createHash("sha256").update(sorted.join(",")).digest("hex"),
  };
}

function deletedOf(rows: readonly PurgedMessage[]): DeletedMessages {
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

/**
 * One sender at a time, each through chat_messages_sender_live_idx: an account's characters are few, and the index
 * holds no tombstone, so the calls that continue a large purge read no more than the first one did.
 */
async function sendersOf(tx: Db, target: PurgeTarget): Promise<string[]> {
  if (target.characterId !== null) return [target.characterId];
  // Every character the account ever had, deleted ones too: their messages are still stored.
  const rows = await tx
    .select({ id: sql<string>`${characters.id}::text` })
    .from(characters)
    .where(eq(characters.ownerId, target.accountId ?? ""))
    .orderBy(characters.id);
  return rows.map((c) => c.id);
}

const liveOf = (sender: string, target: PurgeTarget) =>
  and(
    eq(chatMessages.senderCharacterId, sender),
    isNotNull(chatMessages.channelId),
    isNull(chatMessages.deletedAt),
    target.fromMs === null ? undefined : gte(chatMessages.sentAt, new Date(target.fromMs)),
    target.toMs === null ? undefined : lte(chatMessages.sentAt, new Date(target.toMs)),
  );

/** How many live channel messages a purge of `target` would match, counted up to `upTo` (a bounded read). */
export async function countPurgeable(db: Db, target: PurgeTarget, upTo: number): Promise<number> {
  let total = 0;
  for (const sender of await sendersOf(db, target)) {
    if (total >= upTo) break;
    const rows = await db
      .select({ id: chatMessages.id })
      .from(chatMessages)
      .where(liveOf(sender, target))
      .limit(upTo - total);
    total += rows.length;
  }
  return total;
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
        // Direct messages are their two characters' own: no moderation path reads or removes them, so a DM's id
        // is as unknown here as an id never used.
        .where(and(eq(chatMessages.id, rowId), isNotNull(chatMessages.channelId), isNull(chatMessages.deletedAt)))
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

    async purgeInTransaction(tx, actor, target, reason, limit = MAX_PURGE_PER_CALL) {
      const senders = await sendersOf(tx, target);
      const live = (sender: string) => liveOf(sender, target);
      const old: PurgedMessage[] = [];
      for (const sender of senders) {
        if (old.length === limit) break;
        old.push(
          ...(await tx
            .select(purgedColumns)
            .from(chatMessages)
            .where(live(sender))
            .orderBy(asc(chatMessages.sentAt), asc(chatMessages.id))
            .limit(limit - old.length)
            .for("update")),
        );
      }
      if (old.length === 0) return { ids: [], byChannel: {}, moreRemain: false };
      old.sort((a, b) => a.sentAt.getTime() - b.sentAt.getTime() || a.id - b.id);
      const atMs = now();
      await tombstone(
        tx,
        old.map((m) => m.id),
        atMs,
      );
      // Read after the tombstones, in the same transaction: what matches now is what the next call would delete.
      let moreRemain = false;
      if (old.length === limit) {
        for (const sender of senders) {
          if ((await tx.select({ id: chatMessages.id }).from(chatMessages).where(live(sender)).limit(1)).length > 0) {
            moreRemain = true;
            break;
          }
        }
      }
      const window = {
        from: target.fromMs === null ? null : new Date(target.fromMs).toISOString(),
        to: target.toMs === null ? null : new Date(target.toMs).toISOString(),
      };
      const deleted = deletedOf(old);
      await appendAudit(
        tx,
        actor,
        {
          action: "chat-message.purge",
          targetType: target.characterId !== null ? "character" : "account",
          targetId: target.characterId ?? target.accountId ?? "",
          // Small whatever the purge's size: a count and a digest of the ids, never the texts. The tombstones
          // themselves carry the record's time (deleted_at), so the messages can be listed again from the database.
          after: { deleted: true, reason, window, count: old.length, ...idDigest(deleted.ids), moreRemain },
        },
        atMs,
      );
      return { ...deleted, moreRemain };
    },

    async purge(actor, target, reason, limit) {
      const deleted = await db.transaction((tx) => self.purgeInTransaction(tx, actor, target, reason, limit));
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
