import { create } from "@bufbuild/protobuf";
import { ChatMessageSchema, ChatStreamNoticeSchema, HeldMessageNoticeSchema, HeldMessageState, type ChatMessage } from "../gen/sro/chat/chat_pb.js";
import type { ClusterEvent } from "../cluster-events.js";

/**
 * Notices: what a live view must change besides appending a message, for streams that asked
 * (ConnectChatChannelRequest.notices). One small function per kind of notice; undefined: this event is no notice.
 */

/** Moderators deleted messages of the channel: the view drops them. */
export function deletionNotice(event: ClusterEvent): ChatMessage | undefined {
  if (event.type !== "messages-deleted" || event.ids.length === 0) return undefined;
  return create(ChatMessageSchema, { notice: create(ChatStreamNoticeSchema, { deletedMessageIds: event.ids }) });
}

const heldStates = { held: HeldMessageState.HELD, allowed: HeldMessageState.ALLOWED, denied: HeldMessageState.DENIED } as const;

/** One of the sender's messages was held for review, or its review ended (stream-steps.ts sends it to the sender only). */
export function heldNotice(event: ClusterEvent): ChatMessage | undefined {
  if (event.type !== "held-notice") return undefined;
  const { held } = event;
  return create(ChatMessageSchema, {
    notice: create(ChatStreamNoticeSchema, {
      held: create(HeldMessageNoticeSchema, {
        id: held.id,
        content: held.content,
        sentTimeMs: BigInt(held.sentAtMs),
        state: heldStates[held.state],
        reason: held.reason,
      }),
    }),
  });
}

/** Every notice a channel stream can get. */
export const channelNotice = (event: ClusterEvent): ChatMessage | undefined => deletionNotice(event) ?? heldNotice(event);
