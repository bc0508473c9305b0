import { fileURLToPath } from "node:url";
import { credentials, loadPackageDefinition, Metadata, status, type Client, type ServiceError } from "@grpc/grpc-js";
import { loadSync } from "@grpc/proto-loader";
import { GrpcWebFetchTransport } from "@protobuf-ts/grpcweb-transport";
import { RpcError } from "@protobuf-ts/runtime-rpc";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { insertCharacter, insertDimension, insertMap, uniqueName } from "../test/game-fixtures.js";
import { rest } from "../test/rest-client.js";
import { startTestServer, type TestServer } from "../test/test-server.js";
import { clientName } from "./client-versions.js";
import { InventoryServiceClient } from "./protobuf-ts-gen/sro/character/inventory.client.js";
import { ConnectionServiceClient } from "./protobuf-ts-gen/sro/gameserver/connection.client.js";
import { HealthServiceClient } from "./protobuf-ts-gen/sro/health.client.js";

type Done<T> = (error: ServiceError | null, response?: T) => void;
type Unary = (request: object, metadata: Metadata, done: Done<any>) => void;
type GrpcClient = Client & Record<string, Unary>;
type GrpcClass = new (address: string, creds: ReturnType<typeof credentials.createInsecure>) => GrpcClient;

/**
 * The services the game itself calls, as a game server and a game client written against the original contract
 * call them: @grpc/grpc-js with our .proto files loaded at run time (proto-loader: no generated code of ours),
 * protobuf-ts's generated clients over gRPC-web, and REST through the gateway, against the real server.
 */
