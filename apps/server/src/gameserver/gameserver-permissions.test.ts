import { insertDimension, insertGameServer, insertMap, MISSING_ID, uniqueName } from "../test/game-fixtures.js";
import { describePermissionMatrix, rows, type PermissionCase } from "../test/permission-matrix.js";

/**
 * DimensionService, MapService, GameServerDataService and GameServerRegistryService × every kind of caller, in
 * registry mode so that every allowed call succeeds (local mode answers FAILED_PRECONDITION: game-servers.test.ts).
 * None of these rpcs has an owner: "owner" and "nonOwner" are both plain players.
 */
const cases: PermissionCase[] = [
  { rpc: "GetDimension", request: async (f) => ({ id: await insertDimension(f.db) }), missing: () => ({ id: MISSING_ID }), expected: rows.signedInRead },
  { rpc: "GetDimensions", request: () => ({}), expected: rows.signedInRead },
  { rpc: "CreateDimension", request: (f) => ({ name: uniqueName("Dim"), version: "1", location: "eu", mapIds: [f.map] }), expected: rows.adminOnly },
  {
    rpc: "DuplicateDimension",
    request: async (f) => ({ targetId: await insertDimension(f.db, [f.map]), name: uniqueName("Copy") }),
    missing: () => ({ targetId: MISSING_ID, name: uniqueName("Copy") }),
    expected: rows.adminOnly,
  },
  {
    rpc: "EditDimension",
    request: async (f) => ({ targetId: await insertDimension(f.db), version: "2" }),
    missing: () => ({ targetId: MISSING_ID, version: "2" }),
    expected: rows.adminOnly,
  },
  { rpc: "DeleteDimension", request: async (f) => ({ id: await insertDimension(f.db) }), missing: () => ({ id: MISSING_ID }), expected: rows.adminOnly },
  {
    rpc: "GameServerUpdate",
    request: async (f) => ({ id: await insertDimension(f.db, [f.map]) }),
    missing: () => ({ id: MISSING_ID }),
    expected: rows.adminOnly,
  },

  { rpc: "GetMap", request: async (f) => ({ id: await insertMap(f.db) }), missing: () => ({ id: MISSING_ID }), expected: rows.staffRead },
  { rpc: "GetMaps", request: () => ({}), expected: rows.staffRead },
  { rpc: "CreateMap", request: () => ({ name: uniqueName("Map"), mapPath: "/Game/Maps/P" }), expected: rows.adminOnly },
  {
    rpc: "EditMap",
    request: async (f) => ({ targetId: await insertMap(f.db), name: uniqueName("Map") }),
    missing: () => ({ targetId: MISSING_ID, name: uniqueName("Map") }),
    expected: rows.adminOnly,
  },
  { rpc: "DeleteMap", request: async (f) => ({ id: await insertMap(f.db) }), missing: () => ({ id: MISSING_ID }), expected: rows.adminOnly },

  { rpc: "GetGameServerDetails", request: () => ({}), expected: rows.staffRead },

  { rpc: "RegisterGameServer", request: (f) => ({ dimensionId: f.dimension, mapId: f.map, address: "10.0.0.9", port: 7777 }), expected: rows.gameServerWrite },
  {
    rpc: "HeartbeatGameServer",
    request: async (f) => ({ serverId: await insertGameServer(f.db, f.dimension, f.map) }),
    missing: () => ({ serverId: MISSING_ID }),
    expected: rows.gameServerWrite,
  },
  {
    rpc: "DeregisterGameServer",
    request: async (f) => ({ id: await insertGameServer(f.db, f.dimension, f.map) }),
    missing: () => ({ id: MISSING_ID }),
    expected: rows.gameServerWrite,
  },
  { rpc: "ListGameServers", request: () => ({}), expected: rows.staffRead },
];

describePermissionMatrix("game-server services permissions", cases, { GAMESERVER_MODE: "registry" });
