import { Code, ConnectError, type HandlerContext } from "@connectrpc/connect";
import { grantOf, requireOwnership } from "../platform/auth/caller.js";
import { readDenial, sendDenial, type AccessFacts } from "./chat-rules.js";
import type { ChannelRow, CharacterFacts, ChatStore } from "./chat-store.js";

/**
 * Gathers the facts the chat rules decide on, for the caller of one rpc. Staff ("all" grant) see missing rows as
 * NOT_FOUND; players get the same PERMISSION_DENIED for a missing, foreign or forbidden target, so nothing leaks.
 */
export function createChatAccess(store: ChatStore, now: () => number = Date.now) {
  const isStaff = (ctx: HandlerContext) => grantOf(ctx) === "all";

  /** The character the caller acts as: their own, or any for staff. */
  async function actingCharacter(ctx: HandlerContext, characterId: string): Promise<CharacterFacts> {
    const character = await store.character(characterId);
    if (!character && isStaff(ctx)) throw new ConnectError(`character ${characterId} not found`, Code.NotFound);
    requireOwnership(ctx, character?.ownerId, "characters");
    return character!;
  }

  /** One query: the acting character (own, or any for staff) and its standing on the channel. */
  async function channelFacts(ctx: HandlerContext, channelId: string, characterId: string): Promise<{ character: CharacterFacts; channel: ChannelRow; facts: AccessFacts }> {
    const found = await store.channelAccess(characterId, channelId);
    if (!found && isStaff(ctx)) throw new ConnectError(`character ${characterId} not found`, Code.NotFound);
    requireOwnership(ctx, found?.character.ownerId, "characters");
    const { character, channel, authorized, ban } = found!;
    if (!channel) {
      if (isStaff(ctx)) throw new ConnectError(`chat channel ${channelId} not found`, Code.NotFound);
      throw new ConnectError("permission denied: this character may not use this channel", Code.PermissionDenied);
    }
    return { character, channel, facts: { channel, character, authorized, ban, staff: isStaff(ctx), nowMs: now() } };
  }

  return {
    isStaff,
    actingCharacter,

    /** Throws unless the character may read the channel now. */
    async requireRead(ctx: HandlerContext, channelId: string, characterId: string): Promise<{ character: CharacterFacts; channel: ChannelRow }> {
      const { character, channel, facts } = await channelFacts(ctx, channelId, characterId);
      const denial = readDenial(facts);
      if (denial) throw new ConnectError(denial, Code.PermissionDenied);
      return { character, channel };
    },

    /** Throws unless the character may send to the channel now (read access and no active ban). */
    async requireSend(ctx: HandlerContext, channelId: string, characterId: string): Promise<{ character: CharacterFacts; channel: ChannelRow }> {
      const { character, channel, facts } = await channelFacts(ctx, channelId, characterId);
      const denial = sendDenial(facts);
      if (denial) throw new ConnectError(denial, Code.PermissionDenied);
      return { character, channel };
    },

    /** Direct messages stay within one dimension. A missing target looks like a foreign one to players. */
    async requireDirectTarget(ctx: HandlerContext, sender: CharacterFacts, targetId: string): Promise<CharacterFacts> {
      const target = await store.character(targetId);
      if (!target && isStaff(ctx)) throw new ConnectError(`character ${targetId} not found`, Code.NotFound);
      if (!target || target.dimensionId !== sender.dimensionId) {
        throw new ConnectError("permission denied: direct messages only reach characters in the same dimension", Code.PermissionDenied);
      }
      return target;
    },
  };
}

export type ChatAccess = ReturnType<typeof createChatAccess>;
