import type { MessageRecord } from './reports/report-records';
import type { StoredChatMessage } from '../gen/sro/moderation/chat_history_pb';
import type { EvidenceMessage as EvidenceMessageWire } from '../gen/sro/moderation/moderation_pb';

/** One frozen chat message of a sanction's or an appeal's evidence: a stored message as the report screens hold it. */
export type EvidenceMessage = MessageRecord;

/** From a sanction's evidence or an appeal's (the chat history's message type: the same fields). */
export const toEvidenceMessage = (m: StoredChatMessage | EvidenceMessageWire): EvidenceMessage => ({
  id: m.id,
  channelId: m.channelId,
  channelName: m.channelName,
  senderId: m.senderId,
  senderName: m.senderName,
  senderAccountId: m.senderAccountId,
  content: m.content,
  sentAtMs: Number(m.sentAtMs),
});
