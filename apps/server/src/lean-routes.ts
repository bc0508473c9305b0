import { ChatService } from "./gen/sro/chat/chat_pb.js";
import { DimensionService, MapService } from "./gen/sro/gameserver/gameserver_pb.js";
import type { Services } from "./compose.js";
import { fastStreamRoute, fastUnaryRoute, type FastRoute } from "./platform/rpc/fast-call.js";

/**
 * The rpcs the lean paths serve (LEAN_PATHS=on): the two chat fan-out streams, the two sends that feed them and the
 * reference reads game servers and consoles call most, over gRPC (platform/rpc/grpc-fast-path.ts) and the unary ones
 * over Connect's unary protocol (platform/rpc/connect-unary-fast-path.ts). Connect-ES's own pipeline costs two to
 * five times the CPU of such a call: without these, gRPC calls miss the rpc bench's target and chat's fan-out
 * streams cap a node far below the chat bench's (docs/performance.md). The services do not know about it: the same
 * handler functions Connect registers.
 */
export function leanRoutes(services: Pick<Services, "chat" | "maps" | "dimensions">): FastRoute[] {
  const { chat, maps, dimensions } = services;
  return [
    fastStreamRoute(ChatService.method.connectChatChannel, chat.connectChatChannel),
    fastStreamRoute(ChatService.method.connectDirectMessages, chat.connectDirectMessages),
    fastUnaryRoute(ChatService.method.sendChatChannelMessage, chat.sendChatChannelMessage),
    fastUnaryRoute(ChatService.method.sendDirectMessage, chat.sendDirectMessage),
    fastUnaryRoute(MapService.method.getMaps, maps.getMaps),
    fastUnaryRoute(MapService.method.getMap, maps.getMap),
    fastUnaryRoute(DimensionService.method.getDimensions, dimensions.getDimensions),
    fastUnaryRoute(DimensionService.method.getDimension, dimensions.getDimension),
  ];
}
