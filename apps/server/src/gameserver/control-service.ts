import { create } from "@bufbuild/protobuf";
import { EmptySchema } from "@bufbuild/protobuf/wkt";
import { Code, ConnectError, type HandlerContext, type ServiceImpl } from "@connectrpc/connect";
import { auditActorOf } from "../audit/audit-actor.js";
import type { AuditActor } from "../audit/audit-trail.js";
import type { AppBus, ClusterEvent } from "../cluster-events.js";
import {
  OnlinePlayersSchema,
  PlayerActionKind,
  PlayerActionSchema,
  PlayerRemovalSchema,
  PlayerRemovalState,
  PlayerRemovalsSchema,
  type GameServerControlService,
} from "../gen/sro/gameserver/control_pb.js";
import { callerOf, holdsCapability } from "../platform/auth/caller.js";
import type { Logger } from "../platform/logger.js";
import { invalidArgument, requireText, requireUuid } from "../platform/validation.js";
import { ActionQueue } from "./action-queue.js";
import type { PlayerActionFact } from "./gameserver-events.js";
import { REMOVAL_CONFIRM_WINDOW_MS } from "./gameserver-rules.js";
import type { OnlineStore } from "./online-store.js";
import type { RemovalRow, RemovalStore, RemovalTarget } from "./removal-store.js";

export type GameServerControl = ReturnType<typeof createGameServerControl>;

/** A ban that ends game sessions, as compose.ts hands it over from moderation's events. */
export interface GameBan {
  sanctionId: string;
  /** Whose sessions end. */
  target: RemovalTarget;
  playerMessage: string;
  /** The issuer, for the audit record of each removal. */
  issuedBy: { id: string; name: string };
}

const KIND = { kick: PlayerActionKind.KICK, ban: PlayerActionKind.BAN } as const;
const MAX_REASON = 500;
const MAX_LISTED = 100;
const MAX_ONLINE = 500;
const BANNED_MESSAGE = "You are banned from the game.";

/** Why staff cannot reach game servers nor see who plays (the control rpcs' refusal, the operations wall's note). */
export const REGISTRY_OFF = "the game-server registry is off: this server runs with GAMESERVER_MODE=local; set GAMESERVER_MODE=registry to reach game servers";

const actionOf = (row: RemovalRow): PlayerActionFact => ({
  actionId: row.id,
  characterId: row.characterId,
  kind: row.kind === "kick" ? "kick" : "ban",
  message: row.message,
  requestedAtMs: row.requestedAt.getTime(),
});

const actionMessage = (a: PlayerActionFact) =>
  create(PlayerActionSchema, {
    actionId: a.actionId,
    characterId: a.characterId,
    kind: KIND[a.kind],
    message: a.message,
    requestedAtMs: BigInt(a.requestedAtMs),
  });

/** PENDING until confirmed, UNCONFIRMED once the confirmation window passed without one. */
function removalMessage(row: RemovalRow, nowMs: number) {
  const requestedAtMs = row.requestedAt.getTime();
  const confirmedAtMs = row.confirmedAt?.getTime() ?? 0;
  const state = row.confirmedAt
    ? PlayerRemovalState.CONFIRMED
    : nowMs - requestedAtMs > REMOVAL_CONFIRM_WINDOW_MS
      ? PlayerRemovalState.UNCONFIRMED
      : PlayerRemovalState.PENDING;
  return create(PlayerRemovalSchema, {
    id: row.id,
    characterId: row.characterId,
    serverId: row.serverId,
    serverAddress: row.serverAddress,
    kind: KIND[row.kind === "kick" ? "kick" : "ban"],
    message: row.message,
    sanctionId: row.sanctionId ?? "",
    state,
    requestedAtMs: BigInt(requestedAtMs),
    confirmedAtMs: BigInt(confirmedAtMs),
    latencyMs: BigInt(row.confirmedAt ? confirmedAtMs - requestedAtMs : 0),
  });
}

/**
 * sro.gameserver.GameServerControlService (docs/game-servers.md "Removals"): staff kick, bans remove, game servers
 * hear it on a stream held on any node and confirm. removals and servers are undefined in GAMESERVER_MODE=local.
 */
