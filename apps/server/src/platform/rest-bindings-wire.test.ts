import { getOption, type DescService } from "@bufbuild/protobuf";
import { describe, expect, it } from "vitest";
import { http } from "../gen/google/api/annotations_pb.js";
import { CharacterService } from "../gen/sro/character/character_pb.js";
import { ChatService } from "../gen/sro/chat/chat_pb.js";
import { DimensionService, GameServerDataService, GameServerRegistryService, MapService } from "../gen/sro/gameserver/gameserver_pb.js";

/**
 * Every rpc's REST binding as shared/WIRE.md gives it (verb, path, body); clients built against the original API
 * call exactly these. The registry rpcs are ours (not in WIRE.md) and listed as they are.
 */
const WIRE: Record<string, string> = {
  "CharacterService.GetCharacter": "GET /v1/characters/id/{id}",
  "CharacterService.GetCharacters": "GET /v1/characters",
  "CharacterService.GetCharactersForUser": "GET /v1/characters/owner/{owner_id}",
  "CharacterService.CreateCharacter": "POST /v1/characters body *",
  "CharacterService.DeleteCharacter": "DELETE /v1/characters/id/{id}",
  "CharacterService.EditCharacter": "PATCH /v1/characters/id/{character.id} body *",
  "CharacterService.AddCharacterPlayTime": "PATCH /v1/characters/id/{id}/playtime body time",
  "CharacterService.GetCharacterStats": "GET /v1/characters/stats",
  "ChatService.ConnectChatChannel": "GET /v1/message/channel/id/{channel_id}",
  "ChatService.ConnectDirectMessages": "GET /v1/message/character/id/{id}",
  "ChatService.SendChatChannelMessage": "PUT /v1/message/channel/id/{channel_id} body *",
  "ChatService.SendDirectMessage": "PUT /v1/message/character/id/{character_id} body *",
  "ChatService.GetChatChannels": "GET /v1/channels",
  "ChatService.GetChatChannel": "GET /v1/channels/id/{id}",
  "ChatService.CreateChatChannel": "POST /v1/channels body *",
  "ChatService.DeleteChatChannel": "DELETE /v1/channels/id/{id}",
  "ChatService.EditChatChannel": "PUT /v1/channels/id/{channel_id} body *",
  "ChatService.GetAuthorizedChatChannels": "GET /v1/character/id/{id}/channels",
  "ChatService.SetCharacterChatChannelAuth": "POST /v1/characters/id/{character_id}/channels",
  "ChatService.UpdateCharacterChatChannelAuth": "PUT /v1/characters/id/{character_id}/channels",
  "ChatService.BanCharacterFromChatChannel": "POST /v1/characters/id/{character_id}/channels/{channel_id}/ban",
  "ChatService.GetChatLogs": "GET /v1/chat/{channel_id}/logs",
  "DimensionService.GetDimension": "GET /v1/dimensions/id/{id}",
  "DimensionService.GetDimensions": "GET /v1/dimensions",
  "DimensionService.CreateDimension": "POST /v1/dimensions body *",
  "DimensionService.DuplicateDimension": "POST /v1/dimensions/id/{target_id}/duplicate body *",
  "DimensionService.EditDimension": "PUT /v1/dimensions/id/{target_id} body *",
  "DimensionService.DeleteDimension": "DELETE /v1/dimensions/id/{id}",
  "DimensionService.GameServerUpdate": "POST /v1/dimensions/id/{id}/update",
  "MapService.GetMap": "GET /v1/maps/id/{id}",
  "MapService.GetMaps": "GET /v1/maps",
  "MapService.CreateMap": "POST /v1/maps body *",
  "MapService.EditMap": "PUT /v1/maps/id/{target_id} body *",
  "MapService.DeleteMap": "DELETE /v1/maps/id/{id}",
  "GameServerDataService.GetGameServerDetails": "GET /v1/status/gameserver",
  "GameServerRegistryService.RegisterGameServer": "POST /v1/gameservers body *",
  "GameServerRegistryService.HeartbeatGameServer": "POST /v1/gameservers/id/{server_id}/heartbeat",
  "GameServerRegistryService.DeregisterGameServer": "DELETE /v1/gameservers/id/{id}",
  "GameServerRegistryService.ListGameServers": "GET /v1/gameservers",
};

const services: DescService[] = [CharacterService, ChatService, DimensionService, MapService, GameServerDataService, GameServerRegistryService];

describe("REST bindings", () => {
  it("are exactly WIRE.md's for every rpc", () => {
    const actual: Record<string, string> = {};
    for (const service of services) {
      for (const method of service.methods) {
        const rule = getOption(method, http);
        const pattern = rule.pattern;
        const binding = pattern.case === undefined || pattern.case === "custom" ? "none" : `${pattern.case.toUpperCase()} ${pattern.value}`;
        actual[`${service.name}.${method.name}`] = rule.body ? `${binding} body ${rule.body}` : binding;
      }
    }
    expect(actual).toEqual(WIRE);
  });
});
