import type { Config } from "../platform/config.js";
import type { Database } from "../platform/db/database.js";
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
