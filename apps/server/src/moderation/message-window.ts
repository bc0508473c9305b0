import { and, asc, desc, eq, gt, isNull, lt, or, sql } from "drizzle-orm";
import { characters } from "../character/schema.js";
import { chatMessages, storedMessageColumns } from "../chat/schema.js";
import { evidenceWindow, EVIDENCE_TOTAL } from "./report-rules.js";
import type { Tx } from "./tx.js";

/** The message a window is frozen around: a channel message, or a direct message (channelId null) to its recipient. */
export interface WindowAnchor {
  id: number;
  channelId: string | null;
  senderCharacterId: string;
  recipientCharacterId: string | null;
  sentAtMs: number;
}

const messageColumns = { ...storedMessageColumns, senderName: characters.name };

/** The messages of the anchor's conversation: its channel, or both directions between the two characters. */
function sameConversation(m: WindowAnchor) {
  if (m.channelId !== null) return eq(chatMessages.channelId, m.channelId);
  const recipient = m.recipientCharacterId ?? "";
  const between = (from: string, to: string) => and(eq(chatMessages.senderCharacterId, from), sql`${chatMessages.recipientCharacterId}::text = ${to}`);
  return and(isNull(chatMessages.channelId), or(between(m.senderCharacterId, recipient), between(recipient, m.senderCharacterId)));
}

/**
 * The evidence window (docs/moderation.md "Evidence"): up to EVIDENCE_TOTAL messages of the anchor's conversation
 * around it (it included), oldest first, with their senders' names now. Reports and sanctions freeze the same one.
 */
export async function messagesAround(tx: Tx, m: WindowAnchor) {
  const at = new Date(m.sentAtMs);
  // Tombstones (deleted by a moderator) are not evidence: their text is gone.
  const same = and(sameConversation(m), isNull(chatMessages.deletedAt));
  const earlier = or(lt(chatMessages.sentAt, at), and(eq(chatMessages.sentAt, at), lt(chatMessages.id, m.id)));
  const later = or(gt(chatMessages.sentAt, at), and(eq(chatMessages.sentAt, at), gt(chatMessages.id, m.id)));
  const select = () =>
    tx
      .select(messageColumns)
      .from(chatMessages)
      .leftJoin(characters, sql`${characters.id}::text = ${chatMessages.senderCharacterId}`);
  const [before, self, after] = await Promise.all([
    select()
      .where(and(same, earlier))
      .orderBy(desc(chatMessages.sentAt), desc(chatMessages.id))
      .limit(EVIDENCE_TOTAL - 1),
    select().where(eq(chatMessages.id, m.id)),
    select()
      .where(and(same, later))
      .orderBy(asc(chatMessages.sentAt), asc(chatMessages.id))
      .limit(EVIDENCE_TOTAL - 1),
  ]);
  const take = evidenceWindow({ before: before.length, after: after.length });
  return [...before.slice(0, take.before).reverse(), ...self, ...after.slice(0, take.after)];
}
