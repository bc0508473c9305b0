import { randomUUID } from "node:crypto";
import { and, asc, count, eq, getTableColumns, gt, inArray, isNull, lte, sql } from "drizzle-orm";
import { appendAudit, type AuditActor } from "../audit/audit-trail.js";
import type { Db } from "../platform/db/database.js";
import { planGameServers } from "./gameserver-rules.js";
import { dimensionMaps, dimensions, gameServerRequests, gameServers, gameSessions } from "./schema.js";

export type GameServerRow = typeof gameServers.$inferSelect;

export interface Registration {
  dimensionId: string;
  mapId: string;
  address: string;
  port: number;
  maxPlayers: number;
}

export type RegistryStore = ReturnType<typeof createRegistryStore>;

/** A game server as the audit log shows it (heartbeat times are liveness, not part of the record). */
const serverAuditView = ({ id, dimensionId, mapId, address, port, draining, maxPlayers }: GameServerRow) => ({
  id,
  dimensionId,
  mapId,
  address,
  port,
  draining,
  maxPlayers,
});

/**
 * All SQL of the game-server registry. A server is live while its last heartbeat is younger than the TTL;
 * the clock is the database's (now()), so every node agrees.
 */
export function createRegistryStore(db: Db, ttlSeconds: number) {
  const ttl = sql`(${ttlSeconds} * interval '1 second')`;
  const isLive = gt(gameServers.lastHeartbeatAt, sql`now() - ${ttl}`);
  const dimensionMapIds = async (tx: Db, dimensionId: string) =>
    (
      await tx.select({ mapId: dimensionMaps.mapId }).from(dimensionMaps).where(eq(dimensionMaps.dimensionId, dimensionId)).orderBy(asc(dimensionMaps.position))
    ).map((r) => r.mapId);

  return {
    ttlSeconds,

    /** Registers a server for a map of a live dimension and closes the pending requests it fulfils. */
    register(actor: AuditActor, input: Registration): Promise<GameServerRow | "dimension-missing" | "map-not-in-dimension"> {
      return db.transaction(async (tx) => {
        const [dimension] = await tx
          .select({ id: dimensions.id })
          .from(dimensions)
          .where(and(eq(dimensions.id, input.dimensionId), isNull(dimensions.deletedAt)))
          .for("share");
        if (!dimension) return "dimension-missing" as const;
        if (!(await dimensionMapIds(tx, input.dimensionId)).includes(input.mapId)) return "map-not-in-dimension" as const;
        // Expired leases are gone for good (their heartbeats are refused); drop them as new servers arrive.
        await tx.delete(gameServers).where(lte(gameServers.lastHeartbeatAt, sql`now() - ${ttl}`));
        const [row] = await tx
          .insert(gameServers)
          // Only the client that registers a server verifies its joins and reports its leaves (connection-store.ts).
          .values({ id: randomUUID(), ...input, registeredBy: actor.id })
          .returning();
        await tx
          .update(gameServerRequests)
          .set({ fulfilledAt: sql`now()` })
          .where(and(eq(gameServerRequests.dimensionId, input.dimensionId), eq(gameServerRequests.mapId, input.mapId), isNull(gameServerRequests.fulfilledAt)));
        await appendAudit(tx, actor, { action: "game-server.register", targetType: "game-server", targetId: row!.id, after: serverAuditView(row!) });
        return row!;
      });
    },

    /** Renews a live lease; an expired or unknown one is "gone" (the server must register again). */
    async heartbeat(id: string): Promise<{ draining: boolean } | "gone"> {
      const [row] = await db
        .update(gameServers)
        .set({ lastHeartbeatAt: sql`now()` })
        .where(and(eq(gameServers.id, id), isLive))
        .returning({ draining: gameServers.draining });
      return row ?? "gone";
    },

    deregister(actor: AuditActor, id: string): Promise<boolean> {
      return db.transaction(async (tx) => {
        const [row] = await tx.delete(gameServers).where(eq(gameServers.id, id)).returning();
        if (!row) return false;
        await appendAudit(tx, actor, { action: "game-server.deregister", targetType: "game-server", targetId: id, before: serverAuditView(row) });
        return true;
      });
    },

    /** Live servers with the number of characters playing on each. */
    listLive(): Promise<(GameServerRow & { players: number })[]> {
      const players = sql<number>`(select count(*)::int from ${gameSessions} where ${gameSessions.serverId} = ${gameServers.id})`;
      return db
        .select({ ...getTableColumns(gameServers), players })
        .from(gameServers)
        .where(isLive)
        .orderBy(asc(gameServers.registeredAt), asc(gameServers.id));
    },

    async countLive(): Promise<number> {
      const [row] = await db.select({ n: count() }).from(gameServers).where(isLive);
      return row?.n ?? 0;
    },

    /**
     * GameServerUpdate: records a pending request for each map without a live server (once: an open request is
     * not repeated) and marks servers whose map left the dimension as draining. The dimension row is locked so
     * two updates of one dimension do not interleave.
     */
    update(actor: AuditActor, dimensionId: string): Promise<{ mapIdsCreated: string[]; mapIdsDeleted: string[] } | "not-found"> {
      return db.transaction(async (tx) => {
        const [dimension] = await tx
          .select({ id: dimensions.id })
          .from(dimensions)
          .where(and(eq(dimensions.id, dimensionId), isNull(dimensions.deletedAt)))
          .for("update");
        if (!dimension) return "not-found" as const;
        const mapIds = await dimensionMapIds(tx, dimensionId);
        const servers = await tx
          .select({ id: gameServers.id, mapId: gameServers.mapId, draining: gameServers.draining })
          .from(gameServers)
          .where(and(eq(gameServers.dimensionId, dimensionId), isLive));
        const plan = planGameServers(mapIds, servers);
        let fresh: string[] = [];
        if (plan.mapsNeedingServer.length > 0) {
          const open = await tx
            .select({ mapId: gameServerRequests.mapId })
            .from(gameServerRequests)
            .where(and(eq(gameServerRequests.dimensionId, dimensionId), isNull(gameServerRequests.fulfilledAt)));
          const pending = new Set(open.map((r) => r.mapId));
          fresh = plan.mapsNeedingServer.filter((mapId) => !pending.has(mapId));
          if (fresh.length > 0) await tx.insert(gameServerRequests).values(fresh.map((mapId) => ({ id: randomUUID(), dimensionId, mapId })));
        }
        if (plan.serversToDrain.length > 0) {
          await tx
            .update(gameServers)
            .set({ draining: true })
            .where(
              inArray(
                gameServers.id,
                plan.serversToDrain.map((s) => s.id),
              ),
            );
        }
        const result = { mapIdsCreated: plan.mapsNeedingServer, mapIdsDeleted: [...new Set(plan.serversToDrain.map((s) => s.mapId))] };
        // What this call wrote: new server requests (a request still open is not repeated) and servers set draining.
        if (fresh.length > 0 || plan.serversToDrain.length > 0) {
          await appendAudit(tx, actor, {
            action: "dimension.game-server-update",
            targetType: "dimension",
            targetId: dimensionId,
            after: { mapIdsRequested: fresh, mapIdsDraining: result.mapIdsDeleted, drainingServerIds: plan.serversToDrain.map((s) => s.id) },
          });
        }
        return result;
      });
    },
  };
}
