import type { Client } from '@connectrpc/connect';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { AppealService } from '../../gen/sro/moderation/appeals_pb';
import { isNotFound } from '../rpc/rpc-error';
import { useRuntimeConfig } from '../runtime-config-context';
import { useRpcClient } from '../rpc/use-rpc-client';
import { toSanctionRecord, type SanctionRecord } from '../sanctions/sanction-records';
import {
  APPEAL_REASONS,
  DECISION_WIRE,
  textToSend,
  toAppealRecord,
  type AppealDecisionName,
  type AppealRecord,
  type AppealReasonName,
} from '../appeals/appeal-records';
import { ItemNotFoundError } from './entity-cache';
import { toEvidenceMessage, type EvidenceMessage } from '../chat-evidence';
import { sanctionKeys } from './sanctions';
import { queueCountsKeys } from './queue-count-keys';

// Every appeal read sits under 'appeals': filing or deciding refetches them all, and the sanctions they change.
export const appealKeys = {
  all: ['appeals'] as const,
  mine: ['appeals', 'mine'] as const,
  queue: (query: AppealQueueQuery) => ['appeals', 'queue', query] as const,
  one: (id: string) => ['appeals', 'id', id] as const,
};

type AppealApi = Client<typeof AppealService>;

export function useAppealApi(): AppealApi {
  const base = useRuntimeConfig()?.apiBaseUrl ?? '';
  return useRpcClient(AppealService, base);
}

export interface AppealQueueQuery {
  includeDecided: boolean;
  pageIndex: number;
  pageSize: number;
  /** One account's appeals, newest first (the player page). */
  accountId?: string;
}

/** One appeal as its page shows it. */
export interface AppealDetail {
  appeal: AppealRecord;
  evidence: EvidenceMessage[];
  reportedMessageId: string;
  history: SanctionRecord[];
}

export const appealQueries = {
  mine: (api: AppealApi) =>
    queryOptions({
      queryKey: appealKeys.mine,
      queryFn: async ({ signal }) => (await api.getMyAppeals({}, { signal })).appeals.map(toAppealRecord),
      // Others decide what this shows (a sanction, an appeal's or a report's outcome): every visit asks again, the
      // cached answer drawn meanwhile.
      staleTime: 0,
    }),
  queue: (api: AppealApi, query: AppealQueueQuery) =>
    queryOptions({
      queryKey: appealKeys.queue(query),
      queryFn: async ({ signal }) => {
        const page = await api.listAppeals(
          { includeDecided: query.includeDecided, limit: query.pageSize, offset: query.pageIndex * query.pageSize, accountId: query.accountId ?? '' },
          { signal },
        );
        return { total: Number(page.total), appeals: page.appeals.map(toAppealRecord) };
      },
      placeholderData: keepPreviousData,
    }),
  one: (api: AppealApi, id: string) =>
    queryOptions({
      queryKey: appealKeys.one(id),
      queryFn: async ({ signal }): Promise<AppealDetail> => {
        try {
          const detail = await api.getAppeal({ id }, { signal });
          return {
            appeal: toAppealRecord(detail.appeal!),
            evidence: detail.evidence.map(toEvidenceMessage),
            reportedMessageId: detail.reportedMessageId,
            history: detail.history.map(toSanctionRecord),
          };
        } catch (error) {
          throw isNotFound(error) ? new ItemNotFoundError(id) : error;
        }
      },
      enabled: !!id,
    }),
};

export const useMyAppeals = () => useQuery(appealQueries.mine(useAppealApi()));
export const useAppealQueue = (query: AppealQueueQuery) => useQuery(appealQueries.queue(useAppealApi(), query));
export const useAppeal = (id: string) => useQuery(appealQueries.one(useAppealApi(), id));

function useInvalidateAppeals() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: appealKeys.all }),
      queryClient.invalidateQueries({ queryKey: sanctionKeys.all }),
      queryClient.invalidateQueries({ queryKey: queueCountsKeys.all }),
    ]);
}

export interface FileAppealInput {
  sanctionId: string;
  reason: AppealReasonName;
  text: string;
}

export function useFileAppeal() {
  const api = useAppealApi();
  const invalidate = useInvalidateAppeals();
  return useMutation({
    mutationFn: async (input: FileAppealInput) =>
      toAppealRecord(
        await api.fileAppeal({ sanctionId: input.sanctionId, reason: APPEAL_REASONS.find((r) => r.id === input.reason)!.wire, text: textToSend(input.text) }),
      ),
    onSettled: invalidate,
  });
}

export interface DecideAppealInput {
  appealId: string;
  decision: Exclude<AppealDecisionName, 'open'>;
  reason: string;
  /** For 'shortened': the new end. */
  newExpiresAtMs?: number;
}

export function useDecideAppeal() {
  const api = useAppealApi();
  const invalidate = useInvalidateAppeals();
  return useMutation({
    mutationFn: async (input: DecideAppealInput) =>
      api.decideAppeal({
        appealId: input.appealId,
        decision: DECISION_WIRE[input.decision],
        reason: textToSend(input.reason),
        newExpiresAtMs: BigInt(input.decision === 'shortened' ? (input.newExpiresAtMs ?? 0) : 0),
      }),
    onSettled: invalidate,
  });
}
