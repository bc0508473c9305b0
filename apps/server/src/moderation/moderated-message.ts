import { create } from "@bufbuild/protobuf";
import { StoredChatMessageSchema, type StoredChatMessage } from "../gen/sro/moderation/chat_history_pb.js";

/** A stored channel message as moderation shows it: found by the history browser, or kept as a report's evidence. */
export interface ModeratedMessage {
  id: number;
  channelId: string;
  channelName: string;
  senderCharacterId: string;
  /** Empty when the character no longer exists. */
  senderName: string;
  content: string;
  sentAtMs: number;
}

/** Its wire form, the same in the history browser and in the reports. */
export const storedChatMessage = (m: ModeratedMessage): StoredChatMessage =>
  create(StoredChatMessageSchema, {
    id: String(m.id),
    channelId: m.channelId,
    channelName: m.channelName,
    senderId: m.senderCharacterId,
    senderName: m.senderName,
    content: m.content,
    sentAtMs: BigInt(m.sentAtMs),
  });
