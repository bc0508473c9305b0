import { and, desc, eq, gt, isNull, sql } from "drizzle-orm";
import { characters } from "../character/schema.js";
import type { Db } from "../platform/db/database.js";
import { chatMessages, storedMessageColumns } from "./schema.js";
import type { StoredMessage } from "./chat-store.js";

/**
 * What a reconnecting channel stream missed: the stored messages newer than the last one its client has. Ids grow
 * in insertion order (a held message allowed later gets its id then), so "newer than" is "higher id", whatever
 * its sent time.
 */
export function createResumeReads(db: Db) {
  const afterQuery = db
    .select({
      ...storedMessageColumns,
      // The speaker's name as a live message carries it; a deleted character's lines carry none.
      senderName: sql<string | null>`(SELECT c.name FROM ${characters} c WHERE c.id::text = ${chatMessages.senderCharacterId} AND c.deleted_at IS NULL)`,
    })
    .from(chatMessages)
    .where(and(eq(chatMessages.channelId, sql.placeholder("channelId")), gt(chatMessages.id, sql.placeholder("afterId")), isNull(chatMessages.deletedAt)))
    .orderBy(desc(chatMessages.id))
    .limit(sql.placeholder("limit"))
    .prepare("chat_channel_messages_after");
  return {
    /** The newest `limit` undeleted messages of a channel with an id above `afterId`, oldest first. */
    async channelMessagesAfter(channelId: string, afterId: number, limit: number): Promise<StoredMessage[]> {
      const rows = await afterQuery.execute({ channelId, afterId, limit });
      return rows.reverse().map((row) => ({
        id: row.id,
        channelId: row.channelId,
        senderCharacterId: row.senderCharacterId,
        content: row.content,
        sentAtMs: row.sentAt.getTime(),
        senderName: row.senderName ?? "",
      }));
    },
  };
}
