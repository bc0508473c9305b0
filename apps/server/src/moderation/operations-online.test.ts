import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { gameApi } from "../test/game-api.js";
import { insertCharacter, insertDimension, insertMap, uniqueName } from "../test/game-fixtures.js";
import { grpcGameServer } from "../test/grpc-game-server.js";
import { operationsClient, type OperationsClient } from "../test/operations-fixtures.js";
import { startTestServer, type TestServer } from "../test/test-server.js";

/** The operations wall's players online now per dimension: real joins on registered game servers (registry mode). */
describe("operations wall: players online per dimension", () => {
  let t: TestServer;
  let game: ReturnType<typeof grpcGameServer>;
  let ops: OperationsClient;
  beforeAll(async () => {
    t = await startTestServer({ env: { GAMESERVER_MODE: "registry" } });
    game = grpcGameServer(t.url, t.users.gameserver.token);
    ops = operationsClient(t.url, t.users.moderator.token);
  });
  afterAll(async () => {
    game?.close();
    await t?.close();
  });

  const onlineOf = async (dimensionId: string) => (await ops.getOperations({})).online.find((d) => d.dimensionId === dimensionId);

  it("counts each dimension's live servers and their players; a leave and a dimension without servers show as zero", async () => {
    const db = t.server.database.db;
    const api = gameApi(t.url, "connect");
    const mapName = uniqueName("Grid");
    const mapId = await insertMap(db, { name: mapName });
    const busy = await insertDimension(db, [mapId]);
    const quiet = await insertDimension(db, [mapId]);
    const register = async (port: number) =>
      (await game.call<{ serverId: string }>("registry", "RegisterGameServer", { dimensionId: busy, mapId, address: "10.6.0.1", port, maxPlayers: 1 }))
        .serverId;
    const servers = [await register(7401), await register(7402), await register(7403)];
    const player = await t.newPlayer(uniqueName("p").replace(/\W/g, ""));
    const join = async () => {
      const id = await insertCharacter(db, player.sub, busy, { location: { world: mapName, x: 0, y: 0, z: 0, roll: 0, pitch: 0, yaw: 0 } });
      const joined = await api.ok("ConnectGameServer", { id }, player.token);
      const serverId = servers[joined.port - 7401]!;
      await game.call("connections", "VerifyConnect", { connectionId: joined.connectionId, serverName: serverId });
      return { id, serverId };
    };
    const joined = [await join(), await join()];

    const wall = await ops.getOperations({});
    expect(wall.onlineUnknown).toBe("");
    expect(wall.online.find((d) => d.dimensionId === busy)).toMatchObject({ players: 2, servers: 3, dimensionName: expect.stringMatching(/^Dim/) });
    expect(wall.online.find((d) => d.dimensionId === quiet)).toMatchObject({ players: 0, servers: 0 });

    await game.call("registry", "ReportPlayerLeft", { serverId: joined[0]!.serverId, characterId: joined[0]!.id });
    expect(await onlineOf(busy)).toMatchObject({ players: 1, servers: 3 });
    const empty = servers.find((id) => !joined.some((j) => j.serverId === id));
    await game.call("registry", "DeregisterGameServer", { id: empty });
    expect((await onlineOf(busy))!.servers).toBe(2);
  });
});
