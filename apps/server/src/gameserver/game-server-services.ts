import { create } from "@bufbuild/protobuf";
import { EmptySchema } from "@bufbuild/protobuf/wkt";
import { Code, ConnectError, type ServiceImpl } from "@connectrpc/connect";
import {
  GameServerDetailsSchema,
  GameServerLeaseSchema,
  GameServerSchema,
  GameServersSchema,
  HeartbeatGameServerResponseSchema,
  type GameServerDataService,
  type GameServerRegistryService,
} from "../gen/sro/gameserver/gameserver_pb.js";
import { auditActorOf } from "../audit/audit-actor.js";
import { invalidArgument, requireUuid } from "../platform/validation.js";
import { requireAddress, requireMaxPlayers, requirePort } from "./gameserver-rules.js";
import type { Connections } from "./connection-service.js";
import type { GameServerRow, RegistryStore } from "./registry-store.js";

/** "Local Mode" on the wire (docs/wire.md): no orchestration, so no count. */
export const LOCAL_MODE_COUNT = -1;

const unixSeconds = (date: Date) => BigInt(Math.floor(date.getTime() / 1000));

const serverMessage = (row: GameServerRow & { players: number }) =>
  create(GameServerSchema, {
    id: row.id,
    dimensionId: row.dimensionId,
    mapId: row.mapId,
    address: row.address,
    port: row.port,
    registeredAt: unixSeconds(row.registeredAt),
    lastHeartbeatAt: unixSeconds(row.lastHeartbeatAt),
    draining: row.draining,
    maxPlayers: row.maxPlayers,
    players: row.players,
  });

/** registry is undefined in GAMESERVER_MODE=local. */
export function createGameServerDataService(registry: RegistryStore | undefined): ServiceImpl<typeof GameServerDataService> {
  return {
    async getGameServerDetails() {
      return create(GameServerDetailsSchema, { count: registry ? await registry.countLive() : LOCAL_MODE_COUNT });
    },
  };
}

export function createGameServerRegistryService(
  registry: RegistryStore | undefined,
  connections: Pick<Connections, "leave">,
): ServiceImpl<typeof GameServerRegistryService> {
  const requireRegistry = (): RegistryStore => {
    if (registry) return registry;
    throw new ConnectError(
      "the game-server registry is off: this server runs with GAMESERVER_MODE=local; set GAMESERVER_MODE=registry to let game servers register",
      Code.FailedPrecondition,
    );
  };
  const gone = () => new ConnectError("game server not registered or its lease expired; register again", Code.NotFound);

  return {
    async registerGameServer(req, ctx) {
      const store = requireRegistry();
      const input = {
        dimensionId: requireUuid(req.dimensionId, "dimension_id"),
        mapId: requireUuid(req.mapId, "map_id"),
        address: requireAddress(req.address),
        port: requirePort(req.port),
        maxPlayers: requireMaxPlayers(req.maxPlayers),
      };
      const result = await store.register(auditActorOf(ctx), input);
      if (result === "dimension-missing") throw invalidArgument("dimension_id", "no live dimension has this id");
      if (result === "map-not-in-dimension") throw invalidArgument("map_id", "the map is not one of the dimension's maps");
      return create(GameServerLeaseSchema, { serverId: result.id, ttlSeconds: store.ttlSeconds });
    },

    async heartbeatGameServer(req) {
      const store = requireRegistry();
      const result = await store.heartbeat(requireUuid(req.serverId, "server_id"));
      if (result === "gone") throw gone();
      return create(HeartbeatGameServerResponseSchema, { drain: result.draining, ttlSeconds: store.ttlSeconds });
    },

    async deregisterGameServer(req, ctx) {
      const store = requireRegistry();
      if (!(await store.deregister(auditActorOf(ctx), requireUuid(req.id, "id")))) throw gone();
      return create(EmptySchema);
    },

    async reportPlayerLeft(req, ctx) {
      requireRegistry();
      const serverId = requireUuid(req.serverId, "server_id");
      const characterId = requireUuid(req.characterId, "character_id");
      if (!(await connections.leave(ctx, serverId, characterId))) {
        throw new ConnectError("character_id: this character is not playing on this game server", Code.NotFound);
      }
      return create(EmptySchema);
    },

    async listGameServers() {
      const store = requireRegistry();
      return create(GameServersSchema, { servers: (await store.listLive()).map(serverMessage) });
    },
  };
}
