import { randomUUID } from "node:crypto";
import { and, asc, count, eq, gt, inArray, isNull, sql } from "drizzle-orm";
import { appendAudit, type AuditActor } from "../audit/audit-trail.js";
import { characters, type StoredLocation } from "../character/schema.js";
import type { Db } from "../platform/db/database.js";
import { dimensionMaps, gameConnections, gameServers, gameSessions, maps } from "./schema.js";

export interface PlayingCharacter {
  id: string;
  ownerId: string;
  dimensionId: string;
  world: string;
}

export interface Issued {
  connectionId: string;
  address: string;
  port: number;
  serverId: string;
}

/** Why a connection was not issued or verified; the service turns each into a status. */
export type IssueRefusal = "no-map" | "no-server" | "full";
export type VerifyRefusal = "unknown" | "used" | "expired" | "other-server" | "server-gone" | "not-your-server" | "character-gone";

export type ConnectionStore = ReturnType<typeof createConnectionStore>;

export interface ConnectionStoreOptions {
  /** The registry's lease: a session counts while its server's last heartbeat is younger. */
  ttlSeconds: number;
  /** How long a connection id stays valid. */
  connectionTtlMs: number;
  now: () => number;
}

/**
 * All SQL of the join flow. Connection ids and sessions are written with the service clock (tests move it); server
 * liveness is the registry's database clock, as everywhere else in the registry.
 */
