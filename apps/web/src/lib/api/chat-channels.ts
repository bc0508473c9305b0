import type { Client } from '@connectrpc/connect';
import { useMutation, useQuery, useQueryClient, queryOptions, type QueryClient } from '@tanstack/react-query';
import { isNotFound } from '../rpc/rpc-error';
import { applyWrite, fromListCache, ItemNotFoundError, removeCached, upsertCached } from './entity-cache';
import { toChannel, type ChannelRecord } from './records';
import { ChatService } from '../../gen/sro/chat/chat_pb';
import { useGameServiceClient } from './use-game-api';

type ChatApi = Client<typeof ChatService>;
const useChatApi = () => useGameServiceClient(ChatService);

/** The channels' cache keys; a character's authorized channels are kept apart from the channel list. */
export const channelKeys = {
  all: ['channels'] as const,
  byId: (id: string) => ['channels', id] as const,
  /** The channels a player is shown on the chat page. */
  mine: ['channels', 'mine'] as const,
  allAuthorized: ['authorized-channels'] as const,
  authorized: (characterId: string) => ['authorized-channels', characterId] as const,
};

/** The channel reads as query options (key, fetch and cache rules together); the hooks below use them. */
export const channelQueries = {
  all: (api: ChatApi) =>
    queryOptions({
      queryKey: channelKeys.all,
      queryFn: async () => (await api.getChatChannels({})).channels.map(toChannel),
    }),
  byId: (api: ChatApi, client: QueryClient, id: string) =>
    queryOptions({
      queryKey: channelKeys.byId(id),
      queryFn: async () => {
        try {
          return toChannel(await api.getChatChannel({ id }));
        } catch (error) {
          throw isNotFound(error) ? new ItemNotFoundError(id) : error;
        }
      },
      ...fromListCache<ChannelRecord>(client, channelKeys.all, id),
      enabled: !!id,
    }),
  authorized: (api: ChatApi, characterId: string) =>
    queryOptions({
      queryKey: channelKeys.authorized(characterId),
      queryFn: async () => (await api.getAuthorizedChatChannels({ id: characterId })).channels.map(toChannel),
      enabled: !!characterId,
    }),
  mine: (api: ChatApi, enabled: boolean) =>
    queryOptions({
      queryKey: channelKeys.mine,
      queryFn: async ({ signal }) => (await api.getChatChannels({}, { signal })).channels.map(toChannel),
      enabled,
    }),
};

export interface ChannelInput {
  name: string;
  /** Empty: every dimension. */
  dimensionId: string;
  public: boolean;
}

/** Only the changed fields; `dimension: ''` makes the channel global again. */
export interface ChannelChanges {
  name?: string;
  dimension?: string;
  public?: boolean;
}

export function useChannels() {
  return useQuery(channelQueries.all(useChatApi()));
}

export function useChannel(id: string) {
  return useQuery(channelQueries.byId(useChatApi(), useQueryClient(), id));
}

export function useCreateChannel() {
  const api = useChatApi();
  const client = useQueryClient();
  return useMutation({
    // `public` goes out too: the previous implementation dropped it.
    mutationFn: async (input: ChannelInput) => toChannel(await api.createChatChannel(input)),
    onSuccess: (channel) => upsertCached(client, channelKeys.all, channelKeys.byId(channel.id), channel),
  });
}

export function useEditChannel(id: string) {
  const api = useChatApi();
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (changes: ChannelChanges) => toChannel(await api.editChatChannel({ channelId: id, ...changes })),
    onSuccess: async (channel) => {
      await upsertCached(client, channelKeys.all, channelKeys.byId(channel.id), channel);
      void client.invalidateQueries({ queryKey: channelKeys.allAuthorized }, { cancelRefetch: true });
    },
  });
}

export function useDeleteChannel() {
  const api = useChatApi();
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (id: string) => {
      await api.deleteChatChannel({ id });
      return id;
    },
    onSuccess: async (id) => {
      await removeCached(client, channelKeys.all, channelKeys.byId(id), id);
      void client.invalidateQueries({ queryKey: channelKeys.allAuthorized }, { cancelRefetch: true });
    },
  });
}

export function useAuthorizedChannels(characterId: string) {
  return useQuery(channelQueries.authorized(useChatApi(), characterId));
}

/** Replaces the character's authorized channels with `ids`. */
export function useSetAuthorizedChannels(characterId: string) {
  const api = useChatApi();
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (ids: string[]) => {
      await api.setCharacterChatChannelAuth({ characterId, ids });
      return ids;
    },
    onSuccess: (ids) =>
      applyWrite(
        client,
        [channelKeys.authorized(characterId)],
        () => {
          const channels = client.getQueryData<ChannelRecord[]>(channelKeys.all);
          if (channels)
            client.setQueryData(
              channelKeys.authorized(characterId),
              channels.filter((c) => ids.includes(c.id)),
            );
        },
        [channelKeys.authorized(characterId)],
      ),
  });
}

/** The channels a player is shown on the chat page; `enabled` false while the account may not ask. */
export function useMyChannels(enabled: boolean) {
  return useQuery(channelQueries.mine(useChatApi(), enabled));
}
