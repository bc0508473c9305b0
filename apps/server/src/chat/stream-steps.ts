import { Code, ConnectError } from "@connectrpc/connect";
import type { ClusterEvent } from "../cluster-events.js";

/**
 * What a chat event does to one open stream: deliver it (messages), ignore it, re-check the stream's access, or end
 * the stream with this error; "notice": the stream turns the event into a ChatStreamNotice if it asked for notices
 * (stream-notices.ts). Every delivery path of chat-stream.ts (a transport's sink, or the transport iterating) asks
 * these functions, so the rules exist once.
 */
export type StreamStep = "deliver" | "notice" | "ignore" | "recheck" | ConnectError;

/** A channel stream read as characterId. */
export function channelStreamStep(event: ClusterEvent, channelId: string, characterId: string): StreamStep {
  switch (event.type) {
    case "message":
      return "deliver";
    case "access-changed":
      return event.characterId === undefined || event.characterId === characterId ? "recheck" : "ignore";
    case "character-changed":
      return "recheck";
    case "sanctioned":
      // Mutes leave reading alone; a ban whose scope may cover this channel re-checks access, which ends the stream
      // with the ban's reason and end (a dimension ban needs the channel's dimension: the re-check reads it).
      if (event.kind !== "ban" || event.scope === "game" || (event.scope === "channel" && event.scopeId !== channelId)) return "ignore";
      return "recheck";
    case "messages-deleted":
      return "notice";
    case "deleted":
      return new ConnectError(`chat channel ${channelId} was deleted`, Code.NotFound);
    case "bus-lost":
      return busLost();
    case "character-deleted":
      return characterDeleted(characterId);
    case "held-notice":
      // To the sender's own streams only.
      return event.characterId === characterId ? "notice" : "ignore";
    case "user-changed":
    case "session-ended":
    case "account-bans":
    case "rules-changed":
    case "node-figures":
    case "caches-reset":
    case "roles-changed":
    case "player-action":
      return "ignore";
  }
}

/** characterId's direct-message stream. */
export function directStreamStep(event: ClusterEvent, characterId: string): StreamStep {
  if (event.type === "message") return "deliver";
  if (event.type === "character-deleted") return characterDeleted(characterId);
  if (event.type === "character-changed") return "recheck";
  if (event.type === "bus-lost") return busLost();
  // Only a ban "everywhere" reaches direct messages.
  if (event.type === "sanctioned" && event.kind === "ban" && event.scope === "everywhere") return "recheck";
  return "ignore";
}

/**
 * This node lost the bus: messages sent on other nodes may not have reached the stream. Ending it (rather than
 * carrying on with a silent gap) makes the client reconnect and resume after its last message id.
 */
export const busLost = () =>
  new ConnectError("chat bus connection lost, messages may have been missed: reconnect (resume after your last message id)", Code.Unavailable);

const characterDeleted = (characterId: string) => new ConnectError(`character ${characterId} was deleted`, Code.NotFound);
