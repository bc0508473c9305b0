import { Code, ConnectError } from "@connectrpc/connect";
import {
  ReportOutcome,
  ReportReason,
  type ListReportedMessagesRequest,
  type ReportChatMessageRequest,
  type ResolveReportedMessageRequest,
} from "../gen/sro/moderation/reports_pb.js";
import { invalidArgument, requireText, requireUuid } from "../platform/validation.js";

/** Player reports' rules (docs/moderation.md "Player reports"): plain functions, no I/O. */

export type Reason = "harassment" | "hate" | "spam" | "cheating" | "other";
export type Outcome = "deleted" | "sanctioned" | "dismissed";

export const MAX_DETAILS = 500;
export const MAX_NOTE = 500;
/** Reports one account may file per window (RESOURCE_EXHAUSTED past it). */
export const REPORTS_PER_WINDOW = 20;
export const REPORT_WINDOW_MS = 60 * 60_000;
/** Evidence frozen at the first report: up to 10 before the message, the message, the rest after (20 in all). */
export const EVIDENCE_BEFORE = 10;
export const EVIDENCE_TOTAL = 20;
export const DEFAULT_QUEUE_PAGE = 50;
export const MAX_QUEUE_PAGE = 200;

export const reasonFromProto: Readonly<Record<number, Reason>> = {
  [ReportReason.HARASSMENT]: "harassment",
  [ReportReason.HATE]: "hate",
  [ReportReason.SPAM]: "spam",
  [ReportReason.CHEATING]: "cheating",
  [ReportReason.OTHER]: "other",
};
export const reasonToProto: Readonly<Record<Reason, ReportReason>> = {
  harassment: ReportReason.HARASSMENT,
  hate: ReportReason.HATE,
  spam: ReportReason.SPAM,
  cheating: ReportReason.CHEATING,
  other: ReportReason.OTHER,
};
export const outcomeToProto = (outcome: string | null): ReportOutcome =>
  outcome === "deleted"
    ? ReportOutcome.DELETED
    : outcome === "sanctioned"
      ? ReportOutcome.SANCTIONED
      : outcome === "dismissed"
        ? ReportOutcome.DISMISSED
        : ReportOutcome.UNSPECIFIED;

/** Chat message ids are the chat_messages row ids: positive decimal integers (int64, kept below 2^53). */
export function requireMessageId(value: string, field = "message_id"): number {
  if (value === "") throw invalidArgument(field, "is required");
  if (!/^[1-9][0-9]{0,15}$/.test(value) || !Number.isSafeInteger(Number(value))) throw invalidArgument(field, "must be a chat message id (a positive integer)");
  return Number(value);
}

export interface ReportInput {
  messageId: number;
  characterId: string;
  reason: Reason;
  details: string;
}

/** A valid ReportChatMessageRequest, or INVALID_ARGUMENT naming the first bad field. */
export function reportInput(req: ReportChatMessageRequest): ReportInput {
  const messageId = requireMessageId(req.messageId);
  const characterId = requireUuid(req.characterId, "character_id");
  const reason = reasonFromProto[req.reason];
  if (!reason) throw invalidArgument("reason", "must be one of HARASSMENT, HATE, SPAM, CHEATING, OTHER");
  const details = requireText(req.details.trim(), "details", 0, MAX_DETAILS);
  return { messageId, characterId, reason, details };
}

/** Past the per-account limit in the window ending now. */
export function reportLimitError(filedInWindow: number): ConnectError | undefined {
  if (filedInWindow < REPORTS_PER_WINDOW) return undefined;
  return new ConnectError(`too many reports: at most ${REPORTS_PER_WINDOW} per hour, try again later`, Code.ResourceExhausted);
}

export const ownMessageError = () => new ConnectError("you cannot report your own message", Code.FailedPrecondition);

/**
 * Which of the channel's messages around the reported one to freeze, given how many exist before and after it:
 * up to EVIDENCE_BEFORE before, and the rest of EVIDENCE_TOTAL after; when one side has fewer, the other gives more.
 */
export function evidenceWindow(available: { before: number; after: number }): { before: number; after: number } {
  const room = EVIDENCE_TOTAL - 1;
  let before = Math.min(EVIDENCE_BEFORE, available.before);
  const after = Math.min(room - before, available.after);
  before = Math.min(room - after, available.before);
  return { before, after };
}

export interface QueueQuery {
  includeResolved: boolean;
  limit: number;
  offset: number;
  /** Only messages one of this account's characters reported. */
  reporterAccountId?: string;
  /** Only messages one of this account's characters sent. */
  senderAccountId?: string;
}

export function queueQuery(req: ListReportedMessagesRequest): QueueQuery {
  if (req.limit < 0 || req.limit > MAX_QUEUE_PAGE) throw invalidArgument("limit", `must be 0..${MAX_QUEUE_PAGE} (0: ${DEFAULT_QUEUE_PAGE})`);
  if (req.offset < 0) throw invalidArgument("offset", "must be 0 or more");
  const query: QueueQuery = { includeResolved: req.includeResolved, limit: req.limit === 0 ? DEFAULT_QUEUE_PAGE : req.limit, offset: req.offset };
  // Account ids are the identity provider's subjects, as in the sanctions list's account_id filter.
  if (req.reporterAccountId !== "") query.reporterAccountId = requireText(req.reporterAccountId, "reporter_account_id", 1, 255);
  if (req.senderAccountId !== "") query.senderAccountId = requireText(req.senderAccountId, "sender_account_id", 1, 255);
  return query;
}

export interface ResolutionInput {
  messageId: number;
  outcome: Outcome;
  note: string;
}

/** A valid ResolveReportedMessageRequest (its sanction is checked by the sanction rules), or INVALID_ARGUMENT. */
export function resolutionInput(req: ResolveReportedMessageRequest): ResolutionInput {
  const messageId = requireMessageId(req.messageId);
  const outcome =
    req.outcome === ReportOutcome.DELETED
      ? "deleted"
      : req.outcome === ReportOutcome.SANCTIONED
        ? "sanctioned"
        : req.outcome === ReportOutcome.DISMISSED
          ? "dismissed"
          : undefined;
  if (!outcome) throw invalidArgument("outcome", "must be DELETED, SANCTIONED or DISMISSED");
  if (outcome === "sanctioned" && !req.sanction) throw invalidArgument("sanction", "is required for SANCTIONED");
  if (outcome !== "sanctioned" && req.sanction) throw invalidArgument("sanction", "is only for SANCTIONED");
  // A sanction carries its own reason; deletions and dismissals say theirs here.
  const note = requireText(req.note.trim(), "note", outcome === "sanctioned" ? 0 : 1, MAX_NOTE);
  return { messageId, outcome, note };
}

/** The sanction must fall on the message's sender: its character or its account. */
export function requireSanctionOnSender(
  subject: { characterId: string | null; accountId: string | null },
  sender: { characterId: string; accountId: string | undefined },
): void {
  if (subject.characterId !== null ? subject.characterId === sender.characterId : subject.accountId === sender.accountId) return;
  throw invalidArgument("sanction", "its subject must be the message's sender (character_id) or the sender's account (account_id)");
}
