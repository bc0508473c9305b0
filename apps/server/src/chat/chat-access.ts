import { Code, ConnectError, type HandlerContext } from "@connectrpc/connect";
import { LRUCache } from "lru-cache";
import { callerOf, grantOf, requireOwnership } from "../platform/auth/caller.js";
import { denialError, directBlock, readBlock, sendBlock, sendDenial, type AccessFacts } from "./chat-rules.js";
import type { ChannelRow, ChatStore } from "./chat-store.js";
import type { CharacterFacts, CharacterSendFacts, SendFacts } from "./send-store.js";

/**
 * Send facts kept in memory: per character (owner, dimension, its authorization rows and bans) and per channel
 * (visibility, dimension). A busy sender would otherwise pay a database round trip per message just to learn again
 * that nothing changed, and a character's first send on another channel would pay one too. A copy is only ever used
 * to ALLOW a send, and the message is then stored by a statement that re-checks the very same facts in the database
 * (chat-store insertGuardedChannelMessages): if anything changed — ban, deleted or moved character, channel edited
 * or deleted, authorization — the row is not written and the send is decided again on fresh facts. A refusal is
 * always decided on fresh facts. So the copy can be stale without any rule being weakened; dropping it on local
 * writes (`forget*`) only saves that extra round trip.
 */
const SEND_FACTS_MAX = 100_000;
const SEND_CHANNELS_MAX = 10_000;
const SEND_FACTS_TTL_MS = 60_000;

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
  async function channelFacts(
    ctx: HandlerContext,
    channelId: string,
    characterId: string,
  ): Promise<{ character: CharacterFacts; channel: ChannelRow; facts: AccessFacts }> {
    const nowMs = now();
    const found = await store.channelAccess(characterId, channelId, nowMs);
    if (!found && isStaff(ctx)) throw new ConnectError(`character ${characterId} not found`, Code.NotFound);
    requireOwnership(ctx, found?.character.ownerId, "characters");
    const { character, channel, authorized, sanctions } = found!;
    if (!channel) {
      if (isStaff(ctx)) throw new ConnectError(`chat channel ${channelId} not found`, Code.NotFound);
      throw new ConnectError("permission denied: this character may not use this channel", Code.PermissionDenied);
    }
    return { character, channel, facts: { channel, character, authorized, sanctions, staff: isStaff(ctx), nowMs } };
  }

  const characterFacts = new LRUCache<string, CharacterSendFacts>({ max: SEND_FACTS_MAX, ttl: SEND_FACTS_TTL_MS });
  const channelRows = new LRUCache<string, ChannelRow>({ max: SEND_CHANNELS_MAX, ttl: SEND_FACTS_TTL_MS });

  /** The facts of one (character, channel) out of what is known about each. */
  const pairFacts = (known: CharacterSendFacts, channel: ChannelRow, staff: boolean): SendFacts => ({
    staff,
    character: known.character,
    channel,
    authorized: known.authorizedChannelIds.has(channel.id),
    sanctions: known.sanctions,
  });

  /** Would these facts let the caller send now? Never throws: a "no" is re-decided on fresh facts. */
  function allowsSend(ctx: HandlerContext, found: SendFacts): boolean {
    if (!found.staff && found.character.ownerId !== callerOf(ctx).sub) return false;
    return sendDenial({ ...found, nowMs: now() }) === undefined;
  }

  /**
   * Throws unless the character may send to the channel now, decided on facts read from the database now (one
   * query: the character's send facts and the channel), which are remembered for the next sends.
   */
  async function requireSendFresh(ctx: HandlerContext, channelId: string, characterId: string): Promise<SendFacts> {
    const nowMs = now();
    const read = await store.sendFacts(characterId, channelId, nowMs);
    if (!read && isStaff(ctx)) throw new ConnectError(`character ${characterId} not found`, Code.NotFound);
    requireOwnership(ctx, read?.facts.character.ownerId, "characters");
    const { facts: known, channel } = read!;
    if (!known.complete) {
      // More authorization rows or sanctions than were read: only the exact (character, channel) query can decide.
      characterFacts.delete(characterId);
      const exact = await channelFacts(ctx, channelId, characterId);
      const denial = sendBlock(exact.facts);
      if (denial) throw denialError(denial, exact.facts.nowMs);
      return {
        character: exact.character,
        channel: exact.channel,
        authorized: exact.facts.authorized,
        sanctions: exact.facts.sanctions,
        staff: exact.facts.staff,
      };
    }
    characterFacts.set(characterId, known);
    if (!channel) {
      channelRows.delete(channelId);
      if (isStaff(ctx)) throw new ConnectError(`chat channel ${channelId} not found`, Code.NotFound);
      throw new ConnectError("permission denied: this character may not use this channel", Code.PermissionDenied);
    }
    channelRows.set(channelId, channel);
    const found = pairFacts(known, channel, isStaff(ctx));
    const denial = sendBlock({ ...found, nowMs });
    if (denial) throw denialError(denial, nowMs);
    return found;
  }

  async function requireNoDirectBlock(character: CharacterFacts, mode: "read" | "send"): Promise<void> {
    const nowMs = now();
    const denial = directBlock(await store.liveSanctions(character.id, nowMs), nowMs, mode);
    if (denial) throw denialError(denial, nowMs);
  }

  return {
    isStaff,
    actingCharacter,

    /**
     * Throws unless the character may send to the channel now (read access, no active mute or ban); returns the facts
     * that decided it, from memory when they allow the send, otherwise from the database (requireSendFresh). The
     * caller must store the message guarded by these facts, and decide again with requireSendFresh when the guard
     * refuses.
     */
    async requireSendFacts(ctx: HandlerContext, channelId: string, characterId: string): Promise<SendFacts> {
      const known = characterFacts.get(characterId);
      const channel = known && channelRows.get(channelId);
      if (known && channel) {
        const found = pairFacts(known, channel, isStaff(ctx));
        if (allowsSend(ctx, found)) return found;
      }
      return requireSendFresh(ctx, channelId, characterId);
    },

    requireSendFresh,

    /** The character's standing on the channel may have changed (sanction, authorization): its copy goes. */
    forgetSendFacts(channelId: string, characterId: string): void {
      characterFacts.delete(characterId);
    },

    /** A channel changed (visibility, deletion): its copy goes. */
    forgetChannel(channelId: string): void {
      channelRows.delete(channelId);
    },

    /** Throws unless the character may read the channel now. */
    async requireRead(ctx: HandlerContext, channelId: string, characterId: string): Promise<{ character: CharacterFacts; channel: ChannelRow }> {
      const { character, channel, facts } = await channelFacts(ctx, channelId, characterId);
      const denial = readBlock(facts);
      if (denial) throw denialError(denial, facts.nowMs);
      return { character, channel };
    },

    /** A cache reset: forget the remembered send facts of every character, or every channel row. */
    forget(what: "characters" | "channels") {
      if (what === "characters") characterFacts.clear();
      else channelRows.clear();
    },

    /** The caller's character (own, or any for staff), unless a ban "everywhere" keeps it from its direct messages. */
    async requireDirectRead(ctx: HandlerContext, characterId: string): Promise<CharacterFacts> {
      const character = await actingCharacter(ctx, characterId);
      await requireNoDirectBlock(character, "read");
      return character;
    },

    /** Throws when a mute or ban "everywhere" keeps the sender from sending direct messages. */
    requireDirectSend: (sender: CharacterFacts) => requireNoDirectBlock(sender, "send"),

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
