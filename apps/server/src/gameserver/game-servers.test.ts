import { Code } from "@connectrpc/connect";
import { and, eq, isNull, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { apiTransports, gameApi, type GameApi } from "../test/game-api.js";
import { expectRejected, insertDimension, insertMap, MISSING_ID } from "../test/game-fixtures.js";
import { startTestServer, storageBackends, type TestServer } from "../test/test-server.js";
import { gameServerRequests, gameServers } from "./schema.js";

const REGISTRY_RPCS: [string, (ids: { dimension: string; map: string }) => Record<string, unknown>][] = [
  ["RegisterGameServer", (ids) => ({ dimensionId: ids.dimension, mapId: ids.map, address: "10.0.0.7", port: 7777 })],
  ["HeartbeatGameServer", () => ({ serverId: MISSING_ID })],
  ["DeregisterGameServer", () => ({ id: MISSING_ID })],
  ["ListGameServers", () => ({})],
];

/** GameServerDataService and GameServerRegistryService, and GameServerUpdate, in both GAMESERVER_MODEs. */
describe.each(storageBackends)("game servers in local mode (%s)", (backend) => {
  let t: TestServer;
  beforeAll(async () => {
    t = await startTestServer({ backend });
  });
  afterAll(() => t?.close());

  it.each(apiTransports)("count is -1 and the registry answers FAILED_PRECONDITION (%s)", async (transport) => {
    const api = gameApi(t.url, transport);
    expect(await api.ok("GetGameServerDetails", {}, t.users.moderator.token)).toEqual({ count: -1 });
    const ids = { map: await insertMap(t.server.database.db), dimension: "" };
    ids.dimension = await insertDimension(t.server.database.db, [ids.map]);
    for (const [rpc, request] of REGISTRY_RPCS) {
      for (const token of [t.users.admin.token, t.users.gameserver.token]) {
        if (rpc === "ListGameServers" && token === t.users.gameserver.token) continue;
        expectRejected(await api.call(rpc, request(ids) as never, token), Code.FailedPrecondition, "GAMESERVER_MODE=local");
      }
    }
  });
});

describe.each(storageBackends)("game servers in registry mode (%s)", (backend) => {
  let t: TestServer;
  beforeAll(async () => {
    t = await startTestServer({ backend, env: { GAMESERVER_MODE: "registry", GAMESERVER_TTL_SECONDS: "30" } });
  });
  afterAll(() => t?.close());

  describe.each(apiTransports)("over %s", (transport) => {
    let api: GameApi;
    let admin: string, gameserver: string;
    beforeAll(() => {
      api = gameApi(t.url, transport);
      admin = t.users.admin.token;
      gameserver = t.users.gameserver.token;
    });
    const count = async () => (await api.ok("GetGameServerDetails", {}, admin)).count ?? 0;
    const openRequests = (dimensionId: string) =>
      t.server.database.db
        .select({ mapId: gameServerRequests.mapId })
        .from(gameServerRequests)
        .where(and(eq(gameServerRequests.dimensionId, dimensionId), isNull(gameServerRequests.fulfilledAt)));

    it("register, heartbeat, list and deregister; count is the number of live servers", async () => {
      const db = t.server.database.db;
      const map = await insertMap(db);
      const dimension = await insertDimension(db, [map]);
      const before = await count();
      const lease = await api.ok("RegisterGameServer", { dimensionId: dimension, mapId: map, address: "gs-1.eu.example.com", port: 7777 }, gameserver);
      expect(lease.ttlSeconds).toBe(30);
      expect(await count()).toBe(before + 1);
      expect(await api.ok("HeartbeatGameServer", { serverId: lease.serverId }, gameserver)).toEqual({ ttlSeconds: 30 });
      const listed = (await api.ok("ListGameServers", {}, t.users.moderator.token)).servers.find((s: { id: string }) => s.id === lease.serverId);
      expect(listed).toMatchObject({ dimensionId: dimension, mapId: map, address: "gs-1.eu.example.com", port: 7777 });
      expect(await api.ok("DeregisterGameServer", { id: lease.serverId }, gameserver)).toEqual({});
      expect(await count()).toBe(before);
      expectRejected(await api.call("HeartbeatGameServer", { serverId: lease.serverId }, gameserver), Code.NotFound);
      expectRejected(await api.call("DeregisterGameServer", { id: lease.serverId }, gameserver), Code.NotFound);
    });

    it("a lease that missed its TTL is gone: not counted, not listed, heartbeat NOT_FOUND", async () => {
      const db = t.server.database.db;
      const map = await insertMap(db);
      const dimension = await insertDimension(db, [map]);
      const lease = await api.ok("RegisterGameServer", { dimensionId: dimension, mapId: map, address: "10.1.2.3", port: 9000 }, gameserver);
      const before = await count();
      await db
        .update(gameServers)
        .set({ lastHeartbeatAt: sql`now() - interval '31 seconds'` })
        .where(eq(gameServers.id, lease.serverId));
      expect(await count()).toBe(before - 1);
      expect(((await api.ok("ListGameServers", {}, admin)).servers ?? []).map((s: { id: string }) => s.id)).not.toContain(lease.serverId);
      expectRejected(await api.call("HeartbeatGameServer", { serverId: lease.serverId }, gameserver), Code.NotFound);
    });

    it("registration is validated: live dimension, one of its maps, address, port", async () => {
      const db = t.server.database.db;
      const [map, stranger] = [await insertMap(db), await insertMap(db)];
      const dimension = await insertDimension(db, [map]);
      const valid = { dimensionId: dimension, mapId: map, address: "10.0.0.1", port: 7777 };
      const before = await count();
      const cases: [Record<string, unknown>, string][] = [
        [{ dimensionId: "" }, "dimension_id"],
        [{ dimensionId: "nope" }, "dimension_id"],
        [{ dimensionId: MISSING_ID }, "dimension_id"],
        [{ mapId: "nope" }, "map_id"],
        [{ mapId: stranger }, "map_id"],
        [{ address: "" }, "address"],
        [{ address: "not a host" }, "address"],
        [{ address: "<script>" }, "address"],
        [{ port: 0 }, "port"],
        [{ port: 70000 }, "port"],
      ];
      for (const [change, field] of cases)
        expectRejected(await api.call("RegisterGameServer", { ...valid, ...change }, gameserver), Code.InvalidArgument, field);
      expectRejected(await api.call("HeartbeatGameServer", { serverId: "nope" }, gameserver), Code.InvalidArgument, "server_id");
      expect(await count()).toBe(before);
    });

    it("GameServerUpdate: maps without a server are requested once; servers whose map left are told to drain", async () => {
      const db = t.server.database.db;
      const [a, b, c] = [await insertMap(db), await insertMap(db), await insertMap(db)];
      const dimension = await insertDimension(db, [a, b]);
      const onA = await api.ok("RegisterGameServer", { dimensionId: dimension, mapId: a, address: "10.0.0.1", port: 7001 }, gameserver);

      expect(await api.ok("GameServerUpdate", { id: dimension }, admin)).toEqual({ mapIdsCreated: [b] });
      expect(await api.ok("GameServerUpdate", { id: dimension }, admin)).toEqual({ mapIdsCreated: [b] });
      expect(await openRequests(dimension)).toEqual([{ mapId: b }]);

      // A server for b fulfils the request.
      await api.ok("RegisterGameServer", { dimensionId: dimension, mapId: b, address: "10.0.0.2", port: 7002 }, gameserver);
      expect(await openRequests(dimension)).toEqual([]);

      // a leaves the dimension, c joins: a's server drains, c needs a server.
      await api.ok("EditDimension", { targetId: dimension, editMaps: true, mapIds: [b, c] }, admin);
      expect(await api.ok("GameServerUpdate", { id: dimension }, admin)).toEqual({ mapIdsCreated: [c], mapIdsDeleted: [a] });
      expect(await api.ok("HeartbeatGameServer", { serverId: onA.serverId }, gameserver)).toEqual({ drain: true, ttlSeconds: 30 });
      // Draining is reported once; the server still counts until it deregisters.
      expect(await api.ok("GameServerUpdate", { id: dimension }, admin)).toEqual({ mapIdsCreated: [c] });
      const drained = (await api.ok("ListGameServers", {}, admin)).servers.find((s: { id: string }) => s.id === onA.serverId);
      expect(drained.draining).toBe(true);
    });

    it("GameServerUpdate of a missing dimension is NOT_FOUND, of a malformed id INVALID_ARGUMENT", async () => {
      expectRejected(await api.call("GameServerUpdate", { id: MISSING_ID }, admin), Code.NotFound);
      expectRejected(await api.call("GameServerUpdate", { id: "nope" }, admin), Code.InvalidArgument, "id");
    });
  });
});
