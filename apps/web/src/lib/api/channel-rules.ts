import type { Client } from '@connectrpc/connect';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { HeldMessageState } from '../../gen/sro/chat/chat_pb';
import { ChannelRulesService } from '../../gen/sro/moderation/channel_rules_pb';
import { fromRulesForm, toRulesForm, toHeldRecord, type ChannelRulesForm, type HeldRecord } from '../channel-rules/channel-rules-records';
import { useRuntimeConfig } from '../runtime-config-context';
import { useRpcClient } from '../rpc/use-rpc-client';
import { queueCountsKeys } from './queue-count-keys';

/** How often the review lane asks for new held messages ("live", 2–3 s). */
export const HELD_POLL_MS = 2500;

export const channelRulesKeys = {
  rules: (channelId: string) => ['channel-rules', channelId] as const,
  held: ['held-messages'] as const,
  heldList: (state: 'held' | 'reviewed') => ['held-messages', state] as const,
};

type ChannelRulesApi = Client<typeof ChannelRulesService>;

/** The typed ChannelRulesService client, authenticated as the signed-in user. */
export function useChannelRulesApi(): ChannelRulesApi {
  const base = useRuntimeConfig()?.apiBaseUrl ?? '';
  return useRpcClient(ChannelRulesService, base);
}

/** The channel-rules reads as query options; the hooks use them. */
export const channelRulesQueries = {
  rules: (api: ChannelRulesApi, channelId: string) =>
    queryOptions({
      queryKey: channelRulesKeys.rules(channelId),
      queryFn: async ({ signal }) => toRulesForm(await api.getChannelRules({ id: channelId }, { signal })),
    }),
  /** Held messages waiting for review, oldest first, polled while the page is open. */
  held: (api: ChannelRulesApi) =>
    queryOptions({
      queryKey: channelRulesKeys.heldList('held'),
      queryFn: async ({ signal }): Promise<{ total: number; messages: HeldRecord[] }> => {
        const page = await api.listHeldMessages({ state: HeldMessageState.HELD, limit: 200 }, { signal });
        return { total: Number(page.total), messages: page.messages.map(toHeldRecord) };
      },
      refetchInterval: HELD_POLL_MS,
    }),
};

export function useChannelRules(channelId: string) {
  return useQuery(channelRulesQueries.rules(useChannelRulesApi(), channelId));
}

export function useSetChannelRules(channelId: string) {
  const api = useChannelRulesApi();
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (form: ChannelRulesForm) => toRulesForm(await api.setChannelRules(fromRulesForm(channelId, form))),
    onSuccess: (saved) => client.setQueryData(channelRulesKeys.rules(channelId), saved),
  });
}

export function useHeldMessages() {
  return useQuery(channelRulesQueries.held(useChannelRulesApi()));
}

export function useReviewHeldMessage() {
  const api = useChannelRulesApi();
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (review: { id: string; allow: boolean; reason: string }) => toHeldRecord(await api.reviewHeldMessage(review)),
    onSuccess: () => Promise.all([client.invalidateQueries({ queryKey: channelRulesKeys.held }), client.invalidateQueries({ queryKey: queueCountsKeys.all })]),
  });
}
