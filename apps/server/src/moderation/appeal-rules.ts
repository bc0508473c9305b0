import { Code, ConnectError } from "@connectrpc/connect";
import { AppealDecision, AppealReason, type DecideAppealRequest, type FileAppealRequest, type ListAppealsRequest } from "../gen/sro/moderation/appeals_pb.js";
import { invalidArgument, requireText, requireUuid } from "../platform/validation.js";

/** Appeals' rules (docs/moderation.md "Appeals"): plain functions, no I/O. */

export type AppealReasonName = "not-me" | "context" | "too-harsh" | "other";
export type Decision = "upheld" | "shortened" | "revoked";

export const MAX_APPEAL_TEXT = 1000;
export const MAX_DECISION_REASON = 500;
export const DEFAULT_APPEAL_PAGE = 50;
export const MAX_APPEAL_PAGE = 200;

export const reasonFromProto: Readonly<Record<number, AppealReasonName>> = {
  [AppealReason.NOT_ME]: "not-me",
  [AppealReason.CONTEXT]: "context",
  [AppealReason.TOO_HARSH]: "too-harsh",
  [AppealReason.OTHER]: "other",
};
export const reasonToProto: Readonly<Record<AppealReasonName, AppealReason>> = {
  "not-me": AppealReason.NOT_ME,
  context: AppealReason.CONTEXT,
  "too-harsh": AppealReason.TOO_HARSH,
  other: AppealReason.OTHER,
};
const decisionFromProto: Readonly<Record<number, Decision>> = {
  [AppealDecision.UPHELD]: "upheld",
  [AppealDecision.SHORTENED]: "shortened",
  [AppealDecision.REVOKED]: "revoked",
};
export const decisionToProto = (decision: string | null): AppealDecision =>
  decision === "upheld"
    ? AppealDecision.UPHELD
    : decision === "shortened"
      ? AppealDecision.SHORTENED
      : decision === "revoked"
        ? AppealDecision.REVOKED
        : AppealDecision.UNSPECIFIED;

export interface AppealInput {
  sanctionId: string;
  reason: AppealReasonName;
  text: string;
}

/** A valid FileAppealRequest (text trimmed), or INVALID_ARGUMENT naming the first bad field. */
export function appealInput(req: FileAppealRequest): AppealInput {
  const sanctionId = requireUuid(req.sanctionId, "sanction_id");
  const reason = reasonFromProto[req.reason];
  if (!reason) throw invalidArgument("reason", "must be one of NOT_ME, CONTEXT, TOO_HARSH, OTHER");
  const text = requireText(req.text.trim(), "text", 1, MAX_APPEAL_TEXT);
  return { sanctionId, reason, text };
}

export interface DecisionInput {
  appealId: string;
  decision: Decision;
  reason: string;
  /** For "shortened" only. */
  newExpiresAtMs: number | null;
}

/** A valid DecideAppealRequest, the new end checked against the clock only (see requireShorter). */
export function decisionInput(req: DecideAppealRequest, nowMs: number): DecisionInput {
  const appealId = requireUuid(req.appealId, "appeal_id");
  const decision = decisionFromProto[req.decision];
  if (!decision) throw invalidArgument("decision", "must be UPHOLD, SHORTEN or REVOKE (UPHELD, SHORTENED, REVOKED)");
  const reason = requireText(req.reason.trim(), "reason", 1, MAX_DECISION_REASON);
  const end = Number(req.newExpiresAtMs);
  if (decision !== "shortened") {
    if (end !== 0) throw invalidArgument("new_expires_at_ms", "is only for SHORTENED");
    return { appealId, decision, reason, newExpiresAtMs: null };
  }
  if (end === 0) throw invalidArgument("new_expires_at_ms", "is required for SHORTENED");
  if (end <= nowMs) throw invalidArgument("new_expires_at_ms", "must be in the future");
  return { appealId, decision, reason, newExpiresAtMs: end };
}

/** A shortened end must come before the sanction's current one (null: permanent, any future end is shorter). */
export function requireShorter(newExpiresAtMs: number, currentExpiresAtMs: number | null): void {
  if (currentExpiresAtMs !== null && newExpiresAtMs >= currentExpiresAtMs) {
    throw invalidArgument("new_expires_at_ms", `must be earlier than the sanction's current end (${new Date(currentExpiresAtMs).toISOString()})`);
  }
}

export interface AppealQueueQuery {
  includeDecided: boolean;
  limit: number;
  offset: number;
  /** One account's appeals only, newest first (the player page). */
  accountId?: string;
}

export function appealQueueQuery(req: ListAppealsRequest): AppealQueueQuery {
  if (req.limit < 0 || req.limit > MAX_APPEAL_PAGE) throw invalidArgument("limit", `must be 0..${MAX_APPEAL_PAGE} (0: ${DEFAULT_APPEAL_PAGE})`);
  if (req.offset < 0) throw invalidArgument("offset", "must be 0 or more");
  const query: AppealQueueQuery = { includeDecided: req.includeDecided, limit: req.limit === 0 ? DEFAULT_APPEAL_PAGE : req.limit, offset: req.offset };
  if (req.accountId !== "") query.accountId = requireText(req.accountId, "account_id", 1, 255);
  return query;
}

/**
 * The sanction's issuer may not decide its appeal, unless no other account holds the capability (one moderator
 * alone must not leave appeals undecidable).
 */
export function requireNotIssuer(issuedById: string, deciderId: string, othersHoldCapability: boolean): void {
  if (issuedById === deciderId && othersHoldCapability) {
    throw new ConnectError("permission denied: you issued this sanction; another moderator decides its appeal", Code.PermissionDenied);
  }
}

export const notActiveError = (id: string) =>
  new ConnectError(`sanction ${id} is not active: only an active sanction can be appealed`, Code.FailedPrecondition);
export const alreadyAppealedError = (id: string) => new ConnectError(`sanction ${id} has already been appealed`, Code.AlreadyExists);
export const alreadyDecidedError = (id: string) => new ConnectError(`appeal ${id} is already decided`, Code.FailedPrecondition);
