import { ScalarType, type DescField, type DescMessage, type DescService } from "@bufbuild/protobuf";
import { describe, expect, it } from "vitest";
import { Health } from "../gen/grpc/health/v1/health_pb.js";
import { InventoryService } from "../gen/sro/character/inventory_pb.js";
import { ConnectionService } from "../gen/sro/gameserver/connection_pb.js";
import { HealthService } from "../gen/sro/health_pb.js";

/**
 * The wire shape of the services the game itself calls, as the original contract has it (docs/wire.md): method
 * paths, request and response types, and every field's number, type and cardinality. A game server built against
 * the original .proto files must produce and read the same bytes as ours.
 */
const fieldShape = (f: DescField): string => {
  const type =
    f.fieldKind === "scalar" || (f.fieldKind === "list" && f.listKind === "scalar")
      ? ScalarType[f.scalar].toLowerCase()
      : f.fieldKind === "enum"
        ? f.enum.typeName
        : f.fieldKind === "message" || (f.fieldKind === "list" && f.listKind === "message")
          ? f.message.typeName
          : "?";
  return `${f.fieldKind === "list" ? "repeated " : ""}${type} ${f.name} = ${f.number}`;
};
const messageShape = (m: DescMessage) => m.fields.map(fieldShape);
const rpcs = (s: DescService) =>
  Object.fromEntries(s.methods.map((m) => [`/${s.typeName}/${m.name}`, `${m.methodKind}(${m.input.typeName}) → ${m.output.typeName}`]));

describe("the game's own contract", () => {
  it("sro.HealthService and grpc.health.v1.Health", () => {
    expect(rpcs(HealthService)).toEqual({ "/sro.HealthService/Health": "unary(google.protobuf.Empty) → sro.HealthMessage" });
    expect(messageShape(HealthService.methods[0]!.output)).toEqual(["string status = 1"]);
    expect(rpcs(Health)).toEqual({
      "/grpc.health.v1.Health/Check": "unary(grpc.health.v1.HealthCheckRequest) → grpc.health.v1.HealthCheckResponse",
      "/grpc.health.v1.Health/Watch": "server_streaming(grpc.health.v1.HealthCheckRequest) → grpc.health.v1.HealthCheckResponse",
    });
    expect(messageShape(Health.methods[0]!.input)).toEqual(["string service = 1"]);
    const response = Health.methods[0]!.output;
    expect(messageShape(response)).toEqual(["grpc.health.v1.HealthCheckResponse.ServingStatus status = 1"]);
    expect(response.fields[0]!.enum!.values.map((v) => `${v.name} = ${v.number}`)).toEqual([
      "UNKNOWN = 0",
      "SERVING = 1",
      "NOT_SERVING = 2",
      "SERVICE_UNKNOWN = 3",
    ]);
  });

  it("sro.character.InventoryService.GetInventory", () => {
    const get = InventoryService.methods.find((m) => m.name === "GetInventory")!;
    expect(`/${InventoryService.typeName}/${get.name}`).toBe("/sro.character.InventoryService/GetInventory");
    expect(messageShape(get.input)).toEqual(["google.protobuf.FieldMask mask = 1", "string character_id = 2"]);
    expect(messageShape(get.output)).toEqual(["repeated sro.character.Item items = 1"]);
    expect(messageShape(get.output.fields[0]!.message!)).toEqual(["uint32 id = 1", "uint32 slot = 2", "uint32 quantity = 3"]);
  });

  it("sro.gameserver.ConnectionService", () => {
    const response = "sro.gameserver.ConnectGameServerResponse";
    expect(rpcs(ConnectionService)).toEqual({
      "/sro.gameserver.ConnectionService/ConnectGameServer": `unary(sro.TargetId) → ${response}`,
      "/sro.gameserver.ConnectionService/VerifyConnect": "unary(sro.gameserver.VerifyConnectRequest) → sro.TargetId",
      "/sro.gameserver.ConnectionService/TransferPlayer": `unary(sro.gameserver.TransferPlayerRequest) → ${response}`,
      "/sro.gameserver.ConnectionService/IsCharacterPlaying": "unary(sro.TargetId) → sro.gameserver.ConnectionStatus",
      "/sro.gameserver.ConnectionService/IsUserPlaying": "unary(sro.TargetId) → sro.gameserver.ConnectionStatus",
    });
    const [connect, verify, transfer, playing] = ConnectionService.methods;
    expect(messageShape(connect!.output)).toEqual(["string address = 1", "uint32 port = 2", "string connection_id = 3"]);
    expect(messageShape(verify!.input)).toEqual(["string connection_id = 1", "string server_name = 2"]);
    expect(messageShape(transfer!.input)).toEqual(["string character = 1", "sro.Location location = 2"]);
    expect(messageShape(playing!.output)).toEqual(["bool online = 1"]);
    expect(messageShape(transfer!.input.fields[1]!.message!)).toEqual([
      "string world = 1",
      "float x = 2",
      "float y = 3",
      "float z = 4",
      "float roll = 5",
      "float pitch = 6",
      "float yaw = 7",
    ]);
  });
});
