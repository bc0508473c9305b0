import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { getOption, type DescService } from "@bufbuild/protobuf";
import { describe, expect, it } from "vitest";
import { http } from "../gen/google/api/annotations_pb.js";
import { BusService } from "../gen/sro/bus_pb.js";
import { CharacterService } from "../gen/sro/character/character_pb.js";
import { ChatService } from "../gen/sro/chat/chat_pb.js";
import { DimensionService, GameServerDataService, GameServerRegistryService, MapService } from "../gen/sro/gameserver/gameserver_pb.js";
import { SanctionService } from "../gen/sro/moderation/moderation_pb.js";
import { ApprovalService } from "../gen/sro/moderation/approvals_pb.js";
import { ChannelRulesService } from "../gen/sro/moderation/channel_rules_pb.js";
import { InventoryService } from "../gen/sro/character/inventory_pb.js";
import { ConnectionService } from "../gen/sro/gameserver/connection_pb.js";
import { GameServerControlService } from "../gen/sro/gameserver/control_pb.js";
import { HealthService } from "../gen/sro/health_pb.js";
import { OperationsService } from "../gen/sro/moderation/operations_pb.js";
import { ReportService } from "../gen/sro/moderation/reports_pb.js";
import { ReportClaimService } from "../gen/sro/moderation/report_claims_pb.js";
import { AppealClaimService } from "../gen/sro/moderation/appeal_claims_pb.js";

/** Our additions (not in the wire contract): the stats read and the registry, listed as they are. */
const OURS: Record<string, string> = {
  "CharacterService.GetCharacterStats": "GET /v1/characters/stats",
  "GameServerRegistryService.RegisterGameServer": "POST /v1/gameservers body *",
  "GameServerRegistryService.HeartbeatGameServer": "POST /v1/gameservers/id/{server_id}/heartbeat",
  "GameServerRegistryService.DeregisterGameServer": "DELETE /v1/gameservers/id/{id}",
  "GameServerRegistryService.ListGameServers": "GET /v1/gameservers",
  "GameServerRegistryService.ReportPlayerLeft": "POST /v1/gameservers/id/{server_id}/leave body *",
};

/**
 * Every rpc's REST binding as docs/wire.md gives it (verb, path, body), read from the document itself: its tables
 * (`| RPC | Request | Response | HTTP |` under a service heading) and the one-line service entries
 * (`Service: Rpc(Request) → Response, VERB /path.`). Clients built against the original API call exactly these.
 */
function wireBindings(): Record<string, string> {
  const text = readFileSync(fileURLToPath(new URL("../../../../docs/wire.md", import.meta.url)), "utf8");
  const bindings: Record<string, string> = {};
  const normal = (http: string) => {
    const match = /^(GET|POST|PUT|PATCH|DELETE) (\S+?)(?:, body (\*|"(\w+)"))?(?: \(.*\))?\.?$/.exec(http.trim());
    if (!match) throw new Error(`docs/wire.md: unreadable binding "${http}"`);
    const body = match[4] ?? match[3];
    return body ? `${match[1]} ${match[2]} body ${body}` : `${match[1]} ${match[2]}`;
  };
  let service = "";
  for (const line of text.split("\n")) {
    const heading = /service `(\w+)`/.exec(line) ?? /^(\w+Service):\s*$/.exec(line);
    if (heading) service = heading[1]!;
    const inline = /^(\w+Service): (\w+)\(.*?\) → .*?, ((?:GET|POST|PUT|PATCH|DELETE) \S+?)\.?$/.exec(line);
    if (inline) bindings[`${inline[1]}.${inline[2]}`] = normal(inline[3]!);
    const row = /^\| (\w+) \|.*\| ([^|]+) \|$/.exec(line);
    if (row && row[1] !== "RPC" && /^(GET|POST|PUT|PATCH|DELETE) /.test(row[2]!)) bindings[`${service}.${row[1]}`] = normal(row[2]!);
  }
  return bindings;
}

const services: DescService[] = [
  CharacterService,
  ChatService,
  DimensionService,
  MapService,
  GameServerDataService,
  GameServerRegistryService,
  SanctionService,
  ChannelRulesService,
  BusService,
  HealthService,
  InventoryService,
  ConnectionService,
  GameServerControlService,
  OperationsService,
  ReportService,
  ReportClaimService,
  AppealClaimService,
  ApprovalService,
];

describe("REST bindings", () => {
  it("docs/wire.md is read whole: every service and rpc it lists", () => {
    const wire = wireBindings();
    expect(Object.keys(wire).length).toBe(78);
    expect(wire["BusService.ResetWriterBus"]).toBe("GET /v1/bus/reset/writer");
    expect(wire["SanctionService.RevokeSanction"]).toBe("POST /v1/sanctions/id/{id}/revoke body *");
    expect(wire["ChatService.BanCharacterFromChatChannel"]).toBe("POST /v1/characters/id/{character_id}/channels/{channel_id}/ban");
    expect(wire["CharacterService.AddCharacterPlayTime"]).toBe("PATCH /v1/characters/id/{id}/playtime body time");
    expect(wire["GameServerDataService.GetGameServerDetails"]).toBe("GET /v1/status/gameserver");
    expect(wire["ConnectionService.VerifyConnect"]).toBe("POST /v1/connect/verify body *");
    expect(wire["InventoryService.GetInventory"]).toBe("GET /v1/characters/id/{character_id}/inventory");
    expect(wire["OperationsService.GetQueueCounts"]).toBe("GET /v1/operations/queues");
    expect(wire["ReportClaimService.ClaimReportedMessage"]).toBe("POST /v1/reported-messages/id/{id}/claim");
    expect(wire["AppealClaimService.ReleaseAppealClaim"]).toBe("POST /v1/appeals/id/{id}/release");
  });

  it("are exactly docs/wire.md's for every rpc", () => {
    const actual: Record<string, string> = {};
    for (const service of services) {
      for (const method of service.methods) {
        const rule = getOption(method, http);
        const pattern = rule.pattern;
        const binding = pattern.case === undefined || pattern.case === "custom" ? "none" : `${pattern.case.toUpperCase()} ${pattern.value}`;
        actual[`${service.name}.${method.name}`] = rule.body ? `${binding} body ${rule.body}` : binding;
      }
    }
    expect(actual).toEqual({ ...wireBindings(), ...OURS });
  });
});
