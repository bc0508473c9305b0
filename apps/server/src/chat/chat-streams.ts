import { create } from "@bufbuild/protobuf";
import { Code, ConnectError, type HandlerContext } from "@connectrpc/connect";
import { ChatMessageSchema, type ChatMessage, type ConnectChatChannelRequest } from "../gen/sro/chat/chat_pb.js";
import type { TargetId } from "../gen/sro/common_pb.js";
import type { ChatAccess } from "./chat-access.js";
import { directStreamSinkKey } from "../platform/rpc/grpc-stream-fast-path.js";
import type { BusMessage, ChatBus, ChatEvent } from "./chat-bus.js";
import { HISTORY_MESSAGES, requireId } from "./chat-rules.js";
import type { ChatStore, StoredMessage } from "./chat-store.js";
import { StreamSubscription } from "./stream-subscription.js";

/**
 * The two server streams. Order on connect: subscribe, check access, send recent history (oldest first), then live
 * events. Subscribing first means nothing published after the check can be missed; a live message that the
 * history already held is skipped by id.
 *
 * Idle streams carry no application-level keep-alive (an empty message would show as a chat line); see docs/chat.md.
 */
export interface StreamDeps {
  store: ChatStore;
  bus: ChatBus;
  access: ChatAccess;
  /** This node's streams by the character they read as: events about a character (deletion, edit) reach them. */
  characterStreams?: CharacterStreams;
  onDelivered?: () => void;
}

/**
 * This node's open streams by character. Character events come from every node through the bus's control watch
 * (chat-bus.ts) — one watcher per node, not a bus subscription per stream.
 */
export class CharacterStreams {
  private readonly byCharacter = new Map<string, Set<StreamSubscription>>();

  add(characterId: string, subscription: StreamSubscription): () => void {
    let set = this.byCharacter.get(characterId);
    if (!set) this.byCharacter.set(characterId, (set = new Set()));
    set.add(subscription);
    return () => {
      set.delete(subscription);
      if (set.size === 0 && this.byCharacter.get(characterId) === set) this.byCharacter.delete(characterId);
    };
  }

  deliver(characterId: string, event: ChatEvent): void {
    for (const subscription of [...(this.byCharacter.get(characterId) ?? [])]) subscription.inject(event);
  }
}

/** After this long any message published before our history query has arrived; the skip list can go. */
const HISTORY_OVERLAP_MS = 10_000;

export const toChatMessage = (m: BusMessage | StoredMessage) =>
  create(ChatMessageSchema, { senderCharacterId: m.senderCharacterId, content: m.content, sentTimeMs: BigInt(m.sentAtMs) });

/** Every stream of a channel gets the same bus event: build its ChatMessage once, not once per stream. */
const liveMessages = new WeakMap<BusMessage, ChatMessage>();
function liveMessage(m: BusMessage): ChatMessage {
  let message = liveMessages.get(m);
  if (!message) liveMessages.set(m, (message = toChatMessage(m)));
  return message;
}

/**
 * A failure thrown back at one of our yields is the transport's (the client went away mid-write), not ours: report
 * it as CANCELLED rather than an internal error. (Inline try/yield/catch: a helper generator per delivery costs.)
 */
const clientGone = (error: unknown) => new ConnectError("client went away", Code.Canceled, undefined, undefined, error);

export async function* connectChatChannel(deps: StreamDeps, req: ConnectChatChannelRequest, ctx: HandlerContext): AsyncGenerator<ChatMessage> {
  const channelId = requireId(req.channelId, "channel_id");
  const characterId = requireId(req.characterId, "character_id");
  const subscription = await StreamSubscription.open(deps.bus, { kind: "channel", id: channelId }, ctx.signal);
  const leaveCharacter = deps.characterStreams?.add(characterId, subscription);
  try {
    await deps.access.requireRead(ctx, channelId, characterId);
    const skip = yield* sendHistory(await deps.store.recentChannelMessages(channelId, HISTORY_MESSAGES));
    // A plain number in this scope: the check of every live message touches no other object (with 10,000 streams
    // each per-stream object a delivery touches is a likely cache miss).
    const newestInHistory = skip.newest;
    const sink = ctx.values.get(directStreamSinkKey);
    if (sink) {
      // The lean gRPC path: live messages go from the bus listener straight to the wire; control events end the
      // stream through the subscription. This generator only waits for the end.
      await subscription.deliverDirectly((event) => {
        if (event.type === "message") {
          if (event.message.id <= newestInHistory && skip.has(event.message.id)) return;
          if (!sink.write(liveMessage(event.message))) return subscription.fail(tooSlow());
          deps.onDelivered?.();
        } else if (event.type === "access-changed" || event.type === "character-changed") {
          if (event.type === "character-changed" || event.characterId === undefined || event.characterId === characterId) {
            deps.access.requireRead(ctx, channelId, characterId).catch((error: unknown) => subscription.fail(error));
          }
        } else {
          const end = controlEnd(event, channelId, characterId);
          if (end) subscription.fail(end);
        }
      });
    }
    for (;;) {
      const event = subscription.take() ?? (await subscription.next());
      switch (event.type) {
        case "message":
          if (!skip.has(event.message.id)) {
            try {
              yield liveMessage(event.message);
            } catch (error) {
              throw clientGone(error);
            }
            deps.onDelivered?.();
          }
          break;
        case "access-changed":
          if (event.characterId === undefined || event.characterId === characterId) await deps.access.requireRead(ctx, channelId, characterId);
          break;
        case "character-changed":
          await deps.access.requireRead(ctx, channelId, characterId);
          break;
        default: {
          const end = controlEnd(event, channelId, characterId);
          if (end) throw end;
        }
      }
    }
  } finally {
    leaveCharacter?.();
    subscription.close();
  }
}

