import type { Client } from '@connectrpc/connect';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ReportOutcome, ReportService } from '../../gen/sro/moderation/reports_pb';
import { KIND_NAMES, SCOPE_NAMES } from '../sanctions/sanction-records';
import { isNotFound } from '../rpc/rpc-error';
import { useRuntimeConfig } from '../runtime-config-context';
import { useRpcClient } from '../rpc/use-rpc-client';
import { ItemNotFoundError } from './entity-cache';
import {
  detailsToSend,
  REPORT_REASONS,
  toReportedMessageRecord,
  toReportRecord,
  type ReportedMessageRecord,
  type ReportReasonName,
  type ReportRecord,
} from '../reports/report-records';
import { sanctionKeys, type IssueSanctionInput } from './sanctions';
import { queueCountsKeys } from './queue-count-keys';

// Every report read sits under 'reports': a report or a resolution refetches them all (queue, details, mine).
export const reportKeys = {
  all: ['reports'] as const,
  queue: (query: ReportQueueQuery) => ['reports', 'queue', query] as const,
  one: (messageId: string) => ['reports', 'message', messageId] as const,
  mine: ['reports', 'mine'] as const,
};

type ReportApi = Client<typeof ReportService>;

export function useReportApi(): ReportApi {
  const base = useRuntimeConfig()?.apiBaseUrl ?? '';
  return useRpcClient(ReportService, base);
}

export interface ReportQueueQuery {
  includeResolved: boolean;
  pageIndex: number;
  pageSize: number;
  /** Only messages one of this account's characters reported (the reports it made). */
  reporterAccountId?: string;
  /** Only messages one of this account's characters sent (the reports it received). */
  senderAccountId?: string;
}

export interface ReportQueuePage {
  total: number;
  messages: ReportedMessageRecord[];
}

/** The report reads as query options (key, fetch and cache rules together); the hooks use them. */
export const reportQueries = {
  /** The moderators' queue: one entry per reported message, open ones by priority then age. */
  queue: (api: ReportApi, query: ReportQueueQuery) =>
    queryOptions({
      queryKey: reportKeys.queue(query),
      queryFn: async ({ signal }): Promise<ReportQueuePage> => {
        const page = await api.listReportedMessages(
          {
            includeResolved: query.includeResolved,
            limit: query.pageSize,
            offset: query.pageIndex * query.pageSize,
            reporterAccountId: query.reporterAccountId ?? '',
            senderAccountId: query.senderAccountId ?? '',
          },
          { signal },
        );
        return { total: Number(page.total), messages: page.messages.map(toReportedMessageRecord) };
      },
      placeholderData: keepPreviousData,
    }),
  one: (api: ReportApi, messageId: string) =>
    queryOptions({
      queryKey: reportKeys.one(messageId),
      queryFn: async ({ signal }) => {
        try {
          return toReportedMessageRecord(await api.getReportedMessage({ id: messageId }, { signal }));
        } catch (error) {
          throw isNotFound(error) ? new ItemNotFoundError(messageId) : error;
        }
      },
      enabled: !!messageId,
    }),
  /** The signed-in player's own reports with their outcome, newest first. */
  mine: (api: ReportApi) =>
    queryOptions({
      queryKey: reportKeys.mine,
      queryFn: async ({ signal }): Promise<ReportRecord[]> => (await api.getMyReports({}, { signal })).reports.map(toReportRecord),
      // Others decide what this shows (a sanction, an appeal's or a report's outcome): every visit asks again, the
      // cached answer drawn meanwhile.
      staleTime: 0,
    }),
};

export function useReportQueue(query: ReportQueueQuery) {
  return useQuery(reportQueries.queue(useReportApi(), query));
}

export function useReportedMessage(messageId: string) {
  return useQuery(reportQueries.one(useReportApi(), messageId));
}

export function useMyReports() {
  return useQuery(reportQueries.mine(useReportApi()));
}

export interface ReportMessageInput {
  messageId: string;
  characterId: string;
  reason: ReportReasonName;
  details: string;
}

export function useReportMessage() {
  const api = useReportApi();
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (input: ReportMessageInput) =>
      toReportRecord(
        await api.reportChatMessage({
          messageId: input.messageId,
          characterId: input.characterId,
          reason: REPORT_REASONS.find((r) => r.id === input.reason)!.wire,
          details: detailsToSend(input.details),
        }),
      ),
    // Staff report too: their queue count may have grown.
    onSuccess: () => Promise.all([client.invalidateQueries({ queryKey: reportKeys.all }), client.invalidateQueries({ queryKey: queueCountsKeys.all })]),
  });
}

export type ResolutionInput =
  { messageId: string; outcome: 'deleted' | 'dismissed'; note: string } | { messageId: string; outcome: 'sanctioned'; sanction: IssueSanctionInput };

export function useResolveReport() {
  const api = useReportApi();
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (input: ResolutionInput) => {
      const request =
        input.outcome === 'sanctioned'
          ? {
              messageId: input.messageId,
              outcome: ReportOutcome.SANCTIONED,
              sanction: {
                kind: KIND_NAMES[input.sanction.kind],
                scope: SCOPE_NAMES[input.sanction.scope],
                scopeId: input.sanction.scope === 'everywhere' ? '' : input.sanction.scopeId,
                characterId: input.sanction.characterId,
                accountId: input.sanction.characterId ? '' : input.sanction.accountId,
                durationSeconds: BigInt(input.sanction.durationSeconds),
                reason: input.sanction.reason,
                playerMessage: input.sanction.playerMessage,
              },
            }
          : { messageId: input.messageId, outcome: input.outcome === 'deleted' ? ReportOutcome.DELETED : ReportOutcome.DISMISSED, note: input.note.trim() };
      return toReportedMessageRecord(await api.resolveReportedMessage(request));
    },
    onSuccess: (resolved) => {
      client.setQueryData(reportKeys.one(resolved.message.id), resolved);
      // A sanction was issued: the sanction lists change too.
      return Promise.all([
        client.invalidateQueries({ queryKey: reportKeys.all }),
        client.invalidateQueries({ queryKey: sanctionKeys.all }),
        client.invalidateQueries({ queryKey: queueCountsKeys.all }),
      ]);
    },
  });
}
