import { create } from "@bufbuild/protobuf";
import { ChatMessageSchema, ChatStreamNoticeSchema, type ChatMessage } from "../gen/sro/chat/chat_pb.js";
import type { ChatEvent } from "./chat-bus.js";

/**
 * Notices (issue 19): what a live view must change besides appending a message, for streams that asked
 * (ConnectChatChannelRequest.notices). One small function per kind of notice; undefined: this event is no notice.
 */

/** Moderators deleted messages of the channel: the view drops them. */
export function deletionNotice(event: ChatEvent): ChatMessage | undefined {
  if (event.type !== "messages-deleted" || event.ids.length === 0) return undefined;
  return create(ChatMessageSchema, { notice: create(ChatStreamNoticeSchema, { deletedMessageIds: event.ids }) });
}
