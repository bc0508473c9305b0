import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useGameApi } from './use-game-api';

/** The typed ChatHistoryService client (docs/moderation.md "History, deletion and purge"). */
const useChatHistoryApi = () => useGameApi().chatHistory;

/** A stored channel message as the history pages show it. */
export interface StoredMessageRecord {
  id: string;
  channelId: string;
  channelName: string;
  senderId: string;
  senderName: string;
  content: string;
  sentAtMs: number;
}

export interface MessageSearch {
  channelId: string;
  text: string;
  sender: string;
  /** Inclusive unix milliseconds; 0: unbounded. */
  fromMs: number;
  toMs: number;
  limit: number;
  pageToken: string;
}

export interface MessagePage {
  messages: StoredMessageRecord[];
  nextPageToken: string;
}

/** Every read of stored messages: a deletion or purge refetches them all (both history pages). */
export const CHAT_READ_KEYS = [['chat-logs'], ['chat-messages']] as const;

export function useMessageSearch(search: MessageSearch, enabled: boolean) {
  const api = useChatHistoryApi();
  return useQuery({
    queryKey: ['chat-messages', search],
    queryFn: async ({ signal }): Promise<MessagePage> => {
      const page = await api.searchChatMessages({ ...search, fromMs: BigInt(search.fromMs), toMs: BigInt(search.toMs) }, { signal });
      return {
        nextPageToken: page.nextPageToken,
        messages: page.messages.map((m) => ({
          id: m.id,
          channelId: m.channelId,
          channelName: m.channelName,
          senderId: m.senderId,
          senderName: m.senderName,
          content: m.content,
          sentAtMs: Number(m.sentAtMs),
        })),
      };
    },
    enabled,
    staleTime: 0,
    placeholderData: keepPreviousData,
  });
}

function useInvalidateReads() {
  const queryClient = useQueryClient();
  return () => Promise.all(CHAT_READ_KEYS.map((queryKey) => queryClient.invalidateQueries({ queryKey: [...queryKey] })));
}

/** DeleteChatMessage: a tombstone; the reason goes to the audit log with the old text. */
export function useDeleteChatMessage() {
  const api = useChatHistoryApi();
  const invalidate = useInvalidateReads();
  return useMutation({
    mutationFn: async ({ id, reason }: { id: string; reason: string }) => Number((await api.deleteChatMessage({ id, reason })).count),
    onSuccess: () => invalidate(),
  });
}

export interface PurgeRequest {
  characterId: string;
  accountId: string;
  fromMs: number;
  toMs: number;
  reason: string;
}

/** One PurgeChatMessages call: how many it deleted, and whether matching messages remain (the server's per-call bound). */
export interface PurgeStep {
  count: number;
  moreRemain: boolean;
}

/** PurgeChatMessages: one audited action per call; the same request again continues a purge that said more remain. */
export function usePurgeChatMessages() {
  const api = useChatHistoryApi();
  const invalidate = useInvalidateReads();
  return useMutation({
    mutationFn: async (r: PurgeRequest): Promise<PurgeStep> => {
      const answer = await api.purgeChatMessages({ ...r, fromMs: BigInt(r.fromMs), toMs: BigInt(r.toMs) });
      return { count: Number(answer.count), moreRemain: answer.moreRemain };
    },
    onSuccess: () => invalidate(),
  });
}
