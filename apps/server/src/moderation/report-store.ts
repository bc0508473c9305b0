import { randomUUID } from "node:crypto";
import { and, asc, count, desc, eq, exists, gt, gte, inArray, isNull, sql, type SQL } from "drizzle-orm";
import { characters } from "../character/schema.js";
import { chatChannels, chatMessages, storedMessageColumns } from "../chat/schema.js";
import type { Db } from "../platform/db/database.js";
import { type Outcome, type QueueQuery, type Reason } from "./report-rules.js";
import { chatReports, reportEvidence, reportedMessages } from "./report-schema.js";
import type { Tx } from "./sanction-store.js";
import { withSenderAccounts, type ModeratedMessage } from "./moderated-message.js";
import { messagesAround } from "./message-window.js";

/** Every SQL statement of player reports. Knows rows, not requests, tokens or status codes. */

export interface ChannelMessage {
  id: number;
  channelId: string;
  senderCharacterId: string;
  content: string;
  sentAtMs: number;
}

export interface ReportRecord {
  id: string;
  messageId: number;
  reporterCharacterId: string;
  reporterCharacterName: string;
  reporterAccountId: string;
  reason: Reason;
  details: string;
  messageContent: string;
  createdAtMs: number;
  outcome: Outcome | null;
  resolvedAtMs: number | null;
}

export interface ReportedMessageRecord {
  message: ModeratedMessage;
  latestReportAtMs: number;
  openReports: number;
  outcome: Outcome | null;
  resolvedAtMs: number | null;
  resolvedById: string;
  resolvedByName: string;
  resolutionNote: string;
  sanctionId: string | null;
  claimedById: string;
  claimedByName: string;
  claimedAtMs: number | null;
}

const reportColumns = {
  id: chatReports.id,
  messageId: chatReports.messageId,
  reporterCharacterId: chatReports.reporterCharacterId,
  reporterCharacterName: characters.name,
  reporterAccountId: chatReports.reporterAccountId,
  reason: chatReports.reason,
  details: chatReports.details,
  messageContent: chatReports.messageContent,
  createdAt: chatReports.createdAt,
  outcome: chatReports.outcome,
  resolvedAt: chatReports.resolvedAt,
};

type ReportRow = {
  id: string;
  messageId: number;
  reporterCharacterId: string;
  reporterCharacterName: string | null;
  reporterAccountId: string;
  reason: string;
  details: string;
  messageContent: string;
  createdAt: Date;
  outcome: string | null;
  resolvedAt: Date | null;
};

const toReport = (r: ReportRow): ReportRecord => ({
  id: r.id,
  messageId: r.messageId,
  reporterCharacterId: r.reporterCharacterId,
  reporterCharacterName: r.reporterCharacterName ?? "",
  reporterAccountId: r.reporterAccountId,
  reason: r.reason as Reason,
  details: r.details,
  messageContent: r.messageContent,
  createdAtMs: r.createdAt.getTime(),
  outcome: r.outcome as Outcome | null,
  resolvedAtMs: r.resolvedAt?.getTime() ?? null,
});

const toReported = (r: typeof reportedMessages.$inferSelect): ReportedMessageRecord => ({
  message: {
    id: r.messageId,
    channelId: r.channelId,
    channelName: r.channelName,
    senderCharacterId: r.senderCharacterId,
    senderName: r.senderName,
    content: r.content,
    sentAtMs: r.sentAt.getTime(),
  },
  latestReportAtMs: r.latestReportAt.getTime(),
  openReports: r.openReports,
  outcome: r.outcome as Outcome | null,
  resolvedAtMs: r.resolvedAt?.getTime() ?? null,
  resolvedById: r.resolvedById,
  resolvedByName: r.resolvedByName,
  resolutionNote: r.resolutionNote,
  sanctionId: r.sanctionId,
  claimedById: r.claimedById,
  claimedByName: r.claimedByName,
  claimedAtMs: r.claimedAt?.getTime() ?? null,
});

