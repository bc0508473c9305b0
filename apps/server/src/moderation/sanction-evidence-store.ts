import { and, asc, eq, inArray, isNotNull, isNull, sql } from "drizzle-orm";
import { characters } from "../character/schema.js";
import { chatChannels, chatMessages } from "../chat/schema.js";
import type { Db } from "../platform/db/database.js";
import { messagesAround } from "./message-window.js";
import type { ModeratedMessage } from "./moderated-message.js";
import { reportEvidence, reportedMessages } from "./report-schema.js";
import { sanctionEvidence, sanctions } from "./schema.js";
import type { SourceMessage } from "./sanction-evidence-rules.js";
import type { Tx } from "./tx.js";

/** A sanction's evidence: the message it came from and the messages frozen around it, oldest first. */
export interface SanctionEvidence {
  sourceMessageId: string;
  /** True when it is the evidence of the report whose resolution issued the sanction. */
  fromReport: boolean;
  messages: ModeratedMessage[];
}

/** The SQL of sanctions' evidence (docs/moderation.md "Evidence of a sanction"). Rows, not requests. */
export function createSanctionEvidenceStore(db: Db) {
  return {
    /** A stored message that was not deleted, channel or direct, with its sender's owner (deleted characters too). */
    async source(id: number): Promise<SourceMessage | undefined> {
      const [row] = await db
        .select({
          id: chatMessages.id,
          channelId: chatMessages.channelId,
          recipientCharacterId: chatMessages.recipientCharacterId,
          senderCharacterId: chatMessages.senderCharacterId,
          senderAccountId: characters.ownerId,
          sentAt: chatMessages.sentAt,
        })
        .from(chatMessages)
        .leftJoin(characters, sql`${characters.id}::text = ${chatMessages.senderCharacterId}`)
        .where(and(eq(chatMessages.id, id), isNull(chatMessages.deletedAt)));
      return row && { ...row, senderAccountId: row.senderAccountId ?? "", sentAtMs: row.sentAt.getTime() };
    },

    /** Copies the window around `source` as the sanction's evidence, in the sanction's transaction. */
    async freeze(tx: Tx, sanctionId: string, source: SourceMessage): Promise<void> {
      const [channel] =
        source.channelId === null ? [] : await tx.select({ name: chatChannels.name }).from(chatChannels).where(eq(chatChannels.id, source.channelId));
      const rows = await messagesAround(tx, source);
      await tx.insert(sanctionEvidence).values(
        rows.map((r, position) => ({
          sanctionId,
          position,
          messageId: r.id,
          channelId: r.channelId,
          channelName: channel?.name ?? "",
          senderCharacterId: r.senderCharacterId,
          senderName: r.senderName ?? "",
          content: r.content,
          sentAt: r.sentAt,
        })),
      );
    },

    /**
     * Each sanction's evidence: its own (issued from a chat line) or, for a sanction a report's resolution issued,
     * the reported message's. Sanctions without any are absent from the map.
     */
    async of(sanctionIds: readonly string[]): Promise<Map<string, SanctionEvidence>> {
      const found = new Map<string, SanctionEvidence>();
      if (sanctionIds.length === 0) return found;
      const own = await db
        .select()
        .from(sanctionEvidence)
        .where(inArray(sanctionEvidence.sanctionId, [...sanctionIds]))
        .orderBy(asc(sanctionEvidence.sanctionId), asc(sanctionEvidence.position));
      const sources = await db
        .select({ id: sanctions.id, sourceMessageId: sanctions.sourceMessageId })
        .from(sanctions)
        .where(and(inArray(sanctions.id, [...sanctionIds]), isNotNull(sanctions.sourceMessageId)));
      const sourceOf = new Map(sources.map((s) => [s.id, String(s.sourceMessageId)]));
      for (const r of own) {
        const entry = found.get(r.sanctionId) ?? { sourceMessageId: sourceOf.get(r.sanctionId) ?? "", fromReport: false, messages: [] };
        entry.messages.push({
          id: r.messageId,
          channelId: r.channelId ?? "",
          channelName: r.channelName,
          senderCharacterId: r.senderCharacterId,
          senderName: r.senderName,
          content: r.content,
          sentAtMs: r.sentAt.getTime(),
        });
        found.set(r.sanctionId, entry);
      }
      const withOwn = new Set(found.keys());
      const reported = await db
        .select({
          sanctionId: reportedMessages.sanctionId,
          messageId: reportEvidence.messageId,
          reportedMessageId: reportedMessages.messageId,
          channelId: reportedMessages.channelId,
          channelName: reportedMessages.channelName,
          senderCharacterId: reportEvidence.senderCharacterId,
          senderName: reportEvidence.senderName,
          content: reportEvidence.content,
          sentAt: reportEvidence.sentAt,
        })
        .from(reportedMessages)
        .innerJoin(reportEvidence, eq(reportEvidence.reportedMessageId, reportedMessages.messageId))
        .where(inArray(reportedMessages.sanctionId, [...sanctionIds]))
        .orderBy(asc(reportedMessages.messageId), asc(reportEvidence.position));
      for (const r of reported) {
        if (r.sanctionId === null || withOwn.has(r.sanctionId)) continue;
        const entry = found.get(r.sanctionId) ?? { sourceMessageId: String(r.reportedMessageId), fromReport: true, messages: [] };
        const { channelId, channelName, senderCharacterId, senderName, content } = r;
        entry.messages.push({ id: r.messageId, channelId, channelName, senderCharacterId, senderName, content, sentAtMs: r.sentAt.getTime() });
        found.set(r.sanctionId, entry);
      }
      return found;
    },
  };
}

export type SanctionEvidenceStore = ReturnType<typeof createSanctionEvidenceStore>;
