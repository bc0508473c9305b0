import { create } from "@bufbuild/protobuf";
import { Code, ConnectError, type HandlerContext } from "@connectrpc/connect";
import { ChatMessageSchema, type ChatMessage, type ConnectChatChannelRequest } from "../gen/sro/chat/chat_pb.js";
import type { TargetId } from "../gen/sro/common_pb.js";
import type { ChatAccess } from "./chat-access.js";
import { directStreamSinkKey } from "../platform/direct-stream-sink.js";
import type { BusMessage, ChatBus, ChatEvent } from "./chat-bus.js";
import { HISTORY_MESSAGES, requireId } from "./chat-rules.js";
import type { ChatStore, StoredMessage } from "./chat-store.js";
import { channelStreamStep, directStreamStep, type StreamStep } from "./stream-steps.js";
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
    const recheck = () => deps.access.requireRead(ctx, channelId, characterId);
    yield* followLive(deps, subscription, ctx, skip, (event) => channelStreamStep(event, channelId, characterId), recheck);
  } finally {
    leaveCharacter?.();
    subscription.close();
  }
}

const tooSlow = () => new ConnectError("client reads too slowly; reconnect", Code.ResourceExhausted);

export async function* connectDirectMessages(deps: StreamDeps, req: TargetId, ctx: HandlerContext): AsyncGenerator<ChatMessage> {
  const characterId = requireId(req.id, "id");
  const subscription = await StreamSubscription.open(deps.bus, { kind: "direct", id: characterId }, ctx.signal);
  const leaveCharacter = deps.characterStreams?.add(characterId, subscription);
  try {
    // Checked once listening, like channel streams: a deletion right after the check cannot pass unseen.
    await deps.access.actingCharacter(ctx, characterId);
    const skip = yield* sendHistory(await deps.store.recentDirectMessages(characterId, HISTORY_MESSAGES));
    const recheck = () => deps.access.actingCharacter(ctx, characterId);
    yield* followLive(deps, subscription, ctx, skip, (event) => directStreamStep(event, characterId), recheck);
  } finally {
    leaveCharacter?.();
    subscription.close();
  }
}

type HistorySkip = { newest: number; has(id: number): boolean };

/**
 * Live events until the stream ends, each handled as `stepOf` says (stream-steps.ts). With a sink (the lean gRPC
 * path) messages go from the bus listener straight to the wire and this generator only waits for the end; without,
 * they are yielded one by one.
 */
async function* followLive(
  deps: StreamDeps,
  subscription: StreamSubscription,
  ctx: HandlerContext,
  skip: HistorySkip,
  stepOf: (event: ChatEvent) => StreamStep,
  recheck: () => Promise<unknown>,
): AsyncGenerator<ChatMessage> {
  // A plain number in this scope: the check of every live message touches no other object (with 10,000 streams
  // each per-stream object a delivery touches is a likely cache miss).
  const newestInHistory = skip.newest;
  const sink = ctx.values.get(directStreamSinkKey);
  if (sink) {
    await subscription.deliverDirectly((event) => {
      const step = stepOf(event);
      if (step === "deliver" && event.type === "message") {
        if (event.message.id <= newestInHistory && skip.has(event.message.id)) return;
        if (!sink.write(liveMessage(event.message))) return subscription.fail(tooSlow());
        deps.onDelivered?.();
      } else if (step === "recheck") {
        recheck().catch((error: unknown) => subscription.fail(error instanceof Error ? error : new Error("access re-check failed", { cause: error })));
      } else if (step instanceof ConnectError) {
        subscription.fail(step);
      }
    });
  }
  for (;;) {
    const event = subscription.take() ?? (await subscription.next());
    const step = stepOf(event);
    if (step === "deliver" && event.type === "message") {
      if (skip.has(event.message.id)) continue;
      try {
        yield liveMessage(event.message);
      } catch (error) {
        throw clientGone(error);
      }
      deps.onDelivered?.();
    } else if (step === "recheck") {
      await recheck();
    } else if (step instanceof ConnectError) {
      throw step;
    }
  }
}

/**
 * Yields the history and returns the ids a live event must not repeat (for a short while only). `newest`: the
 * newest id the history held (-1 when empty); a live message with a higher id cannot be in it.
 */
async function* sendHistory(history: StoredMessage[]): AsyncGenerator<ChatMessage, HistorySkip> {
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
