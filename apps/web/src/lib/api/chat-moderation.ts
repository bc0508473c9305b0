import type { MessageInitShape } from '@bufbuild/protobuf';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Client } from '@connectrpc/connect';
import { ChatService, type ChatLogRequestSchema } from '../../gen/sro/chat/chat_pb';
import { ChatHistoryService } from '../../gen/sro/moderation/chat_history_pb';
import { requestKey } from './request-key';
import { useGameServiceClient } from './use-game-api';

// The history reads use ChatService's GetChatLogs and ChatHistoryService (docs/moderation.md "History, deletion and purge").
type ChatApi = Client<typeof ChatService>;
type ChatHistoryApi = Client<typeof ChatHistoryService>;
const useChatApi = () => useGameServiceClient(ChatService);
const useChatHistoryApi = () => useGameServiceClient(ChatHistoryService);

/** A stored channel message as the history pages show it. */
export interface StoredMessageRecord {
  id: string;
  channelId: string;
  channelName: string;
  senderId: string;
  senderName: string;
  /** The sender character's owner (empty when unknown). */
  senderAccountId: string;
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
  /** Only messages of this account's characters (the player page). */
  senderAccountId?: string;
}

export interface MessagePage {
  messages: StoredMessageRecord[];
  nextPageToken: string;
}

/** A page of a channel's stored messages (GetChatLogs): the request the history page builds from its filters. */
export type ChatLogsRequest = MessageInitShape<typeof ChatLogRequestSchema>;

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

/** Every read of stored messages sits under 'chat-logs' or 'chat-messages': a deletion or purge refetches them all (both history pages). */
export const chatHistoryKeys = {
  logs: ['chat-logs'] as const,
  logPage: (request: ChatLogsRequest) => ['chat-logs', requestKey(request)] as const,
  messages: ['chat-messages'] as const,
  search: (search: MessageSearch) => ['chat-messages', search] as const,
};

/** The stored-message reads as query options; a live channel keeps growing, so both refetch on every visit. */
export const chatHistoryQueries = {
  logPage: (api: ChatApi, request: ChatLogsRequest, enabled: boolean) =>
    queryOptions({
      queryKey: chatHistoryKeys.logPage(request),
      queryFn: async ({ signal }): Promise<ChatLogPage> => {
        const page = await api.getChatLogs(request, { signal });
        const offset = Number(request.offset ?? 0);
        return {
          total: Number(page.total),
          logs: page.logs.map((log, index) => ({
            id: log.id || `${offset + index}`,
            deletable: log.id !== '',
            sentAt: Number(log.sentAt),
            senderId: log.senderId,
            content: log.content,
          })),
        };
      },
      enabled,
      staleTime: 0,
      placeholderData: keepPreviousData,
    }),
  search: (api: ChatHistoryApi, search: MessageSearch, enabled: boolean) =>
    queryOptions({
      queryKey: chatHistoryKeys.search(search),
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
            senderAccountId: m.senderAccountId,
            content: m.content,
            sentAtMs: Number(m.sentAtMs),
          })),
        };
      },
      enabled,
      staleTime: 0,
      placeholderData: keepPreviousData,
    }),
};

/** One page of a channel's stored messages (GetChatLogs: newest first, total of all matches). */
export function useChatLogs(request: ChatLogsRequest, enabled: boolean) {
  return useQuery(chatHistoryQueries.logPage(useChatApi(), request, enabled));
}

/** SearchChatMessages: every channel's stored messages, a cursor page at a time. */
export function useMessageSearch(search: MessageSearch, enabled: boolean) {
  return useQuery(chatHistoryQueries.search(useChatHistoryApi(), search, enabled));
}

function useInvalidateReads() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([queryClient.invalidateQueries({ queryKey: chatHistoryKeys.logs }), queryClient.invalidateQueries({ queryKey: chatHistoryKeys.messages })]);
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
  /** Set when nothing was deleted: the purge waits for another holder's approval. */
  pendingApprovalId: string;
}

/** PurgeChatMessages: one audited action per call; the same request again continues a purge that said more remain. */
export function usePurgeChatMessages() {
  const api = useChatHistoryApi();
  const invalidate = useInvalidateReads();
  return useMutation({
    mutationFn: async (r: PurgeRequest): Promise<PurgeStep> => {
      const answer = await api.purgeChatMessages({ ...r, fromMs: BigInt(r.fromMs), toMs: BigInt(r.toMs) });
      return { count: Number(answer.count), moreRemain: answer.moreRemain, pendingApprovalId: answer.pendingApprovalId };
    },
    onSuccess: () => invalidate(),
  });
}
