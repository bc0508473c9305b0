import { randomUUID } from "node:crypto";
import { and, asc, count, eq, inArray, isNull, sql } from "drizzle-orm";
import { characters } from "../character/schema.js";
import { chatChannels } from "../chat/schema.js";
import { appendAudit, type AuditActor } from "../audit/audit-trail.js";
import type { Db } from "../platform/db/database.js";
import { isUniqueViolation } from "../platform/db/errors.js";
import { referenceCache } from "../platform/db/reference-cache.js";
import { announceAfter, type TableChanges } from "../platform/db/table-changes.js";
import { dimensionMaps, dimensions, maps } from "./schema.js";

export type DimensionRow = typeof dimensions.$inferSelect & { mapIds: string[] };

export interface NewDimension {
  name: string;
  version: string;
  location: string;
  mapIds: string[];
}

export interface DimensionChanges {
  name?: string;
  version?: string;
  location?: string;
  /** Replaces the map list when set (EditDimension with edit_maps). */
  mapIds?: string[];
}

/** Why a write did not happen; the handler turns each into a status. */
export type DimensionRefusal = "not-found" | "name-taken" | { missingMaps: string[] } | { inUse: { characters: number; channels: number } };

const live = isNull(dimensions.deletedAt);

export type DimensionStore = ReturnType<typeof createDimensionStore>;

/** A dimension as the audit log shows it. */
export const dimensionAuditView = ({ id, name, version, location, mapIds }: DimensionRow) => ({ id, name, version, location, mapIds });

const cachedTables = ["dimensions", "dimension_maps"];

/**
 * All SQL of dimensions and their ordered map lists. Names are unique among live dimensions, ignoring case. Reads
 * outside write transactions come from an in-memory copy of the live dimensions, dropped on every write to either
 * table on any node (platform/db/reference-cache.ts).
 */
