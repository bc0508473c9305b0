import type { Client } from '@connectrpc/connect';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { WebhookFormat, WebhookService, type Webhook as WebhookMessage, type WebhookDelivery as DeliveryMessage } from '../../gen/sro/moderation/webhooks_pb';
import { isNotFound } from '../rpc/rpc-error';
import { ItemNotFoundError } from './entity-cache';
import { useGameServiceClient } from './use-game-api';

export { WebhookFormat };

type WebhookApi = Client<typeof WebhookService>;
const useWebhookApi = () => useGameServiceClient(WebhookService);

export interface WebhookRecord {
  id: string;
  url: string;
  events: string[];
  format: WebhookFormat;
  enabled: boolean;
  description: string;
  createdAtMs: number;
}

export interface DeliveryRecord {
  id: string;
  event: string;
  state: 'pending' | 'delivered' | 'failed';
  attempts: number;
  lastStatus: number;
  lastError: string;
  createdAtMs: number;
  /** 0 unless pending. */
  nextAttemptAtMs: number;
  /** 0 unless delivered. */
  deliveredAtMs: number;
}

export type WebhookInput = Pick<WebhookRecord, 'url' | 'events' | 'format' | 'description'>;
export type WebhookChanges = Partial<WebhookInput & { enabled: boolean }>;

const toWebhook = (m: WebhookMessage): WebhookRecord => ({
  id: m.id,
  url: m.url,
  events: [...m.events],
  format: m.format,
  enabled: m.enabled,
  description: m.description,
  createdAtMs: Number(m.createdAtMs),
});

export const toDelivery = (m: DeliveryMessage): DeliveryRecord => ({
  id: m.id,
  event: m.event,
  state: m.state as DeliveryRecord['state'],
  attempts: m.attempts,
  lastStatus: m.lastStatus,
  lastError: m.lastError,
  createdAtMs: Number(m.createdAtMs),
  nextAttemptAtMs: Number(m.nextAttemptAtMs),
  deliveredAtMs: Number(m.deliveredAtMs),
});

export const webhookKeys = {
  all: ['webhooks'] as const,
  deliveries: (id: string, limit: number) => ['webhooks', id, 'deliveries', limit] as const,
};

// Discord and Slack URLs carry their token in the path: they stay in memory, never in the persisted cache.
const NOT_PERSISTED = { persist: false } as const;

export const webhookQueries = {
  all: (api: WebhookApi) =>
    queryOptions({
      queryKey: webhookKeys.all,
      queryFn: async ({ signal }) => (await api.listWebhooks({}, { signal })).webhooks.map(toWebhook),
      meta: NOT_PERSISTED,
    }),
  deliveries: (api: WebhookApi, id: string, limit: number) =>
    queryOptions({
      queryKey: webhookKeys.deliveries(id, limit),
      queryFn: async ({ signal }) => {
        try {
          return (await api.listWebhookDeliveries({ webhookId: id, limit }, { signal })).deliveries.map(toDelivery);
        } catch (error) {
          throw isNotFound(error) ? new ItemNotFoundError(id) : error;
        }
      },
      // The log changes with every attempt: fetch on each visit, and while a retry is due.
      staleTime: 0,
      refetchInterval: (query) => (query.state.data?.some((d) => d.state === 'pending') ? 5_000 : false),
      meta: NOT_PERSISTED,
    }),
};

export function useWebhooks() {
  return useQuery(webhookQueries.all(useWebhookApi()));
}

/** One endpoint, from the list (there is no single read; an unknown id is not found). */
export function useWebhook(id: string) {
  const query = useWebhooks();
  const webhook = query.data?.find((w) => w.id === id);
  const error = query.data && !webhook ? new ItemNotFoundError(id) : query.error;
  return { ...query, data: webhook, error, isError: !!error };
}

/** The newest deliveries of one endpoint (the list asks for 1: its last delivery). */
export function useWebhookDeliveries(id: string, limit = 50) {
  return useQuery(webhookQueries.deliveries(useWebhookApi(), id, limit));
}

export function useCreateWebhook() {
  const api = useWebhookApi();
  const client = useQueryClient();
  return useMutation({
    // The secret goes to the caller only, never into the query cache.
    mutationFn: async (input: WebhookInput) => {
      const created = await api.createWebhook(input);
      return { webhook: toWebhook(created.webhook!), secret: created.secret };
    },
    onSuccess: () => client.invalidateQueries({ queryKey: webhookKeys.all, exact: true }),
  });
}

export function useEditWebhook(id: string) {
  const api = useWebhookApi();
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (changes: WebhookChanges) => toWebhook(await api.editWebhook({ id, mask: { paths: Object.keys(changes) }, ...changes })),
    onSuccess: (edited) => client.setQueryData(webhookKeys.all, (list: WebhookRecord[] | undefined) => list?.map((w) => (w.id === id ? edited : w))),
  });
}

export function useDeleteWebhook() {
  const api = useWebhookApi();
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.deleteWebhook({ id }),
    onSuccess: (_, id) => client.setQueryData(webhookKeys.all, (list: WebhookRecord[] | undefined) => list?.filter((w) => w.id !== id)),
  });
}

export function useTestWebhook(id: string) {
  const api = useWebhookApi();
  const client = useQueryClient();
  return useMutation({
    mutationFn: async () => toDelivery(await api.testWebhook({ id })),
    onSettled: () => client.invalidateQueries({ queryKey: ['webhooks', id] }),
  });
}
