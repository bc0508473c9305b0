import { countPurgeable, type PurgeTarget } from "./message-deletion.js";
import { and, desc, eq, inArray, isNotNull, sql } from "drizzle-orm";
import { characters } from "../character/schema.js";
import type { Db } from "../platform/db/database.js";
import { withStatementTimeout } from "../platform/db/statement-timeout.js";
import { filterConditions, senderNames } from "../chat/stored-messages.js";
import type { SearchQuery } from "./history-rules.js";
import { senderOwners, type ModeratedMessage } from "./moderated-message.js";
import { chatChannels, chatMessages, storedMessageColumns } from "../chat/schema.js";

/** The history browser's SQL (docs/moderation.md "History, deletion and purge"). Knows rows, not requests. */

export function createHistoryStore(db: Db) {
  return {
    /** How many live channel messages a purge of `target` would match, counted up to `upTo`. */
    countPurgeable: (target: PurgeTarget, upTo: number) => countPurgeable(db, target, upTo),
    /**
     * Channel messages (not direct ones) without deleted ones, newest first (sent_at, then id), `limit` + 1 rows so the
     * caller knows whether a next page exists. The keyset (sent_at, id) < (…) walks chat_messages_sent_idx backwards;
     * a text filter may instead read the trigram index and sort what matched (the planner picks: bench chat-search).
     * PostgreSQL stops the read after `timeoutMs` (an error `isStatementTimeout` knows).
     */
    async search(query: SearchQuery, timeoutMs: number): Promise<ModeratedMessage[]> {
      const rows = await withStatementTimeout(db, timeoutMs, (tx) =>
        tx
          .select(storedMessageColumns)
          .from(chatMessages)
          .where(
            and(
              isNotNull(chatMessages.channelId),
              query.channelId === undefined ? undefined : eq(chatMessages.channelId, query.channelId),
              query.senderAccountId === undefined
                ? undefined
                : sql`${chatMessages.senderCharacterId} IN (SELECT ${characters.id}::text FROM ${characters} WHERE ${characters.ownerId} = ${query.senderAccountId})`,
              ...filterConditions(query),
              query.after === undefined
                ? undefined
                : sql`(${chatMessages.sentAt}, ${chatMessages.id}) < (${new Date(query.after.sentAtMs)}, ${query.after.id})`,
            ),
          )
          .orderBy(desc(chatMessages.sentAt), desc(chatMessages.id))
          .limit(query.limit + 1),
      );
      const channelIds = [...new Set(rows.map((r) => r.channelId!))];
      const [names, owners, channels] = await Promise.all([
        senderNames(
          db,
          rows.map((r) => r.senderCharacterId),
        ),
        senderOwners(
          db,
          rows.map((r) => r.senderCharacterId),
        ),
        channelIds.length === 0
          ? []
          : db.select({ id: chatChannels.id, name: chatChannels.name }).from(chatChannels).where(inArray(chatChannels.id, channelIds)),
      ]);
      const channelNames = new Map(channels.map((c) => [c.id, c.name]));
      return rows.map((r) => ({
        id: r.id,
        channelId: r.channelId!,
        channelName: channelNames.get(r.channelId!) ?? "",
        senderCharacterId: r.senderCharacterId,
        senderName: names.get(r.senderCharacterId.toLowerCase()) ?? "",
        senderAccountId: owners.get(r.senderCharacterId.toLowerCase()) ?? "",
        content: r.content,
        sentAtMs: r.sentAt.getTime(),
      }));
    },

    /** Whether a character row with this id was ever written (deleted ones count: their messages stay). */
    /** The character's name, or undefined when there is no such character. */
    async characterName(id: string): Promise<string | undefined> {
      const [row] = await db.select({ name: characters.name }).from(characters).where(eq(characters.id, id));
      return row?.name;
    },

    async accountHasCharacters(accountId: string): Promise<boolean> {
      const [row] = await db.select({ id: characters.id }).from(characters).where(eq(characters.ownerId, accountId)).limit(1);
      return row !== undefined;
    },
  };
}

export type HistoryStore = ReturnType<typeof createHistoryStore>;
