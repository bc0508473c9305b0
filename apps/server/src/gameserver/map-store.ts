import { randomUUID } from "node:crypto";
import { and, asc, eq, isNull, sql } from "drizzle-orm";
import { appendAudit, type AuditActor } from "../audit/audit-trail.js";
import type { Db } from "../platform/db/database.js";
import { isUniqueViolation } from "../platform/db/errors.js";
import { referenceCache } from "../platform/db/reference-cache.js";
import { announceAfter, type TableChanges } from "../platform/db/table-changes.js";
import { dimensionMaps, maps } from "./schema.js";

export type MapRow = typeof maps.$inferSelect;

export interface MapChanges {
  name?: string;
  mapPath?: string;
}

const live = isNull(maps.deletedAt);

export type MapStore = ReturnType<typeof createMapStore>;

/** A map as the audit log shows it. */
const mapAuditView = ({ id, name, mapPath }: MapRow) => ({ id, name, mapPath });

/**
 * All SQL of maps. Names are unique among live maps, ignoring case (maps_live_name_key). Reads come from an
 * in-memory copy of the live maps, dropped on every write to maps on any node (platform/db/reference-cache.ts).
 */
export function createMapStore(db: Db, tableChanges: TableChanges) {
  const liveMaps = referenceCache(tableChanges, ["maps"], async () => {
    const rows = await db
      .select()
      .from(maps)
      .where(live)
      .orderBy(asc(sql`lower(${maps.name})`), asc(maps.id));
    return { rows, byId: new Map(rows.map((row) => [row.id, row])) };
  });

  function refusingTakenNames<T>(write: () => Promise<T>): Promise<T | "name-taken"> {
    return announceAfter(tableChanges, ["maps"], async () => {
      try {
        return await write();
      } catch (error) {
        if (isUniqueViolation(error)) return "name-taken" as const;
        throw error;
      }
    });
  }

  return {
    async find(id: string): Promise<MapRow | undefined> {
      const cached = (await liveMaps.read()).byId.get(id);
      if (cached) return cached;
      // Not in the copy: it may be newer than the copy (its change notice not heard yet), so the database answers.
      const [row] = await db
        .select()
        .from(maps)
        .where(and(live, eq(maps.id, id)));
      return row;
    },

    async list(): Promise<readonly MapRow[]> {
      return (await liveMaps.read()).rows;
    },

    create(actor: AuditActor, input: { name: string; mapPath: string }): Promise<MapRow | "name-taken"> {
      return refusingTakenNames(() =>
        db.transaction(async (tx) => {
          const [row] = await tx
            .insert(maps)
            .values({ id: randomUUID(), ...input })
            .returning();
          await appendAudit(tx, actor, { action: "map.create", targetType: "map", targetId: row!.id, after: mapAuditView(row!) });
          return row!;
        }),
      );
    },

    update(actor: AuditActor, id: string, changes: MapChanges): Promise<MapRow | "not-found" | "name-taken"> {
      return refusingTakenNames(() =>
        db.transaction(async (tx) => {
          const [before] = await tx
            .select()
            .from(maps)
            .where(and(eq(maps.id, id), live))
            .for("update");
          if (!before) return "not-found" as const;
          const [row] = await tx
            .update(maps)
            .set({ ...changes, updatedAt: sql`now()` })
            .where(and(eq(maps.id, id), live))
            .returning();
          await appendAudit(tx, actor, { action: "map.edit", targetType: "map", targetId: id, before: mapAuditView(before), after: mapAuditView(row!) });
          return row!;
        }),
      );
    },

    /**
     * Soft-deletes the map and takes it out of every dimension's map list, in one transaction; the row lock
     * orders it against dimension writes that check the map is live (dimension-store.ts).
     */
    /** The record's before lists the dimensions the map was taken out of (dimensionIds). */
    softDelete(actor: AuditActor, id: string): Promise<{ removedFromDimensions: number } | "not-found"> {
      return announceAfter(tableChanges, ["maps", "dimension_maps"], () =>
        db.transaction(async (tx) => {
          const [row] = await tx
            .update(maps)
            .set({ deletedAt: sql`now()`, updatedAt: sql`now()` })
            .where(and(eq(maps.id, id), live))
            .returning();
          if (!row) return "not-found" as const;
          const removed = await tx.delete(dimensionMaps).where(eq(dimensionMaps.mapId, id)).returning({ dimensionId: dimensionMaps.dimensionId });
          await appendAudit(tx, actor, {
            action: "map.delete",
            targetType: "map",
            targetId: id,
            before: { ...mapAuditView(row), dimensionIds: [...new Set(removed.map((r) => r.dimensionId))].sort() },
          });
          return { removedFromDimensions: removed.length };
        }),
      );
    },
  };
}