export function createDimensionStore(db: Db, tableChanges: TableChanges) {
  async function mapIdsOf(tx: Db, ids: string[]): Promise<Map<string, string[]>> {
    const byDimension = new Map<string, string[]>(ids.map((id) => [id, []]));
    if (ids.length === 0) return byDimension;
    const rows = await tx
      .select({ dimensionId: dimensionMaps.dimensionId, mapId: dimensionMaps.mapId })
      .from(dimensionMaps)
      .where(inArray(dimensionMaps.dimensionId, ids))
      .orderBy(asc(dimensionMaps.dimensionId), asc(dimensionMaps.position));
    for (const row of rows) byDimension.get(row.dimensionId)?.push(row.mapId);
    return byDimension;
  }

  async function findIn(tx: Db, id: string, lock?: "update"): Promise<DimensionRow | undefined> {
    const query = tx
      .select()
      .from(dimensions)
      .where(and(eq(dimensions.id, id), live));
    const [row] = lock ? await query.for(lock) : await query;
    if (!row) return undefined;
    return { ...row, mapIds: (await mapIdsOf(tx, [id])).get(id) ?? [] };
  }

  /** Ids among `mapIds` that are not live maps. Locks the live ones (FOR SHARE) against a concurrent DeleteMap. */
  async function missingMaps(tx: Db, mapIds: string[]): Promise<string[]> {
    if (mapIds.length === 0) return [];
    const found = await tx
      .select({ id: maps.id })
      .from(maps)
      .where(and(inArray(maps.id, mapIds), isNull(maps.deletedAt)))
      .for("share");
    const liveIds = new Set(found.map((m) => m.id));
    return mapIds.filter((id) => !liveIds.has(id));
  }

  async function setMaps(tx: Db, dimensionId: string, mapIds: string[]): Promise<void> {
    await tx.delete(dimensionMaps).where(eq(dimensionMaps.dimensionId, dimensionId));
    if (mapIds.length > 0) await tx.insert(dimensionMaps).values(mapIds.map((mapId, position) => ({ dimensionId, mapId, position })));
  }

  function refusingTakenNames<T>(write: () => Promise<T>): Promise<T | "name-taken"> {
    return announceAfter(tableChanges, cachedTables, async () => {
      try {
        return await write();
      } catch (error) {
        if (isUniqueViolation(error)) return "name-taken" as const;
        throw error;
      }
    });
  }

  async function insertIn(tx: Db, input: NewDimension): Promise<DimensionRow> {
    const [row] = await tx.insert(dimensions).values({ id: randomUUID(), name: input.name, version: input.version, location: input.location }).returning();
    await setMaps(tx, row!.id, input.mapIds);
    return { ...row!, mapIds: input.mapIds };
  }

  const liveDimensions = referenceCache(tableChanges, cachedTables, async () => {
    const found = await db
      .select()
      .from(dimensions)
      .where(live)
      .orderBy(asc(sql`lower(${dimensions.name})`), asc(dimensions.id));
    const mapIds = await mapIdsOf(
      db,
      found.map((r) => r.id),
    );
    const rows: DimensionRow[] = found.map((row) => ({ ...row, mapIds: mapIds.get(row.id) ?? [] }));
    return { rows, byId: new Map(rows.map((row) => [row.id, row])) };
  });

  return {
    async find(id: string): Promise<DimensionRow | undefined> {
      const cached = (await liveDimensions.read()).byId.get(id);
      if (cached) return cached;
      // Not in the copy: it may be newer than the copy (written on another node or connection, its change notice
      // not heard yet), so the database answers.
      const [row] = await db
        .select()
        .from(dimensions)
        .where(and(live, eq(dimensions.id, id)));
      if (!row) return undefined;
      return { ...row, mapIds: (await mapIdsOf(db, [row.id])).get(row.id) ?? [] };
    },

    async list(): Promise<readonly DimensionRow[]> {
      return (await liveDimensions.read()).rows;
    },

    create(actor: AuditActor, input: NewDimension): Promise<DimensionRow | DimensionRefusal> {
      return refusingTakenNames(() =>
        db.transaction(async (tx) => {
          const missing = await missingMaps(tx, input.mapIds);
          if (missing.length > 0) return { missingMaps: missing };
          const row = await insertIn(tx, input);
          await appendAudit(tx, actor, { action: "dimension.create", targetType: "dimension", targetId: row.id, after: dimensionAuditView(row) });
          return row;
        }),
      );
    },

    /** A new dimension with the source's version, location and maps, under a new name. */
    /** Recorded as the new dimension's "dimension.duplicate"; its after names the source (duplicatedFrom). */
    duplicate(actor: AuditActor, sourceId: string, name: string): Promise<DimensionRow | DimensionRefusal> {
      return refusingTakenNames(() =>
        db.transaction(async (tx) => {
          const source = await findIn(tx, sourceId);
          if (!source) return "not-found" as const;
          const row = await insertIn(tx, { name, version: source.version, location: source.location, mapIds: source.mapIds });
          await appendAudit(tx, actor, {
            action: "dimension.duplicate",
            targetType: "dimension",
            targetId: row.id,
            after: { ...dimensionAuditView(row), duplicatedFrom: sourceId },
          });
          return row;
        }),
      );
    },

    update(actor: AuditActor, id: string, changes: DimensionChanges): Promise<DimensionRow | DimensionRefusal> {
      return refusingTakenNames(() =>
        db.transaction(async (tx) => {
          if (changes.mapIds) {
            const missing = await missingMaps(tx, changes.mapIds);
            if (missing.length > 0) return { missingMaps: missing };
          }
          const before = await findIn(tx, id, "update");
          if (!before) return "not-found" as const;
          const { mapIds, ...columns } = changes;
          const [row] = await tx
            .update(dimensions)
            .set({ ...columns, updatedAt: sql`now()` })
            .where(and(eq(dimensions.id, id), live))
            .returning();
          if (!row) return "not-found" as const;
          if (mapIds) await setMaps(tx, id, mapIds);
          const after = (await findIn(tx, id))!;
          await appendAudit(tx, actor, {
            action: "dimension.edit",
            targetType: "dimension",
            targetId: id,
            before: dimensionAuditView(before),
            after: dimensionAuditView(after),
          });
          return after;
        }),
      );
    },

    /**
     * Soft delete, refused while live characters or chat channels still name the dimension. The row lock
     * (FOR UPDATE) waits for character writes that hold it FOR SHARE, so the counts are not stale.
     */
    softDelete(actor: AuditActor, id: string): Promise<"deleted" | DimensionRefusal> {
      return announceAfter(tableChanges, cachedTables, () =>
        db.transaction(async (tx) => {
          const before = await findIn(tx, id, "update");
          if (!before) return "not-found" as const;
          // One after the other: a transaction is one connection.
          const [chars] = await tx
            .select({ n: count() })
            .from(characters)
            .where(and(eq(characters.dimensionId, id), isNull(characters.deletedAt)));
          const [channels] = await tx
            .select({ n: count() })
            .from(chatChannels)
            .where(and(eq(chatChannels.dimensionId, id), isNull(chatChannels.deletedAt)));
          const inUse = { characters: chars?.n ?? 0, channels: channels?.n ?? 0 };
          if (inUse.characters > 0 || inUse.channels > 0) return { inUse };
          await tx
            .update(dimensions)
            .set({ deletedAt: sql`now()`, updatedAt: sql`now()` })
            .where(eq(dimensions.id, id));
          await appendAudit(tx, actor, { action: "dimension.delete", targetType: "dimension", targetId: id, before: dimensionAuditView(before) });
          return "deleted" as const;
        }),
      );
    },
  };
}
