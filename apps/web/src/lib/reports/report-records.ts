import { ReportOutcome, ReportReason, type ChatReport, type ReportedMessage } from '../../gen/sro/moderation/reports_pb';
import type { StoredChatMessage } from '../../gen/sro/moderation/chat_history_pb';
import type { QueueClaim, Triage } from '../../gen/sro/moderation/triage_pb';

/** Player reports as the screens use them (docs/moderation.md "Player reports"). */

export type ReportReasonName = 'harassment' | 'hate' | 'spam' | 'cheating' | 'other';
export type ReportOutcomeName = 'open' | 'deleted' | 'sanctioned' | 'dismissed';

/** The short list a player picks from, in this order. */
export const REPORT_REASONS: readonly { id: ReportReasonName; label: string; wire: ReportReason }[] = [
  { id: 'harassment', label: 'Harassment', wire: ReportReason.HARASSMENT },
  { id: 'hate', label: 'Hate speech', wire: ReportReason.HATE },
  { id: 'spam', label: 'Spam', wire: ReportReason.SPAM },
  { id: 'cheating', label: 'Cheating', wire: ReportReason.CHEATING },
  { id: 'other', label: 'Something else', wire: ReportReason.OTHER },
];

export const MAX_REPORT_DETAILS = 500;

const reasonOf = (wire: ReportReason): ReportReasonName => REPORT_REASONS.find((r) => r.wire === wire)?.id ?? 'other';
export const reasonLabel = (reason: ReportReasonName) => REPORT_REASONS.find((r) => r.id === reason)?.label ?? reason;

export const outcomeOf = (wire: ReportOutcome): ReportOutcomeName =>
  wire === ReportOutcome.DELETED ? 'deleted' : wire === ReportOutcome.SANCTIONED ? 'sanctioned' : wire === ReportOutcome.DISMISSED ? 'dismissed' : 'open';

/** What the reporter reads about their report. */
export const PLAYER_OUTCOME_LABELS: Record<ReportOutcomeName, string> = {
  open: 'Open',
  deleted: 'Message removed',
  sanctioned: 'Action taken',
  dismissed: 'No action',
};

/** What a moderator reads about a reported message. */
export const STAFF_OUTCOME_LABELS: Record<ReportOutcomeName, string> = {
  open: 'Open',
  deleted: 'Deleted',
  sanctioned: 'Sanctioned',
  dismissed: 'Dismissed',
};

export interface ReportRecord {
  id: string;
  messageId: string;
  reporterCharacterId: string;
  reporterCharacterName: string;
  /** The reporter character's owner when the report was made. */
  reporterAccountId: string;
  reason: ReportReasonName;
  details: string;
  createdAtMs: number;
  outcome: ReportOutcomeName;
  resolvedAtMs: number;
  messageContent: string;
}

export interface MessageRecord {
  id: string;
  channelId: string;
  channelName: string;
  senderId: string;
  senderName: string;
  /** The sender character's owner (empty when unknown). */
  senderAccountId: string;
  content: string;
  sentAtMs: number;
}

export interface ReportedMessageRecord {
  message: MessageRecord;
  reports: ReportRecord[];
  evidence: MessageRecord[];
  outcome: ReportOutcomeName;
  resolvedByName: string;
  resolvedAtMs: number;
  resolutionNote: string;
  sanctionId: string;
  latestReportMs: number;
  /** Open ones: priority, why and SLA due time, as the wire has it (lib/triage reads it: staff screens only). */
  triage?: Triage;
  /** Who works it (a live claim), if anyone. */
  claim?: QueueClaim;
}

export const toReportRecord = (r: ChatReport): ReportRecord => ({
  id: r.id,
  messageId: r.messageId,
  reporterCharacterId: r.reporterCharacterId,
  reporterCharacterName: r.reporterCharacterName,
  reporterAccountId: r.reporterAccountId,
  reason: reasonOf(r.reason),
  details: r.details,
  createdAtMs: Number(r.createdAtMs),
  outcome: outcomeOf(r.outcome),
  resolvedAtMs: Number(r.resolvedAtMs),
  messageContent: r.messageContent,
});

export const toMessageRecord = (m: StoredChatMessage | undefined): MessageRecord => ({
  id: m?.id ?? '',
  channelId: m?.channelId ?? '',
  channelName: m?.channelName ?? '',
  senderId: m?.senderId ?? '',
  senderName: m?.senderName ?? '',
  senderAccountId: m?.senderAccountId ?? '',
  content: m?.content ?? '',
  sentAtMs: Number(m?.sentAtMs ?? 0),
});

export const toReportedMessageRecord = (r: ReportedMessage): ReportedMessageRecord => ({
  message: toMessageRecord(r.message),
  reports: r.reports.map(toReportRecord),
  evidence: r.evidence.map(toMessageRecord),
  outcome: outcomeOf(r.outcome),
  resolvedByName: r.resolvedByName,
  resolvedAtMs: Number(r.resolvedAtMs),
  resolutionNote: r.resolutionNote,
  sanctionId: r.sanctionId,
  latestReportMs: Number(r.latestReportMs),
  triage: r.triage,
  claim: r.claim,
});

/** The distinct reasons of a message's reports, most frequent first (ties in the list's order). */
export function reasonSummary(reports: readonly Pick<ReportRecord, 'reason'>[]): { reason: ReportReasonName; count: number }[] {
  const counts = new Map<ReportReasonName, number>();
  for (const r of reports) counts.set(r.reason, (counts.get(r.reason) ?? 0) + 1);
  const order = REPORT_REASONS.map((r) => r.id);
  return [...counts].map(([reason, count]) => ({ reason, count })).sort((a, b) => b.count - a.count || order.indexOf(a.reason) - order.indexOf(b.reason));
}

/** Open reports of a message (a resolved message may be reported again). */
export const openCount = (reports: readonly Pick<ReportRecord, 'outcome'>[]) => reports.filter((r) => r.outcome === 'open').length;

/** The details as sent: line breaks and tabs become spaces (the server refuses control characters), trimmed. */
export const detailsToSend = (details: string) => details.replace(/[\t\r\n]+/g, ' ').trim();

/** The details a player typed: at most MAX_REPORT_DETAILS characters as sent; an error text otherwise. */
export function detailsProblem(details: string): string | undefined {
  const sent = detailsToSend(details);
  const length = [...sent].length;
  if (length > MAX_REPORT_DETAILS) return `Keep it to ${MAX_REPORT_DETAILS} characters (now ${length}).`;
  // eslint-disable-next-line no-control-regex -- control characters are what this refuses
  if (/[\u0000-\u001f\u007f-\u009f]/.test(sent)) return 'Remove the control characters.';
  return undefined;
}
