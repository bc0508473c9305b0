import { create } from "@bufbuild/protobuf";
import { EmptySchema } from "@bufbuild/protobuf/wkt";
import { Code, ConnectError, type HandlerContext, type ServiceImpl } from "@connectrpc/connect";
import { ChatLogSchema, ChatLogsSchema, type ChatService } from "../gen/sro/chat/chat_pb.js";
import type { Logger } from "../platform/logger.js";
import type { ChatAccess } from "./chat-access.js";

import { channelHandlers } from "./channel-handlers.js";
import { banFromDuration, logQuery, requireId } from "./chat-rules.js";
import { messageContent } from "./stored-messages.js";
import type { ChatStore } from "./chat-store.js";
import type { GuardedChannelMessage } from "./send-store.js";
import { wallClockMs } from "./chat-figures.js";
import { Batcher } from "./batcher.js";
import { CharacterStreams, connectChatChannel, connectDirectMessages, type StreamDeps } from "./chat-streams.js";
import { StreamQuota } from "./stream-quota.js";
import { RateLimiter } from "./rate-limiter.js";
import { withinSearchTime } from "../platform/db/search-time-limit.js";
import type { AppBus } from "../cluster-events.js";
import type { SendRules } from "./send-rules.js";

/**
 * The seed's channel ban as moderation's channel-scoped chat ban (wired in compose.ts: chat does not know sanctions
 * beyond their table). Both write with the caller as the issuer, audit the write and tell open streams.
 */
export interface ChannelBans {
  /** expiresAtMs null: permanent. */
  ban(ctx: HandlerContext, characterId: string, channelId: string, expiresAtMs: number | null): Promise<void>;
  /** Revokes the character's active channel-scoped bans on the channel. */
  lift(ctx: HandlerContext, characterId: string, channelId: string): Promise<void>;
}

export interface ChatServiceDeps {
  store: ChatStore;
  /** Who may read and send where, over `store` (shared with the services that apply the same read rule). */
  access: ChatAccess;
  channelBans: ChannelBans;
  bus: AppBus;
  logger: Logger;
  /** Channel rules (slow mode, word and pattern lists, members only) and the review lane, as a send meets them. */
  sendRules: SendRules;
  sendLimiter?: RateLimiter;
  now?: () => number;
  /** Counts each message written to an open stream (metrics). */
  onDelivered?: () => void;
  /** Counts each channel message accepted (stored), for the operations wall (chat-figures.ts). */
  onAccepted?: (channelId: string) => void;
  /** How long GetChatLogs may read (config CHAT_SEARCH_TIMEOUT_SECONDS). */
  searchTimeoutMs: number;
  /** Chat streams one account may hold open on this node (config CHAT_STREAMS_PER_ACCOUNT); unlimited when unset. */
  streamsPerAccount?: number;
  /** Appends an audit record outside a write (reads of someone else's direct messages). */
  audit?: StreamDeps["audit"];
}

/** A send whose facts keep changing under it (each attempt re-reads them) gives up after this many writes. */
const MAX_SEND_ATTEMPTS = 3;

