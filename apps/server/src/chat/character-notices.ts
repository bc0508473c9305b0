import type { CharacterEvent } from "../character/character-events.js";
import type { Logger } from "../platform/logger.js";
import type { AppBus } from "../cluster-events.js";

/**
 * Chat's answer to character events (wired in compose.ts): after a character is deleted its open chat streams
 * (channel and direct, on every node) end with NOT_FOUND; after it is edited (dimension, owner, …) they re-check
 * access, like after an authorization change. Sends need no notice: they re-check the character in the database as
 * they store the message (chat-store insertGuardedChannelMessages). A failed notice is logged; the change stands.
 */
export function chatNoticesOfCharacters(bus: AppBus, logger: Logger): (event: CharacterEvent) => Promise<void> {
  return async ({ type, characterId }) => {
    const notice = type === "deleted" ? "character-deleted" : "character-changed";
    try {
      await bus.publish({ kind: "character", id: characterId.toLowerCase() }, { type: notice });
    } catch (error) {
      logger.warn({ err: error, characterId, type: notice }, "chat notice about a character failed");
    }
  };
}
