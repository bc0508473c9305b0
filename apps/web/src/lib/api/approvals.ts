import type { Client } from '@connectrpc/connect';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ApprovalAction, ApprovalDecision, ApprovalService, ApprovalState, type Approval } from '../../gen/sro/moderation/approvals_pb';
import { useRuntimeConfig } from '../runtime-config-context';
import { useRpcClient } from '../rpc/use-rpc-client';
import { queueCountsKeys } from './queue-count-keys';
import { sanctionKeys } from './sanctions';

/** Four eyes (docs/moderation.md "Approvals"): requests that wait for another holder of their capability. */
export const approvalKeys = {
  all: ['approvals'] as const,
  list: (query: ApprovalQuery) => ['approvals', 'list', query] as const,
};

type ApprovalApi = Client<typeof ApprovalService>;

export function useApprovalApi(): ApprovalApi {
  return useRpcClient(ApprovalService, useRuntimeConfig()?.apiBaseUrl ?? '');
}

export type ApprovalStateName = 'pending' | 'approved' | 'rejected' | 'expired';

export interface ApprovalRecord {
  id: string;
  action: 'account-ban' | 'purge';
  state: ApprovalStateName;
  requestedById: string;
  requestedByName: string;
  reason: string;
  requestedAtMs: number;
  expiresAtMs: number;
  /** The account (a ban) or the character or account (a purge) the request is about. */
  subject: string;
  /** The subject's account (its player page), where the request names one: a ban's, an account purge's. */
  subjectAccountId: string;
  /** A purge of every character of an account (not one character's). */
  accountPurge: boolean;
  messageCount: number;
  decidedByName: string;
  decisionReason: string;
  purgedCount: number;
}

const STATES: Record<ApprovalState, ApprovalStateName> = {
  [ApprovalState.UNSPECIFIED]: 'pending',
  [ApprovalState.PENDING]: 'pending',
  [ApprovalState.APPROVED]: 'approved',
  [ApprovalState.REJECTED]: 'rejected',
  [ApprovalState.EXPIRED]: 'expired',
};

export function toApprovalRecord(a: Approval): ApprovalRecord {
  const ban = a.action === ApprovalAction.ACCOUNT_BAN;
  const target = ban ? (a.sanction?.accountId ?? '') : a.purge?.characterId || a.purge?.accountId || '';
  return {
    id: a.id,
    action: ban ? 'account-ban' : 'purge',
    state: STATES[a.state],
    requestedById: a.requestedById,
    requestedByName: a.requestedByName,
    reason: a.reason,
    requestedAtMs: Number(a.requestedAtMs),
    expiresAtMs: Number(a.expiresAtMs),
    subject: a.subjectName || target,
    subjectAccountId: ban ? (a.sanction?.accountId ?? '') : (a.purge?.accountId ?? ''),
    accountPurge: !ban && (a.purge?.accountId ?? '') !== '',
    messageCount: Number(a.messageCount),
    decidedByName: a.decidedByName,
    decisionReason: a.decisionReason,
    purgedCount: Number(a.purgedCount),
  };
}

export interface ApprovalQuery {
  includeDecided: boolean;
  pageIndex: number;
  pageSize: number;
}

/** A page of requests; other staff file and decide them, so every visit and reload asks again (the cached page drawn meanwhile). */
export const approvalListOptions = (api: ApprovalApi, query: ApprovalQuery) =>
  queryOptions({
    queryKey: approvalKeys.list(query),
    queryFn: async ({ signal }) => {
      const page = await api.listApprovals(
        { includeDecided: query.includeDecided, limit: query.pageSize, offset: query.pageIndex * query.pageSize },
        { signal },
      );
      return { total: Number(page.total), approvals: page.approvals.map(toApprovalRecord) };
    },
    placeholderData: keepPreviousData,
    staleTime: 0,
  });

export function useApprovals(query: ApprovalQuery) {
  return useQuery(approvalListOptions(useApprovalApi(), query));
}

export interface DecideApprovalInput {
  approvalId: string;
  approve: boolean;
  reason: string;
}

/** Approve or reject; the lists, the counts and the sanctions an approval issued are read again. */
export function useDecideApproval() {
  const api = useApprovalApi();
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: DecideApprovalInput) =>
      api.decideApproval({
        approvalId: input.approvalId,
        decision: input.approve ? ApprovalDecision.APPROVE : ApprovalDecision.REJECT,
        reason: input.reason.trim(),
      }),
    onSettled: () =>
      Promise.all([
        client.invalidateQueries({ queryKey: approvalKeys.all }),
        client.invalidateQueries({ queryKey: queueCountsKeys.all }),
        client.invalidateQueries({ queryKey: sanctionKeys.all }),
      ]),
  });
}
