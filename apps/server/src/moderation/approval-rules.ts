import { Code, ConnectError } from "@connectrpc/connect";
import { ApprovalAction, ApprovalDecision, ApprovalState, type DecideApprovalRequest, type ListApprovalsRequest } from "../gen/sro/moderation/approvals_pb.js";
import type { CapabilityName } from "../platform/auth/capabilities.js";
import { invalidArgument, requireText, requireUuid } from "../platform/validation.js";
import { isAccountBan, type SanctionInput } from "./moderation-rules.js";

/** Four eyes' rules (docs/moderation.md "Approvals"): plain functions, no I/O. */

export type ApprovalActionName = "account-ban" | "purge";
export type ApprovalDecisionName = "approved" | "rejected";
export type ApprovalStateName = "pending" | ApprovalDecisionName | "expired";

/** How long a request waits for a decision; after that it reads as expired and nothing happens. */
export const APPROVAL_TTL_MS = 24 * 3_600_000;
/** A purge that matches more messages than this waits for another holder's approval. */
export const PURGE_APPROVAL_THRESHOLD = 100;
export const MAX_APPROVAL_REASON = 500;
export const DEFAULT_APPROVAL_PAGE = 50;
export const MAX_APPROVAL_PAGE = 200;

/** A permanent account ban waits for approval; a ban with an end acts at once. */
export const needsApproval = (input: SanctionInput): boolean => isAccountBan(input) && input.expiresAtMs === null;

/** The capability a purge's decider holds: an account's purge reaches as far as an account ban. */
export const purgeCapability = (target: { accountId: string | null }): CapabilityName =>
  target.accountId !== null ? "chat-history.account-purge" : "chat-history.purge";

export const actionToProto: Readonly<Record<ApprovalActionName, ApprovalAction>> = {
  "account-ban": ApprovalAction.ACCOUNT_BAN,
  purge: ApprovalAction.PURGE,
};
export const stateToProto: Readonly<Record<ApprovalStateName, ApprovalState>> = {
  pending: ApprovalState.PENDING,
  approved: ApprovalState.APPROVED,
  rejected: ApprovalState.REJECTED,
  expired: ApprovalState.EXPIRED,
};

/** Decided, or pending until its expiry (exclusive), then expired. */
export function stateOf(r: { decision: ApprovalDecisionName | null; expiresAtMs: number }, nowMs: number): ApprovalStateName {
  if (r.decision !== null) return r.decision;
  return nowMs < r.expiresAtMs ? "pending" : "expired";
}

export interface ApprovalDecisionInput {
  approvalId: string;
  decision: ApprovalDecisionName;
  reason: string;
}

/** A valid DecideApprovalRequest (reason trimmed), or INVALID_ARGUMENT naming the first bad field. */
export function approvalDecisionInput(req: DecideApprovalRequest): ApprovalDecisionInput {
  const approvalId = requireUuid(req.approvalId, "approval_id");
  const decision = req.decision === ApprovalDecision.APPROVE ? "approved" : req.decision === ApprovalDecision.REJECT ? "rejected" : undefined;
  if (!decision) throw invalidArgument("decision", "must be APPROVE or REJECT");
  const reason = requireText(req.reason.trim(), "reason", 1, MAX_APPROVAL_REASON);
  return { approvalId, decision, reason };
}

export interface ApprovalListQuery {
  includeDecided: boolean;
  limit: number;
  offset: number;
}

export function approvalListQuery(req: ListApprovalsRequest): ApprovalListQuery {
  if (req.limit < 0 || req.limit > MAX_APPROVAL_PAGE) throw invalidArgument("limit", `must be 0..${MAX_APPROVAL_PAGE} (0: ${DEFAULT_APPROVAL_PAGE})`);
  if (req.offset < 0) throw invalidArgument("offset", "must be 0 or more");
  return { includeDecided: req.includeDecided, limit: req.limit === 0 ? DEFAULT_APPROVAL_PAGE : req.limit, offset: req.offset };
}

export const ownRequestDenied = (capability: string) =>
  new ConnectError(`permission denied: you requested this action; another holder of ${capability} decides it`, Code.PermissionDenied);
export const notPendingError = (id: string, state: string) =>
  new ConnectError(`approval ${id} is ${state}: only a pending request can be decided`, Code.FailedPrecondition);