export function createGameServerControl(deps: {
  removals: RemovalStore | undefined;
  online: OnlineStore | undefined;
  /** The registry's live servers and who registered them. */
  server: ((serverId: string) => Promise<{ registeredBy: string } | undefined>) | undefined;
  bus: AppBus;
  logger: Logger;
  now?: () => number;
}) {
  const now = deps.now ?? Date.now;
  const requireRemovals = (): RemovalStore => {
    if (deps.removals) return deps.removals;
    throw new ConnectError(REGISTRY_OFF, Code.FailedPrecondition);
  };
  /** Game servers act only for servers their client registered; holders of game-servers.act-for-any (admins) for any. */
  const requireOwnServer = async (ctx: HandlerContext, serverId: string) => {
    const server = await deps.server!(serverId);
    if (!server) throw new ConnectError("server_id: game server not registered or its lease expired", Code.NotFound);
    if (!holdsCapability(ctx, "game-servers.act-for-any") && server.registeredBy !== callerOf(ctx).sub) {
      throw new ConnectError("server_id: this game server was registered by another client", Code.PermissionDenied);
    }
  };
  /** Tells the server's streams on every node. A lost announcement is not lost work: a stream that opens replays it. */
  const announce = async (rows: readonly RemovalRow[]) => {
    try {
      await Promise.all(rows.map((row) => deps.bus.publish({ kind: "game-server", id: row.serverId }, { type: "player-action", action: actionOf(row) })));
    } catch (error) {
      deps.logger.warn({ err: error }, "could not announce a player removal; the game server gets it when its stream reopens");
    }
  };

  const service: ServiceImpl<typeof GameServerControlService> = {
    async *watchPlayerActions(req, ctx) {
      const removals = requireRemovals();
      const serverId = requireUuid(req.serverId, "server_id");
      await requireOwnServer(ctx, serverId);
      const queue = new ActionQueue<ClusterEvent>();
      // Listening first, then reading what is waiting, so no removal falls in between (the replay's ids are skipped live).
      const leave = await deps.bus.subscribe({ kind: "game-server", id: serverId }, (event) => queue.push(event));
      try {
        const replayed = new Set<string>();
        for (const row of await removals.unconfirmedOn(serverId)) {
          replayed.add(row.id);
          yield actionMessage(actionOf(row));
        }
        for await (const event of queue.read(ctx.signal)) {
          if (event.type === "bus-lost") {
            throw new ConnectError("this node lost the link to the other nodes; reconnect to get the removals made meanwhile", Code.Unavailable);
          }
          if (event.type === "player-action" && !replayed.has(event.action.actionId)) yield actionMessage(event.action);
        }
      } finally {
        leave();
      }
    },

    async confirmPlayerRemoved(req, ctx) {
      const removals = requireRemovals();
      const serverId = requireUuid(req.serverId, "server_id");
      const actionId = requireUuid(req.actionId, "action_id");
      await requireOwnServer(ctx, serverId);
      const result = await removals.confirm(auditActorOf(ctx), serverId, actionId);
      if (typeof result === "string") throw new ConnectError("action_id: no such action for this game server", Code.NotFound);
      return create(EmptySchema);
    },

    async kickPlayer(req, ctx) {
      const removals = requireRemovals();
      const characterId = requireUuid(req.characterId, "character_id");
      const reason = requireText(req.reason.trim(), "reason", 1, MAX_REASON);
      const rows = await removals.request(auditActorOf(ctx), { characterIds: [characterId] }, "kick", reason, null);
      if (rows.length === 0) throw new ConnectError("character_id: this character is not playing on any game server", Code.FailedPrecondition);
      await announce(rows);
      return removalMessage(rows[0]!, now());
    },

    async getPlayerRemoval(req) {
      const row = await requireRemovals().get(requireUuid(req.id, "id"));
      if (!row) throw new ConnectError("no such player removal", Code.NotFound);
      return removalMessage(row, now());
    },

    async listPlayerRemovals(req) {
      const removals = requireRemovals();
      if ((req.sanctionId === "") === (req.characterId === "")) throw invalidArgument("sanction_id", "exactly one of sanction_id and character_id is required");
      const by =
        req.sanctionId !== "" ? { sanctionId: requireUuid(req.sanctionId, "sanction_id") } : { characterId: requireUuid(req.characterId, "character_id") };
      const rows = await removals.list(by, MAX_LISTED);
      return create(PlayerRemovalsSchema, { removals: rows.map((row) => removalMessage(row, now())) });
    },

    async listOnlinePlayers(req) {
      requireRemovals();
      if (req.limit < 0 || req.limit > MAX_ONLINE) throw invalidArgument("limit", `must be 0..${MAX_ONLINE} (0: 100)`);
      const found = await deps.online!.online({
        dimensionId: req.dimensionId === "" ? undefined : requireUuid(req.dimensionId, "dimension_id"),
        serverId: req.serverId === "" ? undefined : requireUuid(req.serverId, "server_id"),
        limit: req.limit === 0 ? MAX_LISTED : req.limit,
      });
      return create(OnlinePlayersSchema, {
        players: found.players.map((p) => ({ ...p, startedAtMs: BigInt(p.startedAt.getTime()) })),
        servers: found.servers,
        total: found.total,
      });
    },
  };

  return {
    service,
    /** Ends the sessions a ban covers (none in local mode), each audited as the ban's issuer's write. */
    async removeBanned(ban: GameBan): Promise<void> {
      if (!deps.removals) return;
      const actor: AuditActor = { id: ban.issuedBy.id, name: ban.issuedBy.name, requestId: "", sourceAddress: "" };
      const rows = await deps.removals.request(actor, ban.target, "ban", ban.playerMessage || BANNED_MESSAGE, ban.sanctionId);
      await announce(rows);
    },
  };
}