/** Thin handlers: request → rules (chat-rules, chat-access) → store → bus → response. */
export function createChatService(deps: ChatServiceDeps): ServiceImpl<typeof ChatService> {
  const { store, bus, access } = deps;
  const now = deps.now ?? Date.now;
  const limiter = deps.sendLimiter ?? new RateLimiter();
  const characterStreams = new CharacterStreams();
  // Deletions and edits of characters, from any node (character-notices.ts, wired in compose.ts): this node's streams of that character.
  bus.watchControl((topic, event) => {
    if (topic.kind === "character") characterStreams.deliver(topic.id, event);
  });
  const quota = deps.streamsPerAccount === undefined ? undefined : new StreamQuota(deps.streamsPerAccount);
  const streams: StreamDeps = { store, bus, access, characterStreams, onDelivered: deps.onDelivered, quota, audit: deps.audit };

  const channelWriter = new Batcher({ run: (batch: GuardedChannelMessage[]) => store.insertGuardedChannelMessages(batch) });

  const takeSendToken = (characterId: string) => {
    const waitMs = limiter.take(characterId);
    if (waitMs > 0) throw new ConnectError(`too many messages from this character; try again in ${Math.ceil(waitMs / 100) / 10}s`, Code.ResourceExhausted);
  };

  /** Fan-out failure after the message is stored: the send still succeeded (history has it), so log, don't fail. */
  const publishStored = (promise: Promise<void>, what: string) =>
    promise.catch((error) => deps.logger.warn({ err: error, what }, "chat fan-out failed; message is stored"));

  return {
    connectChatChannel: (req, ctx) => connectChatChannel(streams, req, ctx),
    connectDirectMessages: (req, ctx) => connectDirectMessages(streams, req, ctx),

    async sendChatChannelMessage(req, ctx) {
      const channelId = requireId(req.channelId, "channel_id");
      const senderId = requireId(req.chatMessage?.senderCharacterId ?? "", "chat_message.sender_character_id");
      const content = messageContent(req.chatMessage?.content ?? "");
      let facts = await access.requireSendFacts(ctx, channelId, senderId);
      // The channel's rules, after access and sanctions and before the guarded INSERT (docs/moderation.md says why):
      // the guard re-checks what the send was allowed on (authorization included, so members only is re-judged on
      // fresh facts when it fails); the rules themselves come from this node's cache, dropped by a bus event.
      const rules = await deps.sendRules.forChannel(channelId);
      const judge = (found: typeof facts) => {
        const verdict = rules.judge({ content, staff: found.staff, authorized: found.authorized });
        if (verdict.kind === "block") throw verdict.error;
        return verdict;
      };
      const verdict = judge(facts);
      takeSendToken(senderId);
      if (rules.slowModeSeconds > 0 && !facts.staff) {
        const waitMs = await deps.sendRules.claimSlowModeSlot(channelId, senderId, rules.slowModeSeconds, now());
        if (waitMs > 0) {
          limiter.refund(senderId);
          throw deps.sendRules.slowModeError(rules.slowModeSeconds, waitMs);
        }
      }
      if (verdict.kind === "hold") {
        // Not delivered: it waits in the review lane; the sender's streams that asked for notices are told.
        const held = await verdict.hold({ senderCharacterId: senderId, content, sentAtMs: now() });
        await publishStored(
          bus.publish(
            { kind: "channel", id: channelId },
            {
              type: "held-notice",
              characterId: senderId,
              held: { id: held.id, content, sentAtMs: held.sentAtMs, state: "held", reason: verdict.message },
            },
          ),
          "held notice",
        );
        return create(EmptySchema);
      }
      for (let attempt = 1; ; attempt++) {
        // The client's sent_time_ms is ignored: the server's clock orders the channel.
        const message = await channelWriter.submit({ channelId, senderCharacterId: senderId, content, sentAtMs: now(), facts });
        if (message) {
          deps.onAccepted?.(channelId);
          const event = { type: "message" as const, message: { ...message, senderName: facts.character.name }, publishedAtMs: wallClockMs() };
          await publishStored(bus.publish({ kind: "channel", id: channelId }, event), "channel message");
          return create(EmptySchema);
        }
        // What the send was allowed on no longer holds in the database (a ban, a deleted character, …): decide again.
        access.forgetSendFacts(channelId, senderId);
        if (attempt === MAX_SEND_ATTEMPTS) throw new ConnectError("chat access changed while sending; try again", Code.Aborted);
        try {
          facts = await access.requireSendFresh(ctx, channelId, senderId);
          judge(facts);
        } catch (error) {
          limiter.refund(senderId);
          throw error;
        }
      }
    },

    async sendDirectMessage(req, ctx) {
      const targetId = requireId(req.characterId, "character_id");
      const senderId = requireId(req.chatMessage?.senderCharacterId ?? "", "chat_message.sender_character_id");
      const content = messageContent(req.chatMessage?.content ?? "");
      const sender = await access.actingCharacter(ctx, senderId);
      await access.requireDirectTarget(ctx, sender, targetId);
      await access.requireDirectSend(sender);
      takeSendToken(senderId);
      const message = await store.insertMessage({ recipientCharacterId: targetId, senderCharacterId: senderId, content, sentAtMs: now() });
      const event = { type: "message" as const, message: { ...message, senderName: sender.name } };
      await publishStored(bus.publish({ kind: "direct", id: targetId }, event), "direct message");
      return create(EmptySchema);
    },

    ...channelHandlers({ store, bus, access }),

    async banCharacterFromChatChannel(req, ctx) {
      const characterId = requireId(req.characterId, "character_id");
      const channelId = requireId(req.channelId, "channel_id");
      const decision = banFromDuration(req.duration, now());
      await requireBanTargets(characterId, channelId);
      if (decision.lift) await deps.channelBans.lift(ctx, characterId, channelId);
      else await deps.channelBans.ban(ctx, characterId, channelId, decision.expiresAtMs);
      // Sends check sanctions in the database (every node agrees at once); dropping this node's copy of the facts
      // only spares the next send a refused write. Open streams on every node learn of a ban from the bus.
      access.forgetSendFacts(channelId, characterId);
      return create(EmptySchema);
    },

    async getChatLogs(req, ctx) {
      const channelId = requireId(req.channelId, "channel_id");
      const query = logQuery(req);
      if (!(await store.channel(channelId))) throw new ConnectError(`chat channel ${channelId} not found`, Code.NotFound);
      const { total, logs } = await withinSearchTime(deps.searchTimeoutMs, ctx.timeoutMs(), (timeoutMs) => store.chatLogs(channelId, query, timeoutMs));
      const names = await store.senderNames(logs.map((m) => m.senderCharacterId));
      return create(ChatLogsSchema, {
        total: BigInt(total),
        logs: logs.map((m) =>
          create(ChatLogSchema, {
            sentAt: BigInt(Math.floor(m.sentAtMs / 1000)),
            channelId,
            senderId: m.senderCharacterId,
            content: m.content,
            id: String(m.id),
            sentAtMs: BigInt(m.sentAtMs),
            senderName: names.get(m.senderCharacterId.toLowerCase()) ?? "",
          }),
        ),
      });
    },
  };

  /** Staff-only rpc: missing rows are NOT_FOUND. */
  async function requireBanTargets(characterId: string, channelId: string): Promise<void> {
    const [character, channel] = await Promise.all([store.character(characterId), store.channel(channelId)]);
    if (!channel) throw new ConnectError(`chat channel ${channelId} not found`, Code.NotFound);
    if (!character) throw new ConnectError(`character ${characterId} not found`, Code.NotFound);
  }
}
