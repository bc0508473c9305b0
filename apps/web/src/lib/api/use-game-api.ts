import { CharacterService } from '../../gen/sro/character/character_pb';
import { ChatService } from '../../gen/sro/chat/chat_pb';
import { ChatHistoryService } from '../../gen/sro/moderation/chat_history_pb';
import { DimensionService, GameServerDataService, MapService } from '../../gen/sro/gameserver/gameserver_pb';
import { useRuntimeConfig } from '../runtime-config-context';
import { useRpcClient } from '../rpc/use-rpc-client';

/** Typed, authenticated clients for every game service the admin console calls. */
export function useGameApi() {
  const base = useRuntimeConfig()?.apiBaseUrl ?? '';
  return {
    characters: useRpcClient(CharacterService, base),
    chat: useRpcClient(ChatService, base),
    chatHistory: useRpcClient(ChatHistoryService, base),
    dimensions: useRpcClient(DimensionService, base),
    maps: useRpcClient(MapService, base),
    gameServers: useRpcClient(GameServerDataService, base),
  };
}

/** The game services' clients, as the query factories take them. */
export type GameApi = ReturnType<typeof useGameApi>;
