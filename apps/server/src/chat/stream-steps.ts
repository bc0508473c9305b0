import { Code, ConnectError } from "@connectrpc/connect";
import type { ChatEvent } from "./chat-bus.js";

/**
 * What a chat event does to one open stream: deliver it (messages), ignore it, re-check the stream's access, or end
 * the stream with this error. Both delivery paths of chat-streams.ts (the transport's sink and the generator) ask
 * these functions, so the rules exist once.
 */
export type StreamStep = "deliver" | "ignore" | "recheck" | ConnectError;

/** A channel stream read as characterId. */
export function channelStreamStep(event: ChatEvent, channelId: string, characterId: string): StreamStep {
  switch (event.type) {
    case "message":
      return "deliver";
    case "access-changed":
      return event.characterId === undefined || event.characterId === characterId ? "recheck" : "ignore";
    case "character-changed":
      return "recheck";
    case "ban":
      // Temporary bans only stop sends (checked at send time).
      if (event.characterId !== characterId || event.untilMs !== null) return "ignore";
      return new ConnectError("permission denied: this character was permanently banned from this channel", Code.PermissionDenied);
    case "deleted":
      return new ConnectError(`chat channel ${channelId} was deleted`, Code.NotFound);
    case "character-deleted":
      return characterDeleted(characterId);
    case "user-changed":
      return "ignore";
  }
}

/** characterId's direct-message stream. */
export function directStreamStep(event: ChatEvent, characterId: string): StreamStep {
  if (event.type === "message") return "deliver";
  if (event.type === "character-deleted") return characterDeleted(characterId);
  if (event.type === "character-changed") return "recheck";
  return "ignore";
}

const characterDeleted = (characterId: string) => new ConnectError(`character ${characterId} was deleted`, Code.NotFound);
