import type { HandlerContext } from "@connectrpc/connect";
import type { ConnectChatChannelRequest } from "../gen/sro/chat/chat_pb.js";
import type { TargetId } from "../gen/sro/common_pb.js";
import { auditActorOf } from "../audit/audit-actor.js";
import type { AuditActor, AuditChange } from "../audit/audit-trail.js";
import { callerOf } from "../platform/auth/caller.js";
import type { ChatAccess } from "./chat-access.js";

import { HISTORY_MESSAGES, RESUME_MESSAGES, requireId } from "./chat-rules.js";
import { requireMessageId } from "./stored-messages.js";
import type { ChatStore, StoredMessage } from "./chat-store.js";
import type { StreamQuota } from "./stream-quota.js";
import { ChatStream } from "./chat-stream.js";
import { channelStreamStep, directStreamStep } from "./stream-steps.js";
import { channelNotice } from "./stream-notices.js";
import type { AppBus, ClusterEvent } from "../cluster-events.js";

/**
 * The two server streams. Each handler returns one ChatStream (chat-stream.ts), which every transport iterates;
 * what differs per stream is its plan: topic, access check, history and the step function of stream-steps.ts.
 *
 * Idle streams carry no application-level keep-alive (an empty message would show as a chat line); see docs/chat.md.
 */
export interface StreamDeps {
  store: ChatStore;
  bus: AppBus;
  access: ChatAccess;
  /** This node's streams by the character they read as: events about a character (deletion, edit) reach them. */
  characterStreams?: CharacterStreams;
  onDelivered?: () => void;
  /** Open streams per account on this node (config CHAT_STREAMS_PER_ACCOUNT). */
  quota?: StreamQuota;
  /** Appends an audit record (compose.ts): staff reading another account's direct messages is recorded. */
  audit?: (actor: AuditActor, change: AuditChange) => Promise<void>;
}

/**
 * This node's open streams by character. Character events come from every node through the bus's control watch
 * (chat-bus.ts) — one watcher per node, not a bus subscription per stream.
 */
export class CharacterStreams {
  private readonly byCharacter = new Map<string, Set<ChatStream>>();

  add(characterId: string, stream: ChatStream): () => void {
    let set = this.byCharacter.get(characterId);
    if (!set) this.byCharacter.set(characterId, (set = new Set()));
    set.add(stream);
    return () => {
      set.delete(stream);
      if (set.size === 0 && this.byCharacter.get(characterId) === set) this.byCharacter.delete(characterId);
    };
  }

  deliver(characterId: string, event: ClusterEvent): void {
    for (const stream of [...(this.byCharacter.get(characterId) ?? [])]) stream.push(event);
  }
}

const streamDeps = (deps: StreamDeps, ctx: HandlerContext) => ({
  bus: deps.bus,
  admit: deps.quota && (() => deps.quota!.take(callerOf(ctx).sub)),
  addToCharacter: deps.characterStreams && ((characterId: string, stream: ChatStream) => deps.characterStreams!.add(characterId, stream)),
  onDelivered: deps.onDelivered,
});

export function connectChatChannel(deps: StreamDeps, req: ConnectChatChannelRequest, ctx: HandlerContext): ChatStream {
  return new ChatStream(streamDeps(deps, ctx), ctx, () => {
    const channelId = requireId(req.channelId, "channel_id");
    const characterId = requireId(req.characterId, "character_id");
    return {
      topic: { kind: "channel", id: channelId },
      characterId,
      checkAccess: () => deps.access.requireRead(ctx, channelId, characterId),
      history: channelReplay(deps.store, channelId, req),
      stepOf: (event) => channelStreamStep(event, channelId, characterId),
      // Only streams that asked get notices; the others never see one (older clients would show an empty line).
      noticeOf: req.notices ? channelNotice : undefined,
    };
  });
}

const noReplay = () => Promise.resolve([]);

/**
 * What a channel stream sends before live messages: nothing unless asked (the original service sent only new
 * messages, and its clients append whatever arrives); the recent history when `history`; the messages after the
 * client's last one when it resumes (docs/chat.md "Replay and resume"). Bad ids fail the stream before it opens.
 */
function channelReplay(store: ChatStore, channelId: string, req: ConnectChatChannelRequest): () => Promise<readonly StoredMessage[]> {
  if (req.afterMessageId) {
    const afterId = Number(requireMessageId(req.afterMessageId, "after_message_id"));
    return () => store.channelMessagesAfter(channelId, afterId, RESUME_MESSAGES);
  }
  if (req.history) return () => store.recentChannelMessages(channelId, HISTORY_MESSAGES);
  return noReplay;
}

export function connectDirectMessages(deps: StreamDeps, req: TargetId, ctx: HandlerContext): ChatStream {
  return new ChatStream(streamDeps(deps, ctx), ctx, () => {
    const characterId = requireId(req.id, "id");
    return {
      topic: { kind: "direct", id: characterId },
      characterId,
      // Checked once listening, like channel streams: a deletion right after the check cannot pass unseen.
      checkAccess: async () => {
        const character = await deps.access.requireDirectRead(ctx, characterId);
        // Personal data (docs/moderation.md "Audit log"): one record per stream a caller opens on someone else's
        // character, written before the history is sent. The messages themselves are not copied into it.
        if (character.ownerId !== callerOf(ctx).sub) {
          await deps.audit?.(auditActorOf(ctx), {
            action: "direct-messages.read",
            targetType: "character",
            targetId: character.id,
            after: { ownerId: character.ownerId, history: HISTORY_MESSAGES },
          });
        }
        return character;
      },
      history: () => deps.store.recentDirectMessages(characterId, HISTORY_MESSAGES),
      stepOf: (event) => directStreamStep(event, characterId),
    };
  });
}
