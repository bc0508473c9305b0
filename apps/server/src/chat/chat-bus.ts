import type { SanctionFact } from "../platform/sanction-message.js";

/** What the chat bus carries and promises; the buses implement it, create-chat-bus.ts picks one. */

/** A message as it travels on the bus: already validated, stamped and stored. */
export interface BusMessage {
  /** Row id in chat_messages; a stream uses it to skip live messages its history already held. */
  id: number;
  senderCharacterId: string;
  content: string;
  sentAtMs: number;
  /** The sender's name at send time (ChatMessage.sender_character_name); absent from older nodes' events. */
  senderName?: string;
}

/** A held message's state as its sender's streams learn it (ChatStreamNotice.held; docs/moderation.md). */
export interface HeldNoticeFact {
  id: string;
  content: string;
  sentAtMs: number;
  state: "held" | "allowed" | "denied";
  /** held: the rule's message to the sender; denied: the moderator's reason. */
  reason: string;
}

/**
 * What open streams must react to. Messages go to the channel's (or recipient's) own topic; the rest are control
 * events about one channel, delivered to every stream of that channel on every node.
 */
export type ChatEvent =
  /** publishedAtMs: the publisher's wall clock (chat-figures.ts times publish → stream write with it). */
  | { type: "message"; message: BusMessage; publishedAtMs?: number }
  /**
   * On a character topic (moderation, docs/moderation.md): a sanction now holds on the character or its account.
   * Sends need no notice (they read sanctions in the database); streams in the scope of a ban re-check and end.
   */
  | { type: "sanctioned"; kind: "mute" | "ban"; scope: "channel" | "dimension" | "everywhere"; scopeId: string | null }
  /** The channel's visibility or a character's authorizations changed: streams re-check access. */
  | { type: "access-changed"; characterId?: string }
  | { type: "deleted" }
  /** On a channel topic: the channel's rules changed (every node's rules cache drops its copy; streams ignore it). */
  | { type: "rules-changed" }
  /** On a channel topic: to characterId's streams there that asked for notices only. */
  | { type: "held-notice"; characterId: string; held: HeldNoticeFact }
  /**
   * On a channel topic (issue 19): moderators deleted these stored messages (ids as on the wire). Streams that asked
   * for notices get them as ChatStreamNotice.deleted_message_ids; the others ignore the event.
   */
  | { type: "messages-deleted"; ids: string[] }
  /** On a character topic: the character was deleted (its streams end) or edited (its streams re-check access). */
  | { type: "character-deleted" }
  | { type: "character-changed" }
  /** On a user topic (identity events): the user's access changed at atMs; older tokens and their streams end. */
  | { type: "user-changed"; atMs: number }
  /**
   * On a user topic (identity events): the user signed out of sign-in session sessionId at atMs, of every client, or
   * of clientId only; that session's older tokens (of that client) and their streams end.
   */
  | { type: "session-ended"; sessionId: string; clientId?: string; atMs: number }
  /** On a user topic (moderation): the account's active account bans are now these (every node's ban gate). */
  | { type: "account-bans"; bans: SanctionFact[] }
  /**
   * Never published: a bus hands it to every local listener when this node lost the bus (NATS disconnected), so
   * events from other nodes may have passed it by. Streams end with UNAVAILABLE; clients resume (docs/chat.md).
   */
  | { type: "bus-lost" }
  /** On the node topic "all" (sro.BusService): every node drops its cached copies of these kinds of data. */
  | { type: "caches-reset"; targets: string[] }
  /** On a node topic (the operations wall): a node's live chat figures, every few seconds (chat-figures.ts). */
  | { type: "node-figures"; report: NodeFiguresReport };

/** One node's live figures per channel, as it publishes them (only channels with something to show). */
export interface NodeFiguresReport {
  nodeId: string;
  /** [channelId, open streams, messages accepted in the last 60 s, delivery p99 in ms over the last 60 s] */
  channels: [string, number, number, number][];
}

/** Messages and control events go to channel and direct topics; character topics carry control events only. */
export type ChatTopic =
  | { kind: "channel"; id: string }
  | { kind: "direct"; id: string }
  | { kind: "character"; id: string }
  | { kind: "user"; id: string }
  /** Control events only: a node's figures for the operations wall. */
  | { kind: "node"; id: string };

/** Hears every control event (not messages) of every topic, published on any node. */
export type ControlWatcher = (topic: ChatTopic, event: ChatEvent) => void;

/**
 * A function, or an object whose `push` takes the event: a stream's subscription registers itself, so a delivery
 * touches one object per stream fewer (with 10,000 streams, each is a likely cache miss).
 */
export type ChatListener = ((event: ChatEvent) => void) | { push(event: ChatEvent): void };

export interface ChatBus {
  readonly kind: "in-process" | "nats";
  /** Resolves once every node subscribed to the topic will be handed the event (for NATS: the broker has it). */
  publish(topic: ChatTopic, event: ChatEvent): Promise<void>;
  /** Resolves once events published from now on reach the listener; call the returned function to leave. */
  subscribe(topic: ChatTopic, listener: ChatListener): Promise<() => void>;
  /** Local listeners across all topics (streams open on this node). */
  subscriberCount(): number;
  /** Local listeners of each topic of this kind, by topic id (the operations wall's open streams; O(topics)). */
  subscribersOf(kind: ChatTopic["kind"]): Map<string, number>;
  /** Every control event of every topic from every node, whether or not this node has listeners on the topic. */
  watchControl(watcher: ControlWatcher): () => void;
  /** Throws when the bus cannot deliver (readiness). */
  ping(): Promise<void>;
  close(): Promise<void>;
}

export const topicKey = (topic: ChatTopic) => `${topic.kind}:${topic.id}`;
