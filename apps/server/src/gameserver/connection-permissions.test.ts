import { Code } from "@connectrpc/connect";
import { randomUUID } from "node:crypto";
import { insertCharacter, insertGameServer, insertMap, MISSING_ID } from "../test/game-fixtures.js";
import { describePermissionMatrix, rows, type MatrixFixture, type PermissionCase } from "../test/permission-matrix.js";
import type { TestUser } from "../test/test-server.js";
import { dimensionMaps, gameConnections, gameSessions } from "./schema.js";

/**
 * ConnectionService and ReportPlayerLeft × every kind of caller, in registry mode. Targets are characters (their
 * owner), accounts (IsUserPlaying) or the servers the test game-server client registered.
 */
const U = Code.Unauthenticated;
const D = Code.PermissionDenied;
const at = (f: MatrixFixture, owner: TestUser) =>
  insertCharacter(f.db, owner.sub, f.dimension, { location: { world: f.map, x: 0, y: 0, z: 0, roll: 0, pitch: 0, yaw: 0 } });
const server = (f: MatrixFixture, mapId = f.map) => insertGameServer(f.db, f.dimension, mapId, { registeredBy: f.t.users.gameserver.sub });
const playingOn = async (f: MatrixFixture, owner: TestUser) => {
  const [serverId, characterId] = [await server(f), await at(f, owner)];
  await f.db.insert(gameSessions).values({ characterId, ownerId: owner.sub, serverId, startedAt: new Date() });
  return { serverId, characterId };
};
const ownerRead = { anonymous: U, owner: "ok", nonOwner: D, moderator: "ok", admin: "ok", banned: D, gameserver: "ok" } as const;

const cases: PermissionCase[] = [
  {
    rpc: "ConnectGameServer",
    request: async (f, owner) => {
      await server(f);
      return { id: await at(f, owner) };
    },
    missing: () => ({ id: MISSING_ID }),
    expected: { anonymous: U, owner: "ok", nonOwner: D, moderator: D, admin: "ok", banned: D, gameserver: D },
  },
  {
    rpc: "VerifyConnect",
    request: async (f, owner) => {
      const [serverId, characterId, id] = [await server(f), await at(f, owner), randomUUID()];
      const now = Date.now();
      await f.db.insert(gameConnections).values({ id, characterId, ownerId: owner.sub, serverId, issuedAt: new Date(now), expiresAt: new Date(now + 60_000) });
      return { connectionId: id, serverName: serverId };
    },
    missing: () => ({ connectionId: MISSING_ID, serverName: MISSING_ID }),
    expected: rows.gameServerWrite,
  },
  {
    rpc: "TransferPlayer",
    request: async (f, owner) => {
      const { characterId } = await playingOn(f, owner);
      const next = await insertMap(f.db);
      await f.db.insert(dimensionMaps).values({ dimensionId: f.dimension, mapId: next, position: 1000 + Math.floor(Math.random() * 1e6) });
      await server(f, next);
      return { character: characterId, location: { world: next } };
    },
    missing: () => ({ character: MISSING_ID, location: { world: "x" } }),
    expected: rows.gameServerWrite,
  },
  { rpc: "IsCharacterPlaying", request: async (f, owner) => ({ id: await at(f, owner) }), missing: () => ({ id: MISSING_ID }), expected: ownerRead },
  { rpc: "IsUserPlaying", request: (_, owner) => ({ id: owner.sub }), missing: () => ({ id: "nobody" }), expected: ownerRead },
  {
    rpc: "ReportPlayerLeft",
    request: async (f, owner) => {
      const { serverId, characterId } = await playingOn(f, owner);
      return { serverId, characterId };
    },
    missing: () => ({ serverId: MISSING_ID, characterId: MISSING_ID }),
    expected: rows.gameServerWrite,
  },
];

describePermissionMatrix("join flow permissions", cases, { GAMESERVER_MODE: "registry" });
