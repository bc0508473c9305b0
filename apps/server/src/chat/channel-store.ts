import { randomUUID } from "node:crypto";
import { and, eq, inArray, isNull, notInArray, sql } from "drizzle-orm";
import { characters } from "../character/schema.js";
import { dimensions } from "../gameserver/schema.js";
import { appendAudit, type AuditActor } from "../audit/audit-trail.js";
import type { Db } from "../platform/db/database.js";
import type { ChannelRow } from "./chat-store.js";
import { chatChannelAuthorizations, chatChannels } from "./schema.js";

/** Channels and the characters authorized on them: their reads and their audited writes. */

export const channelColumns = { id: chatChannels.id, name: chatChannels.name, dimensionId: chatChannels.dimensionId, public: chatChannels.public };
const liveChannel = (id: string) => and(eq(chatChannels.id, id), isNull(chatChannels.deletedAt));

export function createChannelStore(db: Db) {
  return {
    async channel(id: string): Promise<ChannelRow | undefined> {
      const [row] = await db.select(channelColumns).from(chatChannels).where(liveChannel(id));
      return row;
    },

    listChannels(): Promise<ChannelRow[]> {
      return db.select(channelColumns).from(chatChannels).where(isNull(chatChannels.deletedAt)).orderBy(chatChannels.name, chatChannels.id);
    },

    /**
     * A player's channel list: the public channels one of their live characters could join (every dimension, or that
     * character's dimension) plus the channels one of them is authorized for.
     */
    channelsVisibleTo(ownerId: string): Promise<ChannelRow[]> {
      const own = db
        .select({ id: characters.id, dimensionId: characters.dimensionId })
        .from(characters)
        .where(and(eq(characters.ownerId, ownerId), isNull(characters.deletedAt)));
      return db
        .select(channelColumns)
        .from(chatChannels)
        .where(
          and(
            isNull(chatChannels.deletedAt),
            sql`((${chatChannels.public}
                AND (${chatChannels.dimensionId} IS NULL OR ${chatChannels.dimensionId} IN (SELECT dimension_id FROM (${own}) own)))
              OR ${chatChannels.id} IN (SELECT ${chatChannelAuthorizations.channelId} FROM ${chatChannelAuthorizations}
                WHERE ${chatChannelAuthorizations.characterId} IN (SELECT id FROM (${own}) own)))`,
          ),
        )
        .orderBy(chatChannels.name, chatChannels.id);
    },

    createChannel(actor: AuditActor, input: { name: string; dimensionId: string | null; public: boolean }): Promise<ChannelRow> {
      return db.transaction(async (tx) => {
        const [row] = await tx
          .insert(chatChannels)
          .values({ id: randomUUID(), ...input })
          .returning(channelColumns);
        await appendAudit(tx, actor, { action: "chat-channel.create", targetType: "chat-channel", targetId: row!.id, after: row });
        return row!;
      });
    },

    updateChannel(actor: AuditActor, id: string, changes: Partial<Omit<ChannelRow, "id">>): Promise<ChannelRow | undefined> {
      return db.transaction(async (tx) => {
        const [before] = await tx.select(channelColumns).from(chatChannels).where(liveChannel(id)).for("update");
        if (!before) return undefined;
        const [row] = await tx
          .update(chatChannels)
          .set({ ...changes, updatedAt: new Date() })
          .where(liveChannel(id))
          .returning(channelColumns);
        await appendAudit(tx, actor, { action: "chat-channel.edit", targetType: "chat-channel", targetId: id, before, after: row });
        return row;
      });
    },

    deleteChannel(actor: AuditActor, id: string): Promise<ChannelRow | undefined> {
      return db.transaction(async (tx) => {
        const now = new Date();
        const [row] = await tx.update(chatChannels).set({ deletedAt: now, updatedAt: now }).where(liveChannel(id)).returning(channelColumns);
        if (row) await appendAudit(tx, actor, { action: "chat-channel.delete", targetType: "chat-channel", targetId: id, before: row });
        return row;
      });
    },

    /** The ids among `ids` that are live channels. */
    async existingChannelIds(ids: string[]): Promise<Set<string>> {
      if (ids.length === 0) return new Set();
      const rows = await db
        .select({ id: chatChannels.id })
        .from(chatChannels)
        .where(and(inArray(chatChannels.id, ids), isNull(chatChannels.deletedAt)));
      return new Set(rows.map((r) => r.id));
    },

    async dimensionExists(id: string): Promise<boolean> {
      const [row] = await db
        .select({ id: dimensions.id })
        .from(dimensions)
        .where(and(eq(dimensions.id, id), isNull(dimensions.deletedAt)));
      return row !== undefined;
    },
    /** Live channels with an authorization row for the character. */
    authorizedChannels(characterId: string): Promise<ChannelRow[]> {
      return db
        .select(channelColumns)
        .from(chatChannelAuthorizations)
        .innerJoin(chatChannels, eq(chatChannels.id, chatChannelAuthorizations.channelId))
        .where(and(eq(chatChannelAuthorizations.characterId, characterId), isNull(chatChannels.deletedAt)))
        .orderBy(chatChannels.name, chatChannels.id);
    },

    /** Replaces the character's authorizations; returns the channel ids it lost. */
    replaceAuthorizations(actor: AuditActor, characterId: string, channelIds: string[]): Promise<string[]> {
      return db.transaction(async (tx) => {
        const before = await authorizationsIn(tx, characterId);
        const byCharacter = eq(chatChannelAuthorizations.characterId, characterId);
        const removed = await tx
          .delete(chatChannelAuthorizations)
          .where(channelIds.length > 0 ? and(byCharacter, notInArray(chatChannelAuthorizations.channelId, channelIds)) : byCharacter)
          .returning({ channelId: chatChannelAuthorizations.channelId });
        if (channelIds.length > 0) {
          await tx
            .insert(chatChannelAuthorizations)
            .values(channelIds.map((channelId) => ({ characterId, channelId })))
            .onConflictDoNothing();
        }
        await auditAuthorizations(tx, actor, "chat-channel.authorizations.set", characterId, before, channelIds);
        return removed.map((r) => r.channelId);
      });
    },

    addAuthorizations(actor: AuditActor, characterId: string, channelIds: string[]): Promise<void> {
      if (channelIds.length === 0) return Promise.resolve();
      return db.transaction(async (tx) => {
        const before = await authorizationsIn(tx, characterId);
        await tx
          .insert(chatChannelAuthorizations)
          .values(channelIds.map((channelId) => ({ characterId, channelId })))
          .onConflictDoNothing();
        await auditAuthorizations(tx, actor, "chat-channel.authorizations.update", characterId, before, [...before, ...channelIds]);
      });
    },

    /** Returns the channel ids that actually lost a row. */
    removeAuthorizations(actor: AuditActor, characterId: string, channelIds: string[]): Promise<string[]> {
      if (channelIds.length === 0) return Promise.resolve([]);
      return db.transaction(async (tx) => {
        const before = await authorizationsIn(tx, characterId);
        const removed = (
          await tx
            .delete(chatChannelAuthorizations)
            .where(and(eq(chatChannelAuthorizations.characterId, characterId), inArray(chatChannelAuthorizations.channelId, channelIds)))
            .returning({ channelId: chatChannelAuthorizations.channelId })
        ).map((r) => r.channelId);
        const gone = new Set(removed);
        await auditAuthorizations(
          tx,
          actor,
          "chat-channel.authorizations.update",
          characterId,
          before,
          before.filter((id) => !gone.has(id)),
        );
        return removed;
      });
    },
  };
}

/** The channel ids a character is authorized for, sorted (locked until the transaction ends). */
async function authorizationsIn(tx: Db, characterId: string): Promise<string[]> {
  const rows = await tx
    .select({ channelId: chatChannelAuthorizations.channelId })
    .from(chatChannelAuthorizations)
    .where(eq(chatChannelAuthorizations.characterId, characterId))
    .orderBy(chatChannelAuthorizations.channelId)
    .for("update");
  return rows.map((r) => r.channelId);
}

/**
 * One record per call that changed a character's authorization list: its target is the character (the list is
 * the character's), before and after are the sorted channel id lists. A call that changed nothing wrote nothing.
 */
async function auditAuthorizations(tx: Db, actor: AuditActor, action: string, characterId: string, before: string[], after: string[]): Promise<void> {
  const next = [...new Set(after)].sort();
  if (next.length === before.length && next.every((id, i) => id === before[i])) return;
  await appendAudit(tx, actor, { action, targetType: "character", targetId: characterId, before: { channelIds: before }, after: { channelIds: next } });
}
