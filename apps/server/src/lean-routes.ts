import { ChatService } from "./gen/sro/chat/chat_pb.js";
import { DimensionService, MapService } from "./gen/sro/gameserver/gameserver_pb.js";
import type { Services } from "./compose.js";
import { fastStreamRoute, fastUnaryRoute, type FastRoute } from "./platform/rpc/fast-call.js";

/**
 * The rpcs the lean paths serve (platform/rpc/grpc-stream-fast-path.ts, connect-unary-fast-path.ts): the two chat
 * fan-out streams and the two sends that feed them (100 busy channels need ~1,000 sends/s), and the reference reads
 * game servers and consoles call most, served from memory, where Connect's unary pipeline would cost more CPU than
 * the handler. The services do not know about it: the same handler functions Connect registers.
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
