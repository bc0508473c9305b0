import { randomUUID } from "node:crypto";
import { and, desc, eq, gt, inArray, isNull, sql } from "drizzle-orm";
import { appendAudit, type AuditActor } from "../audit/audit-trail.js";
import type { Db } from "../platform/db/database.js";
import { gameServers, gameSessions, playerRemovals } from "./schema.js";

export type RemovalRow = typeof playerRemovals.$inferSelect;
export type RemovalKind = "kick" | "ban";

/** Whose sessions a removal ends: one character (a kick, a character's ban) or every character of an account. */
export type RemovalTarget = { characterIds: readonly string[] } | { ownerId: string };

export type ConfirmRefusal = "unknown" | "other-server";

export type RemovalStore = ReturnType<typeof createRemovalStore>;

/**
 * All SQL of removals. Requests and confirmations are stamped with the service clock (tests move it), so the latency
 * a moderator reads is confirmed_at - requested_at of one clock; server liveness is the registry's database clock.
 */
export function createRemovalStore(db: Db, options: { ttlSeconds: number; now: () => number }) {
  const serverLive = gt(gameServers.lastHeartbeatAt, sql`now() - (${options.ttlSeconds} * interval '1 second')`);

  return {
    /**
     * A removal (with its audit record) for each live session of the target, in one transaction; none when it plays
     * nowhere. The sessions stay until the game server confirms or reports the leave.
     */
    request(actor: AuditActor, target: RemovalTarget, kind: RemovalKind, message: string, sanctionId: string | null): Promise<RemovalRow[]> {
      return db.transaction(async (tx) => {
        const whose = "ownerId" in target ? eq(gameSessions.ownerId, target.ownerId) : inArray(gameSessions.characterId, [...target.characterIds]);
        const sessions = await tx
          .select({ characterId: gameSessions.characterId, serverId: gameSessions.serverId, address: gameServers.address, port: gameServers.port })
          .from(gameSessions)
          .innerJoin(gameServers, and(eq(gameServers.id, gameSessions.serverId), serverLive))
          .where(whose);
        if (sessions.length === 0) return [];
        const requestedAt = new Date(options.now());
        const rows = sessions.map((s) => ({
          id: randomUUID(),
          characterId: s.characterId,
          serverId: s.serverId,
          serverAddress: `${s.address}:${s.port}`,
          kind,
          message,
          sanctionId,
          requestedAt,
          confirmedAt: null,
        }));
        await tx.insert(playerRemovals).values(rows);
        for (const row of rows) {
          await appendAudit(
            tx,
            actor,
            {
              action: "game-session.remove",
              targetType: "character",
              targetId: row.characterId,
              after: { removalId: row.id, serverId: row.serverId, kind, sanctionId },
            },
            options.now(),
          );
        }
        return rows;
      });
    },

    /** The server's removals not yet confirmed whose player still plays there (a stream that opens replays them). */
    unconfirmedOn(serverId: string): Promise<RemovalRow[]> {
      return db
        .select({ removal: playerRemovals })
        .from(playerRemovals)
        .innerJoin(gameSessions, and(eq(gameSessions.characterId, playerRemovals.characterId), eq(gameSessions.serverId, playerRemovals.serverId)))
        .where(and(eq(playerRemovals.serverId, serverId), isNull(playerRemovals.confirmedAt)))
        .orderBy(playerRemovals.requestedAt)
        .then((rows) => rows.map((r) => r.removal));
    },

    /** Records the confirmation (a repeated one changes nothing) and ends the session on that server, audited. */
    confirm(actor: AuditActor, serverId: string, removalId: string): Promise<RemovalRow | ConfirmRefusal> {
      return db.transaction(async (tx) => {
        const [row] = await tx.select().from(playerRemovals).where(eq(playerRemovals.id, removalId)).for("update");
        if (!row) return "unknown" as const;
        if (row.serverId !== serverId) return "other-server" as const;
        if (row.confirmedAt) return row;
        const confirmedAt = new Date(options.now());
        await tx.update(playerRemovals).set({ confirmedAt }).where(eq(playerRemovals.id, removalId));
        await tx.delete(gameSessions).where(and(eq(gameSessions.characterId, row.characterId), eq(gameSessions.serverId, serverId)));
        await appendAudit(
          tx,
          actor,
          {
            action: "game-session.removed",
            targetType: "character",
            targetId: row.characterId,
            after: { removalId, serverId, latencyMs: confirmedAt.getTime() - row.requestedAt.getTime() },
          },
          options.now(),
        );
        return { ...row, confirmedAt };
      });
    },

    async get(id: string): Promise<RemovalRow | undefined> {
      const [row] = await db.select().from(playerRemovals).where(eq(playerRemovals.id, id));
      return row;
    },

    list(by: { sanctionId: string } | { characterId: string }, max: number): Promise<RemovalRow[]> {
      const where = "sanctionId" in by ? eq(playerRemovals.sanctionId, by.sanctionId) : eq(playerRemovals.characterId, by.characterId);
      return db.select().from(playerRemovals).where(where).orderBy(desc(playerRemovals.requestedAt)).limit(max);
    },
  };
}