export function createConnectionStore(db: Db, options: ConnectionStoreOptions) {
  const ttl = sql`(${options.ttlSeconds} * interval '1 second')`;
  const serverLive = gt(gameServers.lastHeartbeatAt, sql`now() - ${ttl}`);
  const at = () => new Date(options.now());

  /** The map a world names among the dimension's live maps: by name (any case) or by id; none given: its first map. */
  async function mapOf(tx: Db, dimensionId: string, world: string): Promise<string | undefined> {
    const rows = await tx
      .select({ id: maps.id, name: maps.name })
      .from(dimensionMaps)
      .innerJoin(maps, and(eq(maps.id, dimensionMaps.mapId), isNull(maps.deletedAt)))
      .where(eq(dimensionMaps.dimensionId, dimensionId))
      .orderBy(asc(dimensionMaps.position));
    if (world.trim() === "") return rows[0]?.id;
    const wanted = world.trim().toLowerCase();
    return rows.find((m) => m.name.toLowerCase() === wanted || m.id === wanted)?.id;
  }

  /**
   * A live, non-draining server of the map with room (players plus ids still outstanding), the emptiest first. Only
   * the chosen server's row is locked, and its load counted again under the lock: concurrent joins spread over the
   * map's servers instead of queueing behind one lock on all of them.
   */
  async function issueOn(tx: Db, character: PlayingCharacter, mapId: string): Promise<Issued | "no-server" | "full"> {
    const now = at();
    const servers = await tx
      .select({ id: gameServers.id, address: gameServers.address, port: gameServers.port, maxPlayers: gameServers.maxPlayers })
      .from(gameServers)
      .where(and(eq(gameServers.dimensionId, character.dimensionId), eq(gameServers.mapId, mapId), eq(gameServers.draining, false), serverLive));
    if (servers.length === 0) return "no-server";
    const loads = await loadOf(
      tx,
      servers.map((s) => s.id),
      now,
    );
    const open = servers.filter((s) => loads.get(s.id)! < s.maxPlayers).sort((a, b) => loads.get(a.id)! - loads.get(b.id)! || a.id.localeCompare(b.id));
    // First the servers no other join holds; then, if every one is held, wait for each in turn.
    for (const skipLocked of [true, false]) {
      for (const server of open) {
        const [locked] = await tx
          .select({ id: gameServers.id })
          .from(gameServers)
          .where(and(eq(gameServers.id, server.id), eq(gameServers.draining, false), serverLive))
          .for("update", skipLocked ? { skipLocked: true } : {});
        if (!locked || (await loadOf(tx, [server.id], now)).get(server.id)! >= server.maxPlayers) continue;
        const connectionId = randomUUID();
        await tx.insert(gameConnections).values({
          id: connectionId,
          characterId: character.id,
          ownerId: character.ownerId,
          serverId: server.id,
          issuedAt: now,
          expiresAt: new Date(now.getTime() + options.connectionTtlMs),
        });
        return { connectionId, address: server.address, port: server.port, serverId: server.id };
      }
    }
    return "full";
  }

  /** Each server's players plus the ids still outstanding for it: two grouped counts, however many servers. */
  async function loadOf(tx: Db, serverIds: string[], now: Date): Promise<Map<string, number>> {
    const [playing, pending] = await Promise.all([
      tx.select({ id: gameSessions.serverId, n: count() }).from(gameSessions).where(inArray(gameSessions.serverId, serverIds)).groupBy(gameSessions.serverId),
      tx
        .select({ id: gameConnections.serverId, n: count() })
        .from(gameConnections)
        .where(and(inArray(gameConnections.serverId, serverIds), isNull(gameConnections.consumedAt), gt(gameConnections.expiresAt, now)))
        .groupBy(gameConnections.serverId),
    ]);
    const loads = new Map(serverIds.map((id) => [id, 0]));
    for (const row of [...playing, ...pending]) loads.set(row.id, loads.get(row.id)! + row.n);
    return loads;
  }

  return {
    async character(id: string): Promise<PlayingCharacter | undefined> {
      const [row] = await db
        .select({ id: characters.id, ownerId: characters.ownerId, dimensionId: characters.dimensionId, location: characters.location })
        .from(characters)
        .where(and(eq(characters.id, id), isNull(characters.deletedAt)));
      return row && { id: row.id, ownerId: row.ownerId, dimensionId: row.dimensionId, world: row.location?.world ?? "" };
    },

    /** A connection id for the character on a server of the map its location names. */
    issue(character: PlayingCharacter): Promise<Issued | IssueRefusal> {
      return db.transaction(async (tx) => {
        const mapId = await mapOf(tx, character.dimensionId, character.world);
        return mapId ? issueOn(tx, character, mapId) : "no-map";
      });
    },

    /**
     * Consumes a connection id for the server it was issued for and starts (or moves) the character's session.
     * `registeredBy`: the caller must be the client that registered the server (undefined: anyone, for admins).
     */
    verify(connectionId: string, serverId: string, registeredBy: string | undefined): Promise<{ characterId: string } | VerifyRefusal> {
      return db.transaction(async (tx) => {
        const [row] = await tx.select().from(gameConnections).where(eq(gameConnections.id, connectionId)).for("update");
        if (!row) return "unknown" as const;
        if (row.consumedAt) return "used" as const;
        if (row.serverId !== serverId) return "other-server" as const;
        if (row.expiresAt.getTime() <= options.now()) return "expired" as const;
        const [server] = await tx
          .select({ registeredBy: gameServers.registeredBy })
          .from(gameServers)
          .where(and(eq(gameServers.id, serverId), serverLive));
        if (!server) return "server-gone" as const;
        if (registeredBy !== undefined && server.registeredBy !== registeredBy) return "not-your-server" as const;
        const now = at();
        await tx.update(gameConnections).set({ consumedAt: now }).where(eq(gameConnections.id, connectionId));
        const [character] = await tx
          .select({ id: characters.id })
          .from(characters)
          .where(and(eq(characters.id, row.characterId), isNull(characters.deletedAt)));
        if (!character) return "character-gone" as const;
        await tx
          .insert(gameSessions)
          .values({ characterId: row.characterId, ownerId: row.ownerId, serverId, startedAt: now })
          .onConflictDoUpdate({ target: gameSessions.characterId, set: { serverId, startedAt: now } });
        return { characterId: row.characterId };
      });
    },

    /** The server a character plays on now (its server still heartbeating), or undefined. */
    async sessionOf(characterId: string): Promise<{ serverId: string; registeredBy: string } | undefined> {
      const [row] = await db
        .select({ serverId: gameSessions.serverId, registeredBy: gameServers.registeredBy })
        .from(gameSessions)
        .innerJoin(gameServers, and(eq(gameServers.id, gameSessions.serverId), serverLive))
        .where(eq(gameSessions.characterId, characterId));
      return row;
    },

    async userPlaying(ownerId: string): Promise<boolean> {
      const [row] = await db
        .select({ n: count() })
        .from(gameSessions)
        .innerJoin(gameServers, and(eq(gameServers.id, gameSessions.serverId), serverLive))
        .where(eq(gameSessions.ownerId, ownerId));
      return (row?.n ?? 0) > 0;
    },

    /** The server a live registration has, with who registered it; undefined when unknown or lapsed. */
    async server(serverId: string): Promise<{ registeredBy: string } | undefined> {
      const [row] = await db
        .select({ registeredBy: gameServers.registeredBy })
        .from(gameServers)
        .where(and(eq(gameServers.id, serverId), serverLive));
      return row;
    },

    /** Ends the character's session on that server; false when it plays elsewhere or not at all. */
    async leave(serverId: string, characterId: string): Promise<boolean> {
      const ended = await db
        .delete(gameSessions)
        .where(and(eq(gameSessions.characterId, characterId), eq(gameSessions.serverId, serverId)))
        .returning({ id: gameSessions.characterId });
      return ended.length > 0;
    },

    /**
     * TransferPlayer: stores the new location (audited: it is a write of the character) and issues a connection id
     * on a server of the map its world names. Nothing is written when no server can take the character.
     */
    transfer(actor: AuditActor, character: PlayingCharacter, location: StoredLocation): Promise<Issued | IssueRefusal> {
      return db.transaction(async (tx) => {
        const mapId = await mapOf(tx, character.dimensionId, location.world);
        if (!mapId) return "no-map" as const;
        const issued = await issueOn(tx, character, mapId);
        if (typeof issued === "string") return issued;
        const [before] = await tx
          .update(characters)
          .set({ location, updatedAt: sql`now()` })
          .where(eq(characters.id, character.id))
          .returning({ location: characters.location });
        await appendAudit(tx, actor, {
          action: "character.transfer",
          targetType: "character",
          targetId: character.id,
          before: { world: character.world },
          after: { location: before?.location, serverId: issued.serverId },
        });
        return issued;
      });
    },
  };
}
