import type { StoredLocation } from "../character/schema.js";
import type { AppBus } from "../cluster-events.js";
import type { Location } from "../gen/sro/common_pb.js";
import type { Config } from "../platform/config.js";
import type { Database } from "../platform/db/database.js";
import type { Logger } from "../platform/logger.js";
import { createConnections } from "./connection-service.js";
import { createConnectionStore } from "./connection-store.js";
import { createGameServerControl, REGISTRY_OFF, type GameBan } from "./control-service.js";
import { createDimensionService } from "./dimension-service.js";
import { createDimensionStore } from "./dimension-store.js";
import { createGameServerDataService, createGameServerRegistryService } from "./game-server-services.js";
import { CONNECTION_ID_TTL_MS } from "./gameserver-rules.js";
import { createMapService } from "./map-service.js";
import { createMapStore } from "./map-store.js";
import { createRegistryStore } from "./registry-store.js";
import { createOnlineStore } from "./online-store.js";
import { createRemovalStore } from "./removal-store.js";

/**
 * The game services (dimensions, maps, game servers, the join flow) of one database; compose.ts builds them once
 * per server. `now`: the clock of connection ids (tests move it).
 */
export function createGameServices(deps: {
  config: Config;
  database: Pick<Database, "db" | "changes">;
  /** The character rule for a location TransferPlayer stores. */
  requireLocation: (location: Location) => StoredLocation;
  /** A ban's refusal of a join (moderation's game bans, wired in compose.ts). */
  gameBan?: (characterId: string, ownerId: string) => Promise<Error | undefined>;
  /** Removals reach the game servers' streams on every node. */
  bus: AppBus;
  logger: Logger;
  now?: () => number;
}) {
  const { db, changes } = deps.database;
  const { mode, ttlSeconds } = deps.config.gameServer;
  // GAMESERVER_MODE=local: no registry; counts are -1 and registry and connection rpcs answer FAILED_PRECONDITION.
  const registry = mode === "registry" ? createRegistryStore(db, ttlSeconds) : undefined;
  const now = deps.now ?? Date.now;
  const connectionStore = mode === "registry" ? createConnectionStore(db, { ttlSeconds, connectionTtlMs: CONNECTION_ID_TTL_MS, now }) : undefined;
  const connections = createConnections(connectionStore, deps.requireLocation, deps.gameBan);
  const online = mode === "registry" ? createOnlineStore(db, ttlSeconds) : undefined;
  const control = createGameServerControl({
    removals: mode === "registry" ? createRemovalStore(db, { ttlSeconds, now }) : undefined,
    online,
    server: connectionStore && ((serverId) => connectionStore.server(serverId)),
    bus: deps.bus,
    logger: deps.logger,
    now,
  });
  const dimensionStore = createDimensionStore(db, changes);
  return {
    dimensions: createDimensionService({ dimensions: dimensionStore, registry }),
    maps: createMapService(createMapStore(db, changes)),
    gameServerData: createGameServerDataService(registry),
    gameServerRegistry: createGameServerRegistryService(registry, connections),
    connections: connections.service,
    control: control.service,
    /** Ends the game sessions a ban covers (compose.ts wires moderation's events to it). */
    removeBanned: (ban: GameBan) => control.removeBanned(ban),
    /** Who plays now per dimension (the operations wall); in local mode nobody can tell, and `unknown` says why. */
    onlineByDimension: async () => (online ? { dimensions: await online.byDimension(), unknown: "" } : { dimensions: [], unknown: REGISTRY_OFF }),
    /** The in-memory dimension list (character search matches dimension names against it). */
    dimensionList: () => dimensionStore.list(),
  };
}
