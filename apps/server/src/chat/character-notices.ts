import type { ServiceImpl } from "@connectrpc/connect";
import type { CharacterService } from "../gen/sro/character/character_pb.js";
import type { Logger } from "../platform/logger.js";
import type { ChatBus } from "./chat-bus.js";

/**
 * The character service with chat notices: after a character is deleted its open chat streams (channel and direct,
 * on every node) end with NOT_FOUND; after it is edited (dimension, owner, …) they re-check access, like after an
 * authorization change. Sends need no notice: they re-check the character in the database as they store the
 * message (chat-store insertGuardedChannelMessages). A failed notice is logged; the deletion or edit stands.
 */
export function withChatNotices(characters: ServiceImpl<typeof CharacterService>, bus: ChatBus, logger: Logger): ServiceImpl<typeof CharacterService> {
  const notify = async (id: string, type: "character-deleted" | "character-changed") => {
    try {
      await bus.publish({ kind: "character", id: id.toLowerCase() }, { type });
    } catch (error) {
      logger.warn({ err: error, characterId: id, type }, "chat notice about a character failed");
    }
  };
  return {
    ...characters,
    async deleteCharacter(req, ctx) {
      const result = await characters.deleteCharacter(req, ctx);
      await notify(req.id, "character-deleted");
      return result;
    },
    async editCharacter(req, ctx) {
      const result = await characters.editCharacter(req, ctx);
      await notify(req.character?.id ?? "", "character-changed");
      return result;
    },
  };
}
