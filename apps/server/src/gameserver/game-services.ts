import type { ServiceImpl } from "@connectrpc/connect";
import type { Config } from "../platform/config.js";
import type { Database } from "../platform/db/database.js";
import { fastUnaryRoute, type FastRoute } from "../platform/rpc/fast-call.js";
import { DimensionService, MapService } from "../gen/sro/gameserver/gameserver_pb.js";
import { createDimensionService } from "./dimension-service.js";
import { createDimensionStore } from "./dimension-store.js";
import { createGameServerDataService, createGameServerRegistryService } from "./game-server-services.js";
import { createMapService } from "./map-service.js";
import { createMapStore } from "./map-store.js";
import { createRegistryStore } from "./registry-store.js";

/** The game services (dimensions, maps, game servers) of one database; compose.ts builds them once per server. */
export function createGameServices(deps: { config: Config; database: Pick<Database, "db" | "changes"> }) {
  const { db, changes } = deps.database;
  // GAMESERVER_MODE=local: no registry; counts are -1 and registry rpcs answer FAILED_PRECONDITION.
  const registry = deps.config.gameServer.mode === "registry" ? createRegistryStore(db, deps.config.gameServer.ttlSeconds) : undefined;
  const dimensionStore = createDimensionStore(db, changes);
  return {
    dimensions: createDimensionService({ dimensions: dimensionStore, registry }),
    maps: createMapService(createMapStore(db, changes)),
    gameServerData: createGameServerDataService(registry),
    gameServerRegistry: createGameServerRegistryService(registry),
    /** The in-memory dimension list (character search matches dimension names against it). */
    dimensionList: () => dimensionStore.list(),
  };
}

/**
 * For the lean gRPC path (platform/rpc/grpc-stream-fast-path.ts): the reference reads game servers and consoles
 * call most, served from memory, where Connect's unary pipeline would cost more CPU than the handler.
 */
export function gameFastRoutes(game: { maps: ServiceImpl<typeof MapService>; dimensions: ServiceImpl<typeof DimensionService> }): FastRoute[] {
  return [
    fastUnaryRoute(MapService.method.getMaps, game.maps.getMaps),
    fastUnaryRoute(MapService.method.getMap, game.maps.getMap),
    fastUnaryRoute(DimensionService.method.getDimensions, game.dimensions.getDimensions),
    fastUnaryRoute(DimensionService.method.getDimension, game.dimensions.getDimension),
  ];
}
