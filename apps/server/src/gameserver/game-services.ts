import type { ServiceImpl } from "@connectrpc/connect";
import { createCharacterService } from "../character/character-service.js";
import { createCharacterStore } from "../character/character-store.js";
import { createOwnerSearch, type OwnerSearchOptions } from "../character/owner-search.js";
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

type GameServices = ReturnType<typeof createGameServices>;
const servicesByDatabase = new WeakMap<object, GameServices>();

/**
 * The game services (characters, dimensions, maps, game servers) of one database, created once: every router and
 * the lean gRPC path share them, and with them the in-memory map and dimension lists.
 */
export function gameServicesOf(deps: { config: Config; database: Pick<Database, "db" | "changes">; logger?: OwnerSearchOptions["logger"] }): GameServices {
  let services = servicesByDatabase.get(deps.database);
  if (!services) {
    services = createGameServices(deps);
    servicesByDatabase.set(deps.database, services);
  }
  return services;
}

function createGameServices(deps: { config: Config; database: Pick<Database, "db" | "changes">; logger?: OwnerSearchOptions["logger"] }) {
  const { db, changes } = deps.database;
  // GAMESERVER_MODE=local: no registry; counts are -1 and registry rpcs answer FAILED_PRECONDITION.
  const registry = deps.config.gameServer.mode === "registry" ? createRegistryStore(db, deps.config.gameServer.ttlSeconds) : undefined;
  const dimensionStore = createDimensionStore(db, changes);
  const owners = createOwnerSearch({ adminUrl: deps.config.identity.adminUrl, logger: deps.logger ?? console });
  return {
    characters: createCharacterService(createCharacterStore(db), {
      unpagedMax: deps.config.charactersUnpagedMax,
      maxPerPlayer: deps.config.maxCharactersPerPlayer,
      dimensions: () => dimensionStore.list(),
      owners,
    }),
    dimensions: createDimensionService({ dimensions: dimensionStore, registry }),
    maps: createMapService(createMapStore(db, changes)),
    gameServerData: createGameServerDataService(registry),
    gameServerRegistry: createGameServerRegistryService(registry),
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
