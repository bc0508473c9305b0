import { and, asc, count, countDistinct, eq, gt, isNull, sql } from "drizzle-orm";
import { characters } from "../character/schema.js";
import type { Db } from "../platform/db/database.js";
import { dimensions, gameServers, gameSessions } from "./schema.js";

export interface OnlineFilter {
  dimensionId?: string;
  serverId?: string;
  limit: number;
}

export type OnlineStore = ReturnType<typeof createOnlineStore>;

/** Who plays now: sessions on servers whose lease holds (the registry's database clock), for the console. */
export function createOnlineStore(db: Db, ttlSeconds: number) {
  const serverLive = gt(gameServers.lastHeartbeatAt, sql`now() - (${ttlSeconds} * interval '1 second')`);
  const address = sql<string>`${gameServers.address} || ':' || ${gameServers.port}`;

  return {
    async online(filter: OnlineFilter) {
      const where = and(
        serverLive,
        filter.dimensionId === undefined ? undefined : eq(gameServers.dimensionId, filter.dimensionId),
        filter.serverId === undefined ? undefined : eq(gameServers.id, filter.serverId),
      );
      const servers = await db
        .select({
          serverId: gameServers.id,
          dimensionId: gameServers.dimensionId,
          mapId: gameServers.mapId,
          serverAddress: address,
          players: count(gameSessions.characterId),
        })
        .from(gameServers)
        .leftJoin(gameSessions, eq(gameSessions.serverId, gameServers.id))
        .where(where)
        .groupBy(gameServers.id)
        .orderBy(asc(gameServers.dimensionId), asc(gameServers.id));
      const players = await db
        .select({
          characterId: gameSessions.characterId,
          characterName: characters.name,
          dimensionId: gameServers.dimensionId,
          mapId: gameServers.mapId,
          serverId: gameServers.id,
          serverAddress: address,
          startedAt: gameSessions.startedAt,
        })
        .from(gameSessions)
        .innerJoin(gameServers, eq(gameServers.id, gameSessions.serverId))
        .innerJoin(characters, eq(characters.id, gameSessions.characterId))
        .where(where)
        .orderBy(asc(gameServers.id), asc(characters.name), asc(gameSessions.characterId))
        .limit(filter.limit);
      return { servers, players, total: servers.reduce((sum, s) => sum + s.players, 0) };
    },

    /** Every dimension by name with its live servers and the players on them (zero included): the operations wall. */
    async byDimension() {
      return db
        .select({
          dimensionId: dimensions.id,
          dimensionName: dimensions.name,
          servers: countDistinct(gameServers.id),
          players: count(gameSessions.characterId),
        })
        .from(dimensions)
        .leftJoin(gameServers, and(eq(gameServers.dimensionId, dimensions.id), serverLive))
        .leftJoin(gameSessions, eq(gameSessions.serverId, gameServers.id))
        .where(isNull(dimensions.deletedAt))
        .groupBy(dimensions.id, dimensions.name)
        .orderBy(asc(dimensions.name), asc(dimensions.id));
    },
  };
}
