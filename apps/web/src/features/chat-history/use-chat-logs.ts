import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useGameApi } from '../../lib/api/use-game-api';
import { chatLogsRequest, type HistoryFilters } from './history-query';

export interface ChatLogRecord {
  /** The stored message's id; from an older server, the position in the result. */
  id: string;
  /** Deletable: the server gave the message's id. */
  deletable: boolean;
  /** Unix seconds. */
  sentAt: number;
  senderId: string;
  content: string;
}

export interface ChatLogPage {
  total: number;
  logs: ChatLogRecord[];
}

/** One page of a channel's stored messages (GetChatLogs: newest first, total of all matches). */
export function useChatLogs(channelId: string, filters: HistoryFilters, enabled: boolean) {
  const api = useGameApi();
  const request = chatLogsRequest(channelId, filters);
  return useQuery({
    queryKey: ['chat-logs', channelId, filters],
    queryFn: async ({ signal }): Promise<ChatLogPage> => {
      const page = await api.chat.getChatLogs(request, { signal });
      return {
        total: Number(page.total),
        logs: page.logs.map((log, index) => ({
          id: log.id || `${filters.pageIndex * filters.pageSize + index}`,
          deletable: log.id !== '',
          sentAt: Number(log.sentAt),
          senderId: log.senderId,
          content: log.content,
        })),
      };
    },
    enabled,
    // A live channel keeps growing: refetch on every visit rather than trusting the one-minute entity cache.
    staleTime: 0,
    placeholderData: keepPreviousData,
  });
}
