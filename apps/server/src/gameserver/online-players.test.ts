import { Code } from "@connectrpc/connect";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { apiTransports, gameApi, type GameApi } from "../test/game-api.js";
import { expectRejected, insertCharacter, insertDimension, insertMap, uniqueName } from "../test/game-fixtures.js";
import { grpcGameServer } from "../test/grpc-game-server.js";
import { startTestServer, storageBackends, type TestServer } from "../test/test-server.js";

/** ListOnlinePlayers: who plays now, per game server and dimension, from real joins (docs/game-servers.md). */
describe.each(storageBackends)("online players (%s)", (backend) => {
  let t: TestServer;
  let game: ReturnType<typeof grpcGameServer>;
  beforeAll(async () => {
    t = await startTestServer({ backend, env: { GAMESERVER_MODE: "registry" } });
    game = grpcGameServer(t.url, t.users.gameserver.token);
  });
  afterAll(async () => {
    game?.close();
    await t?.close();
  });

  describe.each(apiTransports)("over %s", (transport) => {
    let api: GameApi;
    beforeAll(() => {
      api = gameApi(t.url, transport);
    });

    it("lists each live server of a dimension with its count and its players by name; a leave takes one off", async () => {
      const db = t.server.database.db;
      const mapName = uniqueName("Grid");
      const mapId = await insertMap(db, { name: mapName });
      const dimensionId = await insertDimension(db, [mapId]);
      const register = async (port: number) =>
        (await game.call<{ serverId: string }>("registry", "RegisterGameServer", { dimensionId, mapId, address: "10.5.0.1", port, maxPlayers: 1 })).serverId;
      const servers = [await register(7301), await register(7302), await register(7303)];
      const player = await t.newPlayer(uniqueName("p").replace(/\W/g, ""));
      // Each server takes one player, so joins spread over them (ConnectGameServer answers the server's port).
      const serverOf = (port: number) => servers[[7301, 7302, 7303].indexOf(port)]!;
      const join = async (name: string) => {
        const id = await insertCharacter(db, player.sub, dimensionId, { name, location: { world: mapName, x: 0, y: 0, z: 0, roll: 0, pitch: 0, yaw: 0 } });
        const joined = await api.ok("ConnectGameServer", { id }, player.token);
        await game.call("connections", "VerifyConnect", { connectionId: joined.connectionId, serverName: serverOf(joined.port) });
        return id;
      };
      const [zed, amy] = [await join(uniqueName("Zed")), await join(uniqueName("Amy"))];

      const online = await api.ok("ListOnlinePlayers", { dimensionId }, t.users.moderator.token);
      expect(online.total).toBe(2);
      expect(online.servers.map((s: { players?: number }) => s.players ?? 0).sort()).toEqual([0, 1, 1]);
      expect(
        online.servers.every((s: { dimensionId: string; serverAddress: string }) => s.dimensionId === dimensionId && s.serverAddress.startsWith("10.5.0.1:")),
      ).toBe(true);
      expect(online.players.map((p: { characterId: string }) => p.characterId).sort()).toEqual([zed, amy].sort());
      const amyRow = online.players.find((p: { characterId: string }) => p.characterId === amy);
      expect(amyRow).toMatchObject({ dimensionId, mapId, characterName: expect.stringMatching(/^Amy/) });

      const amyServer = amyRow.serverId as string;
      const one = await api.ok("ListOnlinePlayers", { serverId: amyServer }, t.users.admin.token);
      expect([one.total, one.players.length, one.servers.length]).toEqual([1, 1, 1]);
      await game.call("registry", "ReportPlayerLeft", { serverId: amyServer, characterId: amy });
      const after = await api.ok("ListOnlinePlayers", { dimensionId, limit: 1 }, t.users.moderator.token);
      expect([after.total, after.players.map((p: { characterId: string }) => p.characterId)]).toEqual([1, [zed]]);
    });

    it("bad filters are refused", async () => {
      const mod = t.users.moderator.token;
      expectRejected(await api.call("ListOnlinePlayers", { dimensionId: "x" }, mod), Code.InvalidArgument, "dimension_id");
      expectRejected(await api.call("ListOnlinePlayers", { serverId: "x" }, mod), Code.InvalidArgument, "server_id");
      expectRejected(await api.call("ListOnlinePlayers", { limit: 501 }, mod), Code.InvalidArgument, "limit");
    });
  });
});
