import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { isNotFound } from '../rpc/rpc-error';
import { applyWrite, fromListCache, ItemNotFoundError, removeCached, upsertCached } from './entity-cache';
import { queryKeys } from './query-keys';
import { toChannel, type ChannelRecord } from './records';
import { useGameApi } from './use-game-api';

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
  const api = useGameApi();
  return useQuery({
    queryKey: queryKeys.channels,
    queryFn: async () => (await api.chat.getChatChannels({})).channels.map(toChannel),
  });
}

export function useChannel(id: string) {
  const api = useGameApi();
  const client = useQueryClient();
  return useQuery({
    queryKey: queryKeys.channel(id),
    queryFn: async () => {
      try {
        return toChannel(await api.chat.getChatChannel({ id }));
      } catch (error) {
        throw isNotFound(error) ? new ItemNotFoundError(id) : error;
      }
    },
    ...fromListCache<ChannelRecord>(client, queryKeys.channels, id),
    enabled: !!id,
  });
}

export function useCreateChannel() {
  const api = useGameApi();
  const client = useQueryClient();
  return useMutation({
    // `public` goes out too: the previous implementation dropped it.
    mutationFn: async (input: ChannelInput) => toChannel(await api.chat.createChatChannel(input)),
    onSuccess: (channel) => upsertCached(client, queryKeys.channels, queryKeys.channel(channel.id), channel),
  });
}

export function useEditChannel(id: string) {
  const api = useGameApi();
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (changes: ChannelChanges) => toChannel(await api.chat.editChatChannel({ channelId: id, ...changes })),
    onSuccess: async (channel) => {
      await upsertCached(client, queryKeys.channels, queryKeys.channel(channel.id), channel);
      void client.invalidateQueries({ queryKey: ['authorized-channels'] }, { cancelRefetch: true });
    },
  });
}

export function useDeleteChannel() {
  const api = useGameApi();
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (id: string) => {
      await api.chat.deleteChatChannel({ id });
      return id;
    },
    onSuccess: async (id) => {
      await removeCached(client, queryKeys.channels, queryKeys.channel(id), id);
      void client.invalidateQueries({ queryKey: ['authorized-channels'] }, { cancelRefetch: true });
    },
  });
}

export function useAuthorizedChannels(characterId: string) {
  const api = useGameApi();
  return useQuery({
    queryKey: queryKeys.authorizedChannels(characterId),
    queryFn: async () => (await api.chat.getAuthorizedChatChannels({ id: characterId })).channels.map(toChannel),
    enabled: !!characterId,
  });
}

/** Replaces the character's authorized channels with `ids`. */
export function useSetAuthorizedChannels(characterId: string) {
  const api = useGameApi();
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (ids: string[]) => {
      await api.chat.setCharacterChatChannelAuth({ characterId, ids });
      return ids;
    },
    onSuccess: (ids) =>
      applyWrite(
        client,
        [queryKeys.authorizedChannels(characterId)],
        () => {
          const channels = client.getQueryData<ChannelRecord[]>(queryKeys.channels);
          if (channels)
            client.setQueryData(
              queryKeys.authorizedChannels(characterId),
              channels.filter((c) => ids.includes(c.id)),
            );
        },
        [queryKeys.authorizedChannels(characterId)],
      ),
  });
}