export function createReportStore(db: Db) {
  const reportSelect = (q: Db | Tx = db) => q.select(reportColumns).from(chatReports).leftJoin(characters, eq(characters.id, chatReports.reporterCharacterId));

  return {
    /** A live character's owner and name. */
    async character(id: string): Promise<{ id: string; ownerId: string; name: string } | undefined> {
      const [row] = await db
        .select({ id: characters.id, ownerId: characters.ownerId, name: characters.name })
        .from(characters)
        .where(and(eq(characters.id, id), isNull(characters.deletedAt)));
      return row;
    },

    /** Who owns (or owned) a character, even a deleted one. */
    async ownerOf(characterId: string): Promise<string | undefined> {
      const [row] = await db
        .select({ ownerId: characters.ownerId })
        .from(characters)
        .where(sql`${characters.id}::text = ${characterId}`);
      return row?.ownerId;
    },

    /** A stored channel message that was not deleted (direct messages are never reported). */
    async channelMessage(id: number): Promise<ChannelMessage | undefined> {
      const [row] = await db
        .select(storedMessageColumns)
        .from(chatMessages)
        .where(and(eq(chatMessages.id, id), isNull(chatMessages.deletedAt)));
      if (!row || row.channelId === null) return undefined;
      return { id: row.id, channelId: row.channelId, senderCharacterId: row.senderCharacterId, content: row.content, sentAtMs: row.sentAt.getTime() };
    },

    /** Reports an account filed since `sinceMs`. */
    async filedSince(accountId: string, sinceMs: number): Promise<number> {
      const [row] = await db
        .select({ n: count() })
        .from(chatReports)
        .where(and(eq(chatReports.reporterAccountId, accountId), gte(chatReports.createdAt, new Date(sinceMs))));
      return Number(row?.n ?? 0);
    },

    async openReportOf(tx: Tx, messageId: number, characterId: string): Promise<ReportRecord | undefined> {
      const [row] = await reportSelect(tx).where(
        and(eq(chatReports.messageId, messageId), eq(chatReports.reporterCharacterId, characterId), isNull(chatReports.resolvedAt)),
      );
      return row && toReport(row);
    },

    /**
     * Records the message as reported. At its first report (no row yet) the message and the messages around it are
     * copied as evidence; later reports only move it up the queue. Returns true when it froze the evidence.
     */
    async markReported(tx: Tx, m: ChannelMessage, atMs: number): Promise<boolean> {
      const at = new Date(atMs);
      const [channel] = await tx.select({ name: chatChannels.name }).from(chatChannels).where(eq(chatChannels.id, m.channelId));
      const [sender] = await tx
        .select({ name: characters.name })
        .from(characters)
        .where(sql`${characters.id}::text = ${m.senderCharacterId}`);
      const inserted = await tx
        .insert(reportedMessages)
        .values({
          messageId: m.id,
          channelId: m.channelId,
          channelName: channel?.name ?? "",
          senderCharacterId: m.senderCharacterId,
          senderName: sender?.name ?? "",
          content: m.content,
          sentAt: new Date(m.sentAtMs),
          firstReportAt: at,
          latestReportAt: at,
          openReports: 1,
        })
        .onConflictDoNothing()
        .returning({ messageId: reportedMessages.messageId });
      if (inserted.length === 0) {
        await tx
          .update(reportedMessages)
          .set({ latestReportAt: at, openReports: sql`${reportedMessages.openReports} + 1` })
          .where(eq(reportedMessages.messageId, m.id));
        return false;
      }
      const rows = await messagesAround(tx, { ...m, recipientCharacterId: null });
      await tx.insert(reportEvidence).values(
        rows.map((r, position) => ({
          reportedMessageId: m.id,
          position,
          messageId: r.id,
          senderCharacterId: r.senderCharacterId,
          senderName: r.senderName ?? "",
          content: r.content,
          sentAt: r.sentAt,
        })),
      );
      return true;
    },

    async insertReport(
      tx: Tx,
      r: { messageId: number; reporterCharacterId: string; reporterAccountId: string; reason: Reason; details: string; messageContent: string; atMs: number },
    ): Promise<string> {
      const id = randomUUID();
      await tx.insert(chatReports).values({
        id,
        messageId: r.messageId,
        reporterCharacterId: r.reporterCharacterId,
        reporterAccountId: r.reporterAccountId,
        reason: r.reason,
        details: r.details,
        messageContent: r.messageContent,
        createdAt: new Date(r.atMs),
      });
      return id;
    },

    async report(id: string, q: Db | Tx = db): Promise<ReportRecord | undefined> {
      const [row] = await reportSelect(q).where(eq(chatReports.id, id));
      return row && toReport(row);
    },

    /** An account's own reports, newest first. */
    async mine(accountId: string, limit = 500): Promise<ReportRecord[]> {
      const rows = await reportSelect()
        .where(eq(chatReports.reporterAccountId, accountId))
        .orderBy(desc(chatReports.createdAt), desc(chatReports.id))
        .limit(limit);
      return rows.map(toReport);
    },

    /** The queue's filters on reported_messages (open or not is the caller's). */
    queueFilters(query: QueueQuery): SQL[] {
      const filters: SQL[] = [];
      if (query.reporterAccountId !== undefined) {
        const reporter = db
          .select({ one: sql`1` })
          .from(chatReports)
          .where(and(eq(chatReports.messageId, reportedMessages.messageId), eq(chatReports.reporterAccountId, query.reporterAccountId)));
        filters.push(exists(reporter));
      }
      if (query.senderAccountId !== undefined) {
        // The sender's characters belong to the account (a deleted character still does).
        const sender = db
          .select({ one: sql`1` })
          .from(characters)
          .where(and(sql`${characters.id}::text = ${reportedMessages.senderCharacterId}`, eq(characters.ownerId, query.senderAccountId)));
        filters.push(exists(sender));
      }
      return filters;
    },

    /** Resolved messages (no open report) matching the filters, newest report first: the queue after the open ones. */
    async resolvedPage(filters: SQL[], limit: number, offset: number): Promise<{ total: number; messages: ReportedMessageRecord[] }> {
      const where = and(eq(reportedMessages.openReports, 0), ...filters);
      const [totalRow] = await db.select({ total: count() }).from(reportedMessages).where(where);
      const total = Number(totalRow?.total ?? 0);
      if (limit <= 0 || offset >= total) return { total, messages: [] };
      const rows = await db
        .select()
        .from(reportedMessages)
        .where(where)
        .orderBy(desc(reportedMessages.latestReportAt), desc(reportedMessages.messageId))
        .limit(limit)
        .offset(offset);
      return { total, messages: rows.map(toReported) };
    },

    /** These reported messages, in the given order. */
    async byIds(ids: readonly number[]): Promise<ReportedMessageRecord[]> {
      if (ids.length === 0) return [];
      const rows = await db
        .select()
        .from(reportedMessages)
        .where(inArray(reportedMessages.messageId, [...ids]));
      const found = new Map(rows.map((r) => [r.messageId, toReported(r)]));
      return ids.flatMap((id) => found.get(id) ?? []);
    },

    /** Reports of these messages, newest first. */
    async reportsOf(messageIds: readonly number[]): Promise<ReportRecord[]> {
      if (messageIds.length === 0) return [];
      const rows = await reportSelect()
        .where(inArray(chatReports.messageId, [...messageIds]))
        .orderBy(desc(chatReports.createdAt), desc(chatReports.id));
      return rows.map(toReport);
    },

    async reported(messageId: number, q: Db | Tx = db): Promise<ReportedMessageRecord | undefined> {
      const [row] = await q.select().from(reportedMessages).where(eq(reportedMessages.messageId, messageId));
      return row && toReported(row);
    },

    /** The messages with their senders' owners (the player page's links). */
    withSenderAccounts: <T extends ModeratedMessage>(messages: readonly T[]) => withSenderAccounts(db, messages),

    async evidence(messageId: number): Promise<ModeratedMessage[]> {
      const rows = await db
        .select({
          id: reportEvidence.messageId,
          senderCharacterId: reportEvidence.senderCharacterId,
          senderName: reportEvidence.senderName,
          content: reportEvidence.content,
          sentAt: reportEvidence.sentAt,
          channelId: reportedMessages.channelId,
          channelName: reportedMessages.channelName,
        })
        .from(reportEvidence)
        .innerJoin(reportedMessages, eq(reportedMessages.messageId, reportEvidence.reportedMessageId))
        .where(eq(reportEvidence.reportedMessageId, messageId))
        .orderBy(asc(reportEvidence.position));
      return rows.map((r) => ({ ...r, sentAtMs: r.sentAt.getTime() }));
    },

    /**
     * Closes every open report of the message and records the resolution; undefined when it had no open report
     * (resolved meanwhile by someone else).
     */
    async resolve(
      tx: Tx,
      messageId: number,
      r: { outcome: Outcome; atMs: number; byId: string; byName: string; note: string; sanctionId: string | null },
    ): Promise<ReportedMessageRecord | undefined> {
      const at = new Date(r.atMs);
      const [row] = await tx
        .update(reportedMessages)
        .set({
          openReports: 0,
          outcome: r.outcome,
          resolvedAt: at,
          resolvedById: r.byId,
          resolvedByName: r.byName,
          resolutionNote: r.note,
          sanctionId: r.sanctionId,
          // Resolving ends the claim.
          claimedById: "",
          claimedByName: "",
          claimedAt: null,
        })
        .where(and(eq(reportedMessages.messageId, messageId), gt(reportedMessages.openReports, 0)))
        .returning();
      if (!row) return undefined;
      await tx
        .update(chatReports)
        .set({ outcome: r.outcome, resolvedAt: at })
        .where(and(eq(chatReports.messageId, messageId), isNull(chatReports.resolvedAt)));
      return toReported(row);
    },

    transaction: <T>(work: (tx: Tx) => Promise<T>) => db.transaction(work),
  };
}

export type ReportStore = ReturnType<typeof createReportStore>;
