import { useMutation } from '@tanstack/react-query';
import { ChatService } from '../../gen/sro/chat/chat_pb';
import { useGameServiceClient } from './use-game-api';

const useChatApi = () => useGameServiceClient(ChatService);

/** SendChatChannelMessage as the chosen character (the server trims, checks 1..1000 characters and stamps the time). */
export function useSendChatMessage(channelId: string) {
  const api = useChatApi();
  return useMutation({
    mutationFn: async ({ characterId, content }: { characterId: string; content: string }) => {
      await api.sendChatChannelMessage({ channelId, chatMessage: { senderCharacterId: characterId, content } });
    },
  });
}

/** BanCharacterFromChatChannel: seconds from now, or -1 for permanently. */
export function useBanFromChannel(channelId: string) {
  const api = useChatApi();
  return useMutation({
    mutationFn: async ({ characterId, option }: { characterId: string; option: { seconds: number } }) => {
      await api.banCharacterFromChatChannel({ characterId, channelId, duration: BigInt(option.seconds) });
    },
  });
}
