import { and, count, desc, eq, isNull, sql } from "drizzle-orm";
import { characters } from "../character/schema.js";
import type { Db } from "../platform/db/database.js";
import { withStatementTimeout } from "../platform/db/statement-timeout.js";
import type { LogQuery } from "./chat-rules.js";
import type { StoredMessage } from "./chat-store.js";
import { Batcher } from "./batcher.js";
import { filterConditions, senderNames } from "./stored-messages.js";
import { chatMessages, storedMessageColumns } from "./schema.js";

/** Reads of stored messages: a channel's or a character's newest ones, the moderators' paged logs. */

/** A chat_messages row as the store hands it out (send-store.ts stores with it too); times as unix milliseconds. */
export const toStored = (row: {
  id: number;
  channelId: string | null;
  senderCharacterId: string;
  content: string;
  sentAt: Date;
  senderName?: string | null;
}): StoredMessage => ({
  id: row.id,
  channelId: row.channelId,
  senderCharacterId: row.senderCharacterId,
  content: row.content,
  sentAtMs: row.sentAt.getTime(),
  ...(row.senderName === undefined ? {} : { senderName: row.senderName ?? "" }),
});

export function createMessageReads(db: Db) {
  // Every stream reads its channel's history when it opens: thousands at once after a node restarts. The reads that
  // arrive while the database is busy go out as one statement (Batcher), each channel read once for all who asked.
  // A batch starts after each of its callers asked, so no stream gets a history older than its subscription.
  const recentChannelQuery = db
    .select({
      read: sql<number>`v.i`,
      id: sql`m.id`.mapWith(chatMessages.id),
      channelId: sql`m.channel_id`.mapWith(chatMessages.channelId),
      senderCharacterId: sql`m.sender_character_id`.mapWith(chatMessages.senderCharacterId),
      content: sql`m.content`.mapWith(chatMessages.content),
      sentAt: sql`m.sent_at`.mapWith(chatMessages.sentAt),
      senderName: sql<string | null>`(SELECT c.name FROM ${characters} c WHERE c.id::text = m.sender_character_id AND c.deleted_at IS NULL)`,
    })
    .from(
      sql`jsonb_to_recordset(${sql.placeholder("reads")}::jsonb) AS v(i int, channel_id uuid, lim int)
        CROSS JOIN LATERAL (SELECT * FROM ${chatMessages} x WHERE x.channel_id = v.channel_id AND x.deleted_at IS NULL
          ORDER BY x.sent_at DESC, x.id DESC LIMIT v.lim) m`,
    )
    .orderBy(sql`m.sent_at`, sql`m.id`)
    .prepare("chat_recent_channel_messages");
  const recentChannelReads = new Batcher({
    run: async (reads: { channelId: string; limit: number }[]) => {
      // Each (channel, limit) once, however many streams asked for it.
      const distinct = new Map<string, { i: number; channel_id: string; lim: number }>();
      const readOf = reads.map((r) => {
        const key = `${r.channelId}/${r.limit}`;
        let read = distinct.get(key);
        if (!read) distinct.set(key, (read = { i: distinct.size, channel_id: r.channelId, lim: r.limit }));
        return read.i;
      });
      const histories = Array.from(distinct.values(), (): StoredMessage[] => []);
      for (const row of await recentChannelQuery.execute({ reads: JSON.stringify([...distinct.values()]) })) histories[row.read]!.push(toStored(row));
      return readOf.map((i) => histories[i]!);
    },
  });
  const recentDirectQuery = db
    .select({
      ...storedMessageColumns,
      senderName: sql<string | null>`(SELECT c.name FROM ${characters} c WHERE c.id::text = ${chatMessages.senderCharacterId} AND c.deleted_at IS NULL)`,
    })
    .from(chatMessages)
    .where(and(eq(chatMessages.recipientCharacterId, sql.placeholder("characterId")), isNull(chatMessages.deletedAt)))
    .orderBy(desc(chatMessages.sentAt), desc(chatMessages.id))
    .limit(sql.placeholder("limit"))
    .prepare("chat_recent_direct_messages");

  return {
    /** The newest `limit` messages of a channel that were not deleted, oldest first. */
    recentChannelMessages(channelId: string, limit: number): Promise<readonly StoredMessage[]> {
      return recentChannelReads.submit({ channelId, limit });
    },

    /** The newest `limit` direct messages to a character, oldest first. */
    async recentDirectMessages(characterId: string, limit: number): Promise<StoredMessage[]> {
      const rows = await recentDirectQuery.execute({ characterId, limit });
      return rows.map(toStored).reverse();
    },

    /** Names of the characters among `senderIds` that still exist. */
    senderNames: (senderIds: readonly string[]) => senderNames(db, senderIds),

    /**
     * A page of a channel's messages, newest first, with the number of all matches. PostgreSQL stops each statement
     * after `timeoutMs` (the count over a busy channel with a text filter can be long).
     */
    async chatLogs(channelId: string, query: LogQuery, timeoutMs: number): Promise<{ total: number; logs: StoredMessage[] }> {
      if (query.empty) return { total: 0, logs: [] };
      const where = and(
        eq(chatMessages.channelId, channelId),
        query.senderId === undefined ? undefined : eq(chatMessages.senderCharacterId, query.senderId),
        // Deleted messages (tombstones) are not listed; text, sender and the window as in the history browser.
        ...filterConditions(query),
      );
      return withStatementTimeout(db, timeoutMs, async (tx) => {
        const [totalRow] = await tx.select({ total: count() }).from(chatMessages).where(where);
        const total = Number(totalRow?.total ?? 0);
        if (query.limit === 0 || query.offset >= total) return { total, logs: [] };
        const rows = await tx
          .select(storedMessageColumns)
          .from(chatMessages)
          .where(where)
          .orderBy(desc(chatMessages.sentAt), desc(chatMessages.id))
          .limit(query.limit)
          .offset(query.offset);
        return { total, logs: rows.map(toStored) };
      });
    },
  };
}