/** How a ban or a deletion ends this stream, if it does. Temporary bans only stop sends (checked at send time). */
function controlEnd(event: ChatEvent, channelId: string, characterId: string): ConnectError | undefined {
  if (event.type === "ban" && event.characterId === characterId && event.untilMs === null) {
    return new ConnectError("permission denied: this character was permanently banned from this channel", Code.PermissionDenied);
  }
  if (event.type === "deleted") return new ConnectError(`chat channel ${channelId} was deleted`, Code.NotFound);
  if (event.type === "character-deleted") return characterDeleted(characterId);
  return undefined;
}

const characterDeleted = (characterId: string) => new ConnectError(`character ${characterId} was deleted`, Code.NotFound);

const tooSlow = () => new ConnectError("client reads too slowly; reconnect", Code.ResourceExhausted);

export async function* connectDirectMessages(deps: StreamDeps, req: TargetId, ctx: HandlerContext): AsyncGenerator<ChatMessage> {
  const characterId = requireId(req.id, "id");
  const subscription = await StreamSubscription.open(deps.bus, { kind: "direct", id: characterId }, ctx.signal);
  const leaveCharacter = deps.characterStreams?.add(characterId, subscription);
  try {
    // Checked once listening, like channel streams: a deletion right after the check cannot pass unseen.
    await deps.access.actingCharacter(ctx, characterId);
    const skip = yield* sendHistory(await deps.store.recentDirectMessages(characterId, HISTORY_MESSAGES));
    const newestInHistory = skip.newest;
    const sink = ctx.values.get(directStreamSinkKey);
    if (sink) {
      await subscription.deliverDirectly((event) => {
        if (event.type === "character-deleted") return subscription.fail(characterDeleted(characterId));
        if (event.type === "character-changed") {
          deps.access.actingCharacter(ctx, characterId).catch((error: unknown) => subscription.fail(error));
          return;
        }
        if (event.type !== "message" || (event.message.id <= newestInHistory && skip.has(event.message.id))) return;
        if (!sink.write(liveMessage(event.message))) return subscription.fail(tooSlow());
        deps.onDelivered?.();
      });
    }
    for (;;) {
      const event = subscription.take() ?? (await subscription.next());
      if (event.type === "character-deleted") throw characterDeleted(characterId);
      if (event.type === "character-changed") await deps.access.actingCharacter(ctx, characterId);
      if (event.type === "message" && !skip.has(event.message.id)) {
        try {
          yield liveMessage(event.message);
        } catch (error) {
          throw clientGone(error);
        }
        deps.onDelivered?.();
      }
    }
  } finally {
    leaveCharacter?.();
    subscription.close();
  }
}

/**
 * Yields the history and returns the ids a live event must not repeat (for a short while only). `newest`: the
 * newest id the history held (-1 when empty); a live message with a higher id cannot be in it.
 */
async function* sendHistory(history: StoredMessage[]): AsyncGenerator<ChatMessage, { newest: number; has(id: number): boolean }> {
  try {
    for (const message of history) yield toChatMessage(message);
  } catch (error) {
    throw clientGone(error);
  }
  const ids = new Set(history.map((m) => m.id));
  const until = Date.now() + HISTORY_OVERLAP_MS;
  // A live message newer than everything the history held cannot be in it: no clock read, no lookup (the usual case).
  let newest = -1;
  for (const m of history) newest = Math.max(newest, m.id);
  return {
    newest,
    has(id) {
      if (ids.size === 0 || id > newest) return false;
      if (Date.now() > until) {
        ids.clear();
        return false;
      }
      return ids.has(id);
    },
  };
}
