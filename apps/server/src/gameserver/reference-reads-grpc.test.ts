import { Code, ConnectError, createClient, type Client, type Transport } from "@connectrpc/connect";
import { createConnectTransport, createGrpcTransport, createGrpcWebTransport } from "@connectrpc/connect-node";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DimensionService, MapService } from "../gen/sro/gameserver/gameserver_pb.js";
import { MISSING_ID, uniqueName } from "../test/game-fixtures.js";
import { startTestServer, type TestServer } from "../test/test-server.js";

/**
 * GetMaps, GetMap, GetDimensions and GetDimension over gRPC and over Connect's unary protocol take the lean paths
 * (lean-routes.ts); over gRPC-web they take Connect's pipeline. All must answer the same, errors
 * included.
 */
describe("map and dimension reads over the lean gRPC and Connect paths", () => {
  let t: TestServer;
  let clients: Record<"grpc" | "connect" | "grpcWeb", { maps: Client<typeof MapService>; dimensions: Client<typeof DimensionService> }>;
  const as = (token: string) => ({ headers: { authorization: `Bearer ${token}` } });
  const codeOf = async (call: Promise<unknown>) => {
    try {
      await call;
      return "ok";
    } catch (error) {
      const e = ConnectError.from(error);
      return `${Code[e.code]}: ${e.rawMessage}`;
    }
  };

  beforeAll(async () => {
    t = await startTestServer();
    const both = (transport: Transport) => ({ maps: createClient(MapService, transport), dimensions: createClient(DimensionService, transport) });
    clients = {
      grpc: both(createGrpcTransport({ baseUrl: t.url })),
      connect: both(createConnectTransport({ baseUrl: t.url, httpVersion: "1.1" })),
      grpcWeb: both(createGrpcWebTransport({ baseUrl: t.url, httpVersion: "1.1" })),
    };
  });
  afterAll(() => t?.close());

  it("answer what Connect answers, and follow writes at once", async () => {
    const admin = as(t.users.admin.token);
    const map = await clients.connect.maps.createMap({ name: uniqueName("Lean map"), mapPath: "/maps/lean.umap" }, admin);
    const dimension = await clients.connect.dimensions.createDimension({ name: uniqueName("Lean dim"), version: "1", location: "eu", mapIds: [map.id] }, admin);
    for (const side of ["grpc", "connect", "grpcWeb"] as const) {
      const { maps, dimensions } = clients[side];
      expect((await maps.getMaps({}, admin)).maps).toContainEqual(map);
      expect(await maps.getMap({ id: map.id }, admin)).toEqual(map);
      expect((await dimensions.getDimensions({}, admin)).dimensions).toContainEqual(dimension);
      expect(await dimensions.getDimension({ id: dimension.id }, admin)).toEqual(dimension);
    }
    const renamed = await clients.connect.maps.editMap({ targetId: map.id, name: uniqueName("Renamed") }, admin);
    expect(await clients.grpc.maps.getMap({ id: map.id }, admin)).toEqual(renamed);
    expect(await clients.connect.maps.getMap({ id: map.id }, admin)).toEqual(renamed);
    await clients.connect.dimensions.deleteDimension({ id: dimension.id }, admin);
    await clients.connect.maps.deleteMap({ id: map.id }, admin);
    expect(await codeOf(clients.grpc.maps.getMap({ id: map.id }, admin))).toBe("NotFound: map not found");
    expect((await clients.grpc.dimensions.getDimensions({}, admin)).dimensions.map((d) => d.id)).not.toContain(dimension.id);
  });

  it("refuse exactly as Connect's pipeline does", async () => {
    const cases: Array<[string, (c: (typeof clients)["grpc"]) => Promise<unknown>]> = [
      ["no token", (c) => c.maps.getMaps({})],
      ["bad token", (c) => c.maps.getMaps({}, as("not-a-token"))],
      ["banned", (c) => c.dimensions.getDimensions({}, as(t.users.banned.token))],
      ["player", (c) => c.maps.getMap({ id: MISSING_ID }, as(t.users.player.token))],
      ["missing map", (c) => c.maps.getMap({ id: MISSING_ID }, as(t.users.admin.token))],
      ["missing dimension", (c) => c.dimensions.getDimension({ id: MISSING_ID }, as(t.users.moderator.token))],
      ["bad id", (c) => c.dimensions.getDimension({ id: "nope" }, as(t.users.admin.token))],
    ];
    for (const [what, call] of cases) {
      const [grpc, connect, reference] = [await codeOf(call(clients.grpc)), await codeOf(call(clients.connect)), await codeOf(call(clients.grpcWeb))];
      expect(reference, what).not.toBe("ok");
      expect(grpc, what).toBe(reference);
      expect(connect, what).toBe(reference);
    }
  });
});
