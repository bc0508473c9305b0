import type { StoredMessage } from "./stored-messages.js";

/** What chat publishes on the cluster bus (platform/bus/); cluster-events.ts gathers every part's events. */

/**
 * A message as it travels on the bus: already validated, stamped and stored (its topic says where). Its id lets a
 * stream skip live messages its history already held; senderName is absent from older nodes' events.
 */
export type BusMessage = Omit<StoredMessage, "channelId">;

/** One node's live figures per channel, as it publishes them (only channels with something to show). */
export interface NodeFiguresReport {
  nodeId: string;
  /** [channelId, open streams, messages accepted in the last 60 s, delivery p99 in ms over the last 60 s] */
  channels: [string, number, number, number][];
}

/**
 * Chat's own events. Messages go to the channel's (or recipient's) own topic; the rest are control events about one
 * channel or character, delivered to every stream of it on every node.
 */
export type ChatEvent =
  /** publishedAtMs: the publisher's wall clock (chat-figures.ts times publish → stream write with it). */
  | { type: "message"; message: BusMessage; publishedAtMs?: number }
  /** The channel's visibility or a character's authorizations changed: streams re-check access. */
  | { type: "access-changed"; characterId?: string }
  | { type: "deleted" }
  /** On a character topic: the character was deleted (its streams end) or edited (its streams re-check access). */
  | { type: "character-deleted" }
  | { type: "character-changed" }
  /** On a node topic (the operations wall): a node's live chat figures, every few seconds (chat-figures.ts). */
  | { type: "node-figures"; report: NodeFiguresReport };
