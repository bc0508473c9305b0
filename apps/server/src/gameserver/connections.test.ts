import { Code } from "@connectrpc/connect";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditRecords } from "../audit/schema.js";
import { characters } from "../character/schema.js";
import { apiTransports, gameApi, type GameApi } from "../test/game-api.js";
import { expectRejected, insertCharacter, insertDimension, insertMap, MISSING_ID, uniqueName } from "../test/game-fixtures.js";
import { startTestServer, storageBackends, type TestServer } from "../test/test-server.js";
import { CONNECTION_ID_TTL_MS } from "./gameserver-rules.js";
import { gameServers } from "./schema.js";

/**
 * The join flow of sro.gameserver.ConnectionService over Connect and over REST (docs/game-servers.md): a player asks
 * for a server, the game server verifies the id, the character plays until the server reports the leave or its
 * heartbeat lapses. Connection ids run on the server's clock, which the tests move.
 */
describe.each(storageBackends)("the join flow (%s)", (backend) => {
  let t: TestServer;
  let clock = Date.now();
  beforeAll(async () => {
    t = await startTestServer({ backend, env: { GAMESERVER_MODE: "registry" }, now: () => clock });
  });
  afterAll(() => t?.close());

  describe.each(apiTransports)("over %s", (transport) => {
    let api: GameApi;
    let player: string, gameserver: string, playerSub: string;
    beforeAll(() => {
      api = gameApi(t.url, transport);
      gameserver = t.users.gameserver.token;
    });

    /**
     * A fresh player, a dimension of two maps, a server registered for each (by the test game-server client) and the
     * player's character on the first map.
     */
    async function world(options: { maxPlayers?: number } = {}) {
      const db = t.server.database.db;
      const user = await t.newPlayer(uniqueName("p").replace(/\W/g, ""));
      player = user.token;
      playerSub = user.sub;
      const names: [string, string] = [uniqueName("Sprawl"), uniqueName("Outskirts")];
      const mapIds: [string, string] = [await insertMap(db, { name: names[0] }), await insertMap(db, { name: names[1] })];
      const dimension = await insertDimension(db, mapIds);
      const register = async (mapId: string, port: number) =>
        (await api.ok("RegisterGameServer", { dimensionId: dimension, mapId, address: "10.1.0.1", port, maxPlayers: options.maxPlayers ?? 0 }, gameserver))
          .serverId as string;
      const servers: [string, string] = [await register(mapIds[0], 7001), await register(mapIds[1], 7002)];
      const character = await insertCharacter(db, playerSub, dimension, {
        location: { world: names[0].toLowerCase(), x: 1, y: 2, z: 3, roll: 0, pitch: 0, yaw: 0 },
      });
      return { db, names, mapIds, dimension, servers, character };
    }
    const playing = async (id: string) => (await api.ok("IsCharacterPlaying", { id }, player)).online === true;
    const userPlaying = async () => (await api.ok("IsUserPlaying", { id: playerSub }, player)).online === true;

    it("join → verify → play → transfer → verify → leave", async () => {
      const w = await world();
      expect(await playing(w.character)).toBe(false);
      const joined = await api.ok("ConnectGameServer", { id: w.character }, player);
      expect(joined).toMatchObject({ address: "10.1.0.1", port: 7001 });
      expect(joined.connectionId).toMatch(/^[0-9a-f-]{36}$/);
      expect(await playing(w.character)).toBe(false);

      expect(await api.ok("VerifyConnect", { connectionId: joined.connectionId, serverName: w.servers[0] }, gameserver)).toEqual({ id: w.character });
      expect(await playing(w.character)).toBe(true);
      expect(await userPlaying()).toBe(true);
      const listed = (await api.ok("ListGameServers", {}, t.users.admin.token)).servers.find((s: { id: string }) => s.id === w.servers[0]);
      expect(listed).toMatchObject({ players: 1, maxPlayers: 100 });

      const location = { world: w.names[1], x: 10, y: 20, z: 30 };
      const moved = await api.ok("TransferPlayer", { character: w.character, location }, gameserver);
      expect(moved).toMatchObject({ address: "10.1.0.1", port: 7002 });
      const [stored] = await w.db.select({ location: characters.location }).from(characters).where(eq(characters.id, w.character));
      expect(stored?.location).toMatchObject(location);
      const audit = await w.db.select().from(auditRecords).where(eq(auditRecords.targetId, w.character));
      expect(audit.map((r) => [r.action, r.actorId])).toContainEqual(["character.transfer", t.users.gameserver.sub]);

      await api.ok("VerifyConnect", { connectionId: moved.connectionId, serverName: w.servers[1] }, gameserver);
      // The old server's leave report comes late: the character plays on the new one now.
      expectRejected(await api.call("ReportPlayerLeft", { serverId: w.servers[0], characterId: w.character }, gameserver), Code.NotFound, "character_id");
      expect(await playing(w.character)).toBe(true);
      await api.ok("ReportPlayerLeft", { serverId: w.servers[1], characterId: w.character }, gameserver);
      expect(await playing(w.character)).toBe(false);
      expect(await userPlaying()).toBe(false);
    });

    it("a connection id is single-use and expires", async () => {
      const w = await world();
      const first = await api.ok("ConnectGameServer", { id: w.character }, player);
      await api.ok("VerifyConnect", { connectionId: first.connectionId, serverName: w.servers[0] }, gameserver);
      expectRejected(
        await api.call("VerifyConnect", { connectionId: first.connectionId, serverName: w.servers[0] }, gameserver),
        Code.FailedPrecondition,
        "already used",
      );

      const second = await api.ok("ConnectGameServer", { id: w.character }, player);
      clock += CONNECTION_ID_TTL_MS;
      expectRejected(
        await api.call("VerifyConnect", { connectionId: second.connectionId, serverName: w.servers[0] }, gameserver),
        Code.FailedPrecondition,
        "expired",
      );
      const third = await api.ok("ConnectGameServer", { id: w.character }, player);
      clock += CONNECTION_ID_TTL_MS - 1;
      expect(await api.ok("VerifyConnect", { connectionId: third.connectionId, serverName: w.servers[0] }, gameserver)).toEqual({ id: w.character });
      expectRejected(await api.call("VerifyConnect", { connectionId: MISSING_ID, serverName: w.servers[0] }, gameserver), Code.NotFound, "connection_id");
    });

    it("only the server the id was issued for, verified by the client that registered it", async () => {
      const w = await world();
      const joined = await api.ok("ConnectGameServer", { id: w.character }, player);
      expectRejected(
        await api.call("VerifyConnect", { connectionId: joined.connectionId, serverName: w.servers[1] }, gameserver),
        Code.PermissionDenied,
        "another game server",
      );
      const stranger = await t.issuer.mint({ sub: "another-studio", realm_access: { roles: ["gameserver"] } });
      expectRejected(
        await api.call("VerifyConnect", { connectionId: joined.connectionId, serverName: w.servers[0] }, stranger),
        Code.PermissionDenied,
        "registered by another client",
      );
      expectRejected(await api.call("ReportPlayerLeft", { serverId: w.servers[0], characterId: w.character }, stranger), Code.PermissionDenied, "server_id");
      // Refusals leave the id unused: the right server still takes it.
      expect(await api.ok("VerifyConnect", { connectionId: joined.connectionId, serverName: w.servers[0] }, gameserver)).toEqual({ id: w.character });
    });

    it("acting for another client's server follows game-servers.act-for-any, not the admin role", async () => {
      const w = await world();
      const host = [
        { name: "game-sessions.host", scope: "all" },
        { name: "game-servers.register", scope: "all" },
      ];
      const minted = async (role: string, capabilities: { name: string; scope: string }[]) => {
        const name = `${role} ${transport}`;
        await api.ok("CreateRole", { name, capabilities }, t.users.admin.token);
        await api.ok("SetRoleMapping", { groupPath: `/Ops/${name}`, roles: [name] }, t.users.admin.token);
        return t.issuer.mint({ sub: uniqueName(role), groups: [`/Ops/${name}`] });
      };
      const hostOnly = await minted("Host", host);
      const fleet = await minted("Fleet", [...host, { name: "game-servers.act-for-any", scope: "all" }]);
      const joined = await api.ok("ConnectGameServer", { id: w.character }, player);
      expectRejected(
        await api.call("VerifyConnect", { connectionId: joined.connectionId, serverName: w.servers[0] }, hostOnly),
        Code.PermissionDenied,
        "registered by another client",
      );
      expect(await api.ok("VerifyConnect", { connectionId: joined.connectionId, serverName: w.servers[0] }, fleet)).toEqual({ id: w.character });
      expectRejected(await api.call("ReportPlayerLeft", { serverId: w.servers[0], characterId: w.character }, hostOnly), Code.PermissionDenied, "server_id");
      expect(await api.ok("ReportPlayerLeft", { serverId: w.servers[0], characterId: w.character }, fleet)).toBeDefined();
      expect(await playing(w.character)).toBe(false);
    });

    it("a player stops playing when the server's heartbeat lapses", async () => {
      const w = await world();
      const joined = await api.ok("ConnectGameServer", { id: w.character }, player);
      await api.ok("VerifyConnect", { connectionId: joined.connectionId, serverName: w.servers[0] }, gameserver);
      expect(await playing(w.character)).toBe(true);
      await w.db
        .update(gameServers)
        .set({ lastHeartbeatAt: sql`now() - interval '1 hour'` })
        .where(eq(gameServers.id, w.servers[0]));
      expect(await playing(w.character)).toBe(false);
      expect(await userPlaying()).toBe(false);
    });

    it("room, readiness and the map: full, draining, gone and unnamed maps are refused clearly", async () => {
      const w = await world({ maxPlayers: 1 });
      const other = await insertCharacter(w.db, playerSub, w.dimension, { location: { world: w.names[0], x: 0, y: 0, z: 0, roll: 0, pitch: 0, yaw: 0 } });
      await api.ok("ConnectGameServer", { id: w.character }, player);
      // The outstanding id holds the only place.
      expectRejected(await api.call("ConnectGameServer", { id: other }, player), Code.ResourceExhausted, "full");
      await w.db.update(gameServers).set({ draining: true }).where(eq(gameServers.id, w.servers[0]));
      expectRejected(await api.call("ConnectGameServer", { id: other }, player), Code.Unavailable, "no game server");
      const lost = await insertCharacter(w.db, playerSub, w.dimension, { location: { world: "Nowhere", x: 0, y: 0, z: 0, roll: 0, pitch: 0, yaw: 0 } });
      expectRejected(await api.call("ConnectGameServer", { id: lost }, player), Code.FailedPrecondition, "location.world");
      // No location at all: the dimension's first map (a new character has none).
      const fresh = await insertCharacter(w.db, playerSub, w.dimension);
      expectRejected(await api.call("ConnectGameServer", { id: fresh }, player), Code.Unavailable, "no game server");
      expectRejected(
        await api.call("TransferPlayer", { character: w.character, location: { world: w.names[1] } }, gameserver),
        Code.FailedPrecondition,
        "not playing",
      );
    });

    it("bad input gets INVALID_ARGUMENT naming the field, unknown targets NOT_FOUND", async () => {
      const admin = t.users.admin.token;
      player = t.users.player.token;
      expectRejected(await api.call("ConnectGameServer", { id: "nope" }, player), Code.InvalidArgument, "id");
      expectRejected(await api.call("ConnectGameServer", { id: MISSING_ID }, admin), Code.NotFound, "character");
      expectRejected(await api.call("VerifyConnect", { connectionId: "x", serverName: MISSING_ID }, gameserver), Code.InvalidArgument, "connection_id");
      expectRejected(await api.call("VerifyConnect", { connectionId: MISSING_ID, serverName: "server-1" }, gameserver), Code.InvalidArgument, "server_name");
      expectRejected(await api.call("TransferPlayer", { character: MISSING_ID }, gameserver), Code.InvalidArgument, "location");
      expectRejected(
        await api.call("TransferPlayer", { character: MISSING_ID, location: { world: "w".repeat(300) } }, gameserver),
        Code.InvalidArgument,
        "location.world",
      );
      expectRejected(await api.call("IsUserPlaying", { id: "u".repeat(300) }, admin), Code.InvalidArgument, "id");
      expectRejected(await api.call("ReportPlayerLeft", { serverId: MISSING_ID, characterId: MISSING_ID }, gameserver), Code.NotFound, "server_id");
      expectRejected(
        await api.call("RegisterGameServer", { dimensionId: MISSING_ID, mapId: MISSING_ID, address: "h", port: 1, maxPlayers: -1 }, gameserver),
        Code.InvalidArgument,
        "max_players",
      );
    });
  });
});

describe("the join flow in local mode", () => {
  let t: TestServer;
  beforeAll(async () => {
    t = await startTestServer();
  });
  afterAll(() => t?.close());

  it("answers FAILED_PRECONDITION naming GAMESERVER_MODE", async () => {
    const api = gameApi(t.url, "connect");
    const character = await insertCharacter(t.server.database.db, t.users.player.sub, await insertDimension(t.server.database.db));
    expectRejected(await api.call("ConnectGameServer", { id: character }, t.users.player.token), Code.FailedPrecondition, "GAMESERVER_MODE=local");
    expectRejected(await api.call("IsUserPlaying", { id: t.users.player.sub }, t.users.player.token), Code.FailedPrecondition, "GAMESERVER_MODE=local");
  });
});
