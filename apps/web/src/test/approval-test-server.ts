import { create, type MessageInitShape } from '@bufbuild/protobuf';
import { Code, ConnectError, createRouterTransport } from '@connectrpc/connect';
import { IssueSanctionRequestSchema } from '../gen/sro/moderation/moderation_pb';
import {
  ApprovalAction,
  ApprovalDecision,
  ApprovalSchema,
  ApprovalService,
  ApprovalsSchema,
  ApprovalState,
  type Approval,
  type DecideApprovalRequest,
} from '../gen/sro/moderation/approvals_pb';

export const APPROVALS_NOW = Date.UTC(2026, 0, 1, 12);

/** One pending permanent account ban requested by `requestedById` (its name 'admin' when it is `mineId`). */
/** The account the default request bans. */
export const PIA_ACCOUNT_ID = '6f1c2a10-0000-4000-8000-000000000003';

export const approvalRequest = (id: string, requestedById: string, mineId: string, extra: MessageInitShape<typeof ApprovalSchema> = {}) =>
  create(ApprovalSchema, {
    id,
    action: ApprovalAction.ACCOUNT_BAN,
    state: ApprovalState.PENDING,
    capability: 'sanctions.account-ban',
    requestedById,
    requestedByName: requestedById === mineId ? 'admin' : 'admin2',
    reason: 'Cheating',
    requestedAtMs: BigInt(APPROVALS_NOW - 60_000),
    expiresAtMs: BigInt(APPROVALS_NOW + 86_400_000),
    subjectName: 'pia',
    // A ban carries the request it would issue; a purge carries its own.
    sanction: extra.action === ApprovalAction.PURGE ? undefined : create(IssueSanctionRequestSchema, { accountId: PIA_ACCOUNT_ID }),
    ...extra,
  });

/**
 * An in-memory ApprovalService (Connect's router transport) with the server's rules the screen meets: pending only
 * unless asked, never the caller's own (`callerId`), decided once; `refusal` fails the next decision with it.
 */
export function createApprovalTestServer(approvals: Approval[], callerId: string) {
  const server = {
    approvals,
    decided: [] as DecideApprovalRequest[],
    refusal: undefined as ConnectError | undefined,
    transport: createRouterTransport(({ service }) => {
      service(ApprovalService, {
        listApprovals: (req) => {
          const shown = server.approvals.filter((a) => req.includeDecided || a.state === ApprovalState.PENDING);
          return create(ApprovalsSchema, { total: BigInt(shown.length), approvals: shown });
        },
        decideApproval: (req) => {
          const refusal = server.refusal;
          server.refusal = undefined;
          if (refusal) throw refusal;
          const a = server.approvals.find((x) => x.id === req.approvalId)!;
          if (a.requestedById === callerId) throw new ConnectError('permission denied: you requested this action', Code.PermissionDenied);
          if (a.state !== ApprovalState.PENDING) throw new ConnectError('approval already decided', Code.FailedPrecondition);
          server.decided.push(req);
          a.state = req.decision === ApprovalDecision.APPROVE ? ApprovalState.APPROVED : ApprovalState.REJECTED;
          a.decidedByName = 'admin';
          a.decisionReason = req.reason;
          return a;
        },
      });
    }),
  };
  return server;
}
