import { count, eq, gte, isNull } from "drizzle-orm";
import { chatChannels } from "../chat/schema.js";
import { dimensions } from "../gameserver/schema.js";
import type { Db } from "../platform/db/database.js";
import { sanctions } from "./schema.js";

/** The operations wall's database reads: channels with their dimension, and sanctions issued since a time. */
export interface WallChannel {
  id: string;
  name: string;
  dimensionId: string;
  dimensionName: string;
}

export function createOperationsStore(db: Db) {
  return {
    /** Channels that are not deleted, by dimension name then channel name (channels of every dimension first). */
    async channels(): Promise<WallChannel[]> {
      const rows = await db
        .select({ id: chatChannels.id, name: chatChannels.name, dimensionId: chatChannels.dimensionId, dimensionName: dimensions.name })
        .from(chatChannels)
        .leftJoin(dimensions, eq(dimensions.id, chatChannels.dimensionId))
        .where(isNull(chatChannels.deletedAt));
      return rows
        .map((r) => ({ id: r.id, name: r.name, dimensionId: r.dimensionId ?? "", dimensionName: r.dimensionName ?? "" }))
        .sort((a, b) => a.dimensionName.localeCompare(b.dimensionName) || a.name.localeCompare(b.name) || a.id.localeCompare(b.id));
    },

    /** Sanctions issued since `since` (revoked ones too: they were issued): per channel scope, and in all. */
    async sanctionsSince(since: Date): Promise<{ total: number; byChannel: Map<string, number> }> {
      const rows = await db
        .select({ scope: sanctions.scope, scopeId: sanctions.scopeId, n: count() })
        .from(sanctions)
        .where(gte(sanctions.issuedAt, since))
        .groupBy(sanctions.scope, sanctions.scopeId);
      let total = 0;
      const byChannel = new Map<string, number>();
      for (const r of rows) {
        total += r.n;
        if (r.scope === "channel" && r.scopeId) byChannel.set(r.scopeId, (byChannel.get(r.scopeId) ?? 0) + r.n);
      }
      return { total, byChannel };
    },
  };
}

export type OperationsStore = ReturnType<typeof createOperationsStore>;
