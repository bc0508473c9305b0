import { create } from "@bufbuild/protobuf";
import { EmptySchema } from "@bufbuild/protobuf/wkt";
import { Code, ConnectError, type ServiceImpl } from "@connectrpc/connect";
import { ChatChannelSchema, ChatChannelsSchema, type ChatService } from "../gen/sro/chat/chat_pb.js";
import { auditActorOf } from "../audit/audit-actor.js";
import { callerOf, grantOf } from "../platform/auth/caller.js";
import { invalidArgument } from "../platform/validation.js";
import type { ChatAccess } from "./chat-access.js";

import { channelName, requireId } from "./chat-rules.js";
import type { ChannelRow, ChatStore } from "./chat-store.js";
import type { AppBus } from "../cluster-events.js";

type ChannelRpcs =
  | "getChatChannels"
  | "getChatChannel"
  | "createChatChannel"
  | "deleteChatChannel"
  | "editChatChannel"
  | "getAuthorizedChatChannels"
  | "setCharacterChatChannelAuth"
  | "updateCharacterChatChannelAuth";

const toChannel = (row: ChannelRow) => create(ChatChannelSchema, { id: row.id, name: row.name, dimensionId: row.dimensionId ?? "", public: row.public });
const notFound = (what: string, id: string) => new ConnectError(`${what} ${id} not found`, Code.NotFound);

/** Channels and who is authorized for them. Changes that can take access away tell open streams to re-check. */
export function channelHandlers({
  store,
  bus,
  access,
}: {
  store: ChatStore;
  bus: AppBus;
  access: ChatAccess;
}): Pick<ServiceImpl<typeof ChatService>, ChannelRpcs> {
  /**
   * "" means every dimension; anything else must be a live dimension. A missing one is bad input (INVALID_ARGUMENT
   * naming the field), as for a character's dimension or a dimension's maps: NOT_FOUND is kept for the call's target.
   */
  async function dimensionOf(raw: string, field: string): Promise<string | null> {
    if (raw === "") return null;
    const id = requireId(raw, field);
    if (!(await store.dimensionExists(id))) throw invalidArgument(field, "no live dimension has this id");
    return id;
  }

  async function requireCharacter(id: string): Promise<void> {
    if (!(await store.character(id))) throw notFound("character", id);
  }

  async function requireChannels(rawIds: string[]): Promise<string[]> {
    const ids = [...new Set(rawIds.map((id, i) => requireId(id, `ids[${i}]`)))];
    const existing = await store.existingChannelIds(ids);
    const missing = ids.filter((id) => !existing.has(id));
    if (missing.length > 0) throw new ConnectError(`chat channels not found: ${missing.join(", ")}`, Code.NotFound);
    return ids;
  }

  const accessLost = (characterId: string, channelIds: string[]) => {
    for (const id of channelIds) access.forgetSendFacts(id, characterId);
    return Promise.all(channelIds.map((id) => bus.publish({ kind: "channel", id }, { type: "access-changed", characterId })));
  };

  return {
    async getChatChannels(_req, ctx) {
      // Players ("own"): the channels they could join or are authorized for; staff: every channel.
      const rows = grantOf(ctx) === "all" ? await store.listChannels() : await store.channelsVisibleTo(callerOf(ctx).sub);
      return create(ChatChannelsSchema, { channels: rows.map(toChannel) });
    },

    async getChatChannel(req) {
      const id = requireId(req.id, "id");
      const row = await store.channel(id);
      if (!row) throw notFound("chat channel", id);
      return toChannel(row);
    },

    async createChatChannel(req, ctx) {
      const name = channelName(req.name);
      const dimensionId = await dimensionOf(req.dimensionId, "dimension_id");
      return toChannel(await store.createChannel(auditActorOf(ctx), { name, dimensionId, public: req.public }));
    },

    async editChatChannel(req, ctx) {
      const id = requireId(req.channelId, "channel_id");
      const changes: Partial<Omit<ChannelRow, "id">> = {};
      if (req.name !== undefined) changes.name = channelName(req.name);
      if (req.dimension !== undefined) changes.dimensionId = await dimensionOf(req.dimension, "dimension");
      if (req.public !== undefined) changes.public = req.public;
      const row = Object.keys(changes).length > 0 ? await store.updateChannel(auditActorOf(ctx), id, changes) : await store.channel(id);
      if (!row) throw notFound("chat channel", id);
      if (changes.dimensionId !== undefined || changes.public !== undefined) {
        access.forgetChannel(id);
        await bus.publish({ kind: "channel", id }, { type: "access-changed" });
      }
      return toChannel(row);
    },

    async deleteChatChannel(req, ctx) {
      const id = requireId(req.id, "id");
      const row = await store.deleteChannel(auditActorOf(ctx), id);
      if (!row) throw notFound("chat channel", id);
      access.forgetChannel(id);
      await bus.publish({ kind: "channel", id }, { type: "deleted" });
      return toChannel(row);
    },

    async getAuthorizedChatChannels(req, ctx) {
      const character = await access.actingCharacter(ctx, requireId(req.id, "id"));
      return create(ChatChannelsSchema, { channels: (await store.authorizedChannels(character.id)).map(toChannel) });
    },

    async setCharacterChatChannelAuth(req, ctx) {
      const characterId = requireId(req.characterId, "character_id");
      const ids = await requireChannels(req.ids);
      await requireCharacter(characterId);
      const removed = await store.replaceAuthorizations(auditActorOf(ctx), characterId, ids);
      for (const id of ids) access.forgetSendFacts(id, characterId);
      await accessLost(characterId, removed);
      return create(EmptySchema);
    },

    async updateCharacterChatChannelAuth(req, ctx) {
      const characterId = requireId(req.characterId, "character_id");
      await requireCharacter(characterId);
      if (req.add) {
        const ids = await requireChannels(req.ids);
        await store.addAuthorizations(auditActorOf(ctx), characterId, ids);
        for (const id of ids) access.forgetSendFacts(id, characterId);
      } else {
        // Removing a row that is not there (or of a deleted channel) is already the wanted state.
        const ids = [...new Set(req.ids.map((id, i) => requireId(id, `ids[${i}]`)))];
        await accessLost(characterId, await store.removeAuthorizations(auditActorOf(ctx), characterId, ids));
      }
      return create(EmptySchema);
    },
  };
}
