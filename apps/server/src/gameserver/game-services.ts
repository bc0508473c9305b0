import { createCharacterService } from "../character/character-service.js";
import { createCharacterStore } from "../character/character-store.js";
import type { Config } from "../platform/config.js";
import type { Database } from "../platform/db/database.js";
import { createDimensionService } from "./dimension-service.js";
import { createDimensionStore } from "./dimension-store.js";
import { createGameServerDataService, createGameServerRegistryService } from "./game-server-services.js";
import { createMapService } from "./map-service.js";
import { createMapStore } from "./map-store.js";
import { createRegistryStore } from "./registry-store.js";

/** The implementations of the game services (characters, dimensions, maps, game servers) over one database. */
export function gameServicesOf(deps: { config: Config; database: Pick<Database, "db" | "changes"> }) {
  const { db, changes } = deps.database;
  // GAMESERVER_MODE=local: no registry; counts are -1 and registry rpcs answer FAILED_PRECONDITION.
  const registry = deps.config.gameServer.mode === "registry" ? createRegistryStore(db, deps.config.gameServer.ttlSeconds) : undefined;
  return {
    characters: createCharacterService(createCharacterStore(db)),
    dimensions: createDimensionService({ dimensions: createDimensionStore(db, changes), registry }),
    maps: createMapService(createMapStore(db, changes)),
    gameServerData: createGameServerDataService(registry),
    gameServerRegistry: createGameServerRegistryService(registry),
  };
}