describe(`${clientName("@grpc/grpc-js")} and ${clientName("@protobuf-ts/grpcweb-transport")}: the game's own services`, () => {
  let t: TestServer;
  const grpc: Record<string, GrpcClient> = {};
  beforeAll(async () => {
    t = await startTestServer({ env: { GAMESERVER_MODE: "registry" } });
    const files = [
      "sro/gameserver/connection.proto",
      "sro/gameserver/gameserver.proto",
      "sro/character/inventory.proto",
      "sro/health.proto",
      "grpc/health/v1/health.proto",
    ];
    const definition = loadSync(files, {
      includeDirs: [fileURLToPath(new URL("../../../../proto", import.meta.url))],
      longs: String,
      enums: String,
      defaults: true,
    });
    const loaded = loadPackageDefinition(definition) as any;
    const address = new URL(t.url).host;
    const open = (Service: GrpcClass) => new Service(address, credentials.createInsecure());
    grpc.connections = open(loaded.sro.gameserver.ConnectionService);
    grpc.registry = open(loaded.sro.gameserver.GameServerRegistryService);
    grpc.inventory = open(loaded.sro.character.InventoryService);
    grpc.sroHealth = open(loaded.sro.HealthService);
    grpc.health = open(loaded.grpc.health.v1.Health);
  });
  afterAll(async () => {
    for (const client of Object.values(grpc)) client.close();
    await t?.close();
  });

  const call = <T>(client: GrpcClient, method: string, request: object, token?: string) =>
    new Promise<T>((resolve, reject) => {
      const metadata = new Metadata();
      if (token) metadata.set("authorization", `Bearer ${token}`);
      client[method]!(request, metadata, (error, response) => (error ? reject(error) : resolve(response as T)));
    });
  const failure = (promise: Promise<unknown>) =>
    promise.then(
      () => ({ code: -1, details: "ok" }),
      (e: ServiceError) => ({ code: e.code, details: e.details }),
    );
  const web = (token: string) => new GrpcWebFetchTransport({ baseUrl: t.url, format: "binary", meta: { authorization: `Bearer ${token}` } });

  it("health: no token needed, the same verdict as /readyz on every path", async () => {
    const readyz = await fetch(`${t.url}/readyz`);
    expect({ status: readyz.status, body: await readyz.json() }).toEqual({ status: 200, body: { status: "ready", checks: { database: "ok" } } });
    expect(await call(grpc.health!, "Check", {})).toEqual({ status: "SERVING" });
    expect(await call(grpc.health!, "Check", { service: "sro.gameserver.ConnectionService" })).toEqual({ status: "SERVING" });
    expect(await failure(call(grpc.health!, "Check", { service: "no.such.Service" }))).toEqual({
      code: status.NOT_FOUND,
      details: 'service: "no.such.Service" is not served here',
    });
    expect(await call(grpc.sroHealth!, "Health", {})).toEqual({ status: "SERVING" });
    expect((await new HealthServiceClient(new GrpcWebFetchTransport({ baseUrl: t.url, format: "binary" })).health({})).response).toEqual({ status: "SERVING" });
    expect(await rest(t.url, "GET", "/v1/health")).toMatchObject({ status: 200, json: { status: "SERVING" } });

    const watch = grpc.health!.makeServerStreamRequest(
      "/grpc.health.v1.Health/Watch",
      () => Buffer.from([]),
      (b: Buffer) => b,
      {},
    );
    const first = await new Promise<Buffer>((resolve, reject) => watch.once("data", resolve).once("error", reject));
    // Field 1 (varint) = SERVING (1).
    expect([...first]).toEqual([0x08, 0x01]);
    watch.on("error", () => {}).cancel();
  });

  it("a game server registers, verifies a player's join, writes the inventory and reports the leave", async () => {
    const db = t.server.database.db;
    const mapName = uniqueName("Grid");
    const mapId = await insertMap(db, { name: mapName });
    const dimensionId = await insertDimension(db, [mapId]);
    const character = await insertCharacter(db, t.users.player.sub, dimensionId, { location: { world: mapName, x: 0, y: 0, z: 0, roll: 0, pitch: 0, yaw: 0 } });
    const gs = t.users.gameserver.token;

    const lease = await call<{ serverId: string }>(grpc.registry!, "RegisterGameServer", { dimensionId, mapId, address: "10.2.0.1", port: 7777 }, gs);
    // The player's client: protobuf-ts over gRPC-web.
    const { response: joined } = await new ConnectionServiceClient(web(t.users.player.token)).connectGameServer({ id: character });
    expect(joined).toMatchObject({ address: "10.2.0.1", port: 7777 });
    expect(await call(grpc.connections!, "VerifyConnect", { connectionId: joined.connectionId, serverName: lease.serverId }, gs)).toEqual({ id: character });
    expect(await failure(call(grpc.connections!, "VerifyConnect", { connectionId: joined.connectionId, serverName: lease.serverId }, gs))).toMatchObject({
      code: status.FAILED_PRECONDITION,
    });
    expect(await rest(t.url, "GET", `/v1/status/character/id/${character}`, { token: t.users.player.token })).toMatchObject({
      status: 200,
      json: { online: true },
    });
    expect(await call(grpc.connections!, "IsUserPlaying", { id: t.users.player.sub }, gs)).toEqual({ online: true });

    const items = [
      { id: 42, slot: 3, quantity: 1 },
      { id: 7, slot: 0, quantity: 20 },
    ];
    expect(await call(grpc.inventory!, "SetInventory", { characterId: character, items }, gs)).toEqual({ items: [items[1], items[0]] });
    const inventory = new InventoryServiceClient(web(t.users.player.token));
    expect((await inventory.getInventory({ characterId: character })).response.items).toEqual([items[1], items[0]]);
    expect((await inventory.getInventory({ characterId: character, mask: { paths: ["slot"] } })).response.items).toEqual([
      { id: 0, slot: 0, quantity: 0 },
      { id: 0, slot: 3, quantity: 0 },
    ]);
    const denied = await inventory.setInventory({ characterId: character, items: [] }).then(
      () => "ok",
      (e: RpcError) => e.code,
    );
    expect(denied).toBe("PERMISSION_DENIED");

    await call(grpc.registry!, "ReportPlayerLeft", { serverId: lease.serverId, characterId: character }, gs);
    expect(await call(grpc.connections!, "IsCharacterPlaying", { id: character }, gs)).toEqual({ online: false });
    expect(await failure(call(grpc.connections!, "ConnectGameServer", { id: "not-an-id" }, t.users.player.token))).toEqual({
      code: status.INVALID_ARGUMENT,
      details: "id: must be a UUID",
    });
  });
});
