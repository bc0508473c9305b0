import { ChatService } from "./gen/sro/chat/chat_pb.js";
import { DimensionService, MapService } from "./gen/sro/gameserver/gameserver_pb.js";
import type { Services } from "./compose.js";
import { leanStreamRoute, leanUnaryRoute, type LeanRoute } from "./platform/rpc/lean-call.js";

/**
 * Which request goes where (LEAN_PATHS=on; off sends everything to Connect's router):
 *
 * | request                                                        | served by
 * |----------------------------------------------------------------|--------------------------------------------------
 * | gRPC over HTTP/2 (game servers, game clients), a route below   | the lean gRPC path (platform/rpc/grpc-lean-path.ts)
 * | every other rpc: gRPC-web, Connect, gRPC of other methods      | Connect's router (platform/http/rpc-adapter.ts)
 * | REST (/v1/...)                                                 | the REST gateway, calling the same Connect handlers
 *
 * The routes: the two chat fan-out streams, the two sends that feed them and the reference reads game servers call
 * most. Connect-ES's own pipeline costs two to five times the CPU of such a call: without the lean path, gRPC calls
 * miss the rpc bench's target and chat's fan-out streams cap a node far below the chat bench's
 * (docs/performance.md). The services do not know about it: the same handler functions Connect registers, behind
 * the same interceptors; byte parity with Connect's gRPC handler is tested (grpc-unary-parity, grpc-stream-parity).
 */
export function leanRoutes(services: Pick<Services, "chat" | "maps" | "dimensions">): LeanRoute[] {
  const { chat, maps, dimensions } = services;
  return [
    leanStreamRoute(ChatService.method.connectChatChannel, chat.connectChatChannel),
    leanStreamRoute(ChatService.method.connectDirectMessages, chat.connectDirectMessages),
    leanUnaryRoute(ChatService.method.sendChatChannelMessage, chat.sendChatChannelMessage),
    leanUnaryRoute(ChatService.method.sendDirectMessage, chat.sendDirectMessage),
    leanUnaryRoute(MapService.method.getMaps, maps.getMaps),
    leanUnaryRoute(MapService.method.getMap, maps.getMap),
    leanUnaryRoute(DimensionService.method.getDimensions, dimensions.getDimensions),
    leanUnaryRoute(DimensionService.method.getDimension, dimensions.getDimension),
  ];
}
