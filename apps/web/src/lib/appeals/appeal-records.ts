import { AppealDecision, AppealReason, type Appeal } from '../../gen/sro/moderation/appeals_pb';
import { toSanctionRecord, type SanctionRecord } from '../sanctions/sanction-records';
import type { QueueClaim, Triage } from '../../gen/sro/moderation/triage_pb';

/** Appeals as the screens hold them (docs/moderation.md "Appeals"): plain values, names for the wire enums. */

export type AppealReasonName = 'not-me' | 'context' | 'too-harsh' | 'other';
export type AppealDecisionName = 'open' | 'upheld' | 'shortened' | 'revoked';

export const APPEAL_REASONS: readonly { id: AppealReasonName; label: string; wire: AppealReason }[] = [
  { id: 'not-me', label: 'I did not do this', wire: AppealReason.NOT_ME },
  { id: 'context', label: 'My words were taken out of context', wire: AppealReason.CONTEXT },
  { id: 'too-harsh', label: 'The sanction is too harsh', wire: AppealReason.TOO_HARSH },
  { id: 'other', label: 'Something else', wire: AppealReason.OTHER },
];

export const MAX_APPEAL_TEXT = 1000;
export const MAX_DECISION_REASON = 500;

export const appealReasonLabel = (reason: AppealReasonName) => APPEAL_REASONS.find((r) => r.id === reason)?.label ?? reason;

const decisionOf = (wire: AppealDecision): AppealDecisionName =>
  wire === AppealDecision.UPHELD ? 'upheld' : wire === AppealDecision.SHORTENED ? 'shortened' : wire === AppealDecision.REVOKED ? 'revoked' : 'open';

export const DECISION_WIRE: Record<Exclude<AppealDecisionName, 'open'>, AppealDecision> = {
  upheld: AppealDecision.UPHELD,
  shortened: AppealDecision.SHORTENED,
  revoked: AppealDecision.REVOKED,
};

/** What the player and staff read about an appeal's state. */
export const DECISION_LABELS: Record<AppealDecisionName, string> = {
  open: 'Appeal pending',
  upheld: 'Appeal declined: the sanction stands',
  shortened: 'Appeal accepted in part: the sanction was shortened',
  revoked: 'Appeal accepted: the sanction was lifted',
};

export interface AppealRecord {
  id: string;
  sanctionId: string;
  accountId: string;
  accountName: string;
  reason: AppealReasonName;
  text: string;
  filedAtMs: number;
  decision: AppealDecisionName;
  decidedAtMs: number;
  decisionReason: string;
  /** Empty for the player. */
  decidedByName: string;
  newExpiresAtMs: number;
  sanction: SanctionRecord | undefined;
  /** Staff reads of an open appeal: priority, why and SLA due time, as the wire has it (lib/triage reads it). */
  triage?: Triage;
  /** Staff reads of an open appeal: who works it (a live claim), if anyone. */
  claim?: QueueClaim;
}

export function toAppealRecord(a: Appeal): AppealRecord {
  return {
    id: a.id,
    sanctionId: a.sanctionId,
    accountId: a.accountId,
    accountName: a.accountName,
    reason: APPEAL_REASONS.find((r) => r.wire === a.reason)?.id ?? 'other',
    text: a.text,
    filedAtMs: Number(a.filedAtMs),
    decision: decisionOf(a.decision),
    decidedAtMs: Number(a.decidedAtMs),
    decisionReason: a.decisionReason,
    decidedByName: a.decidedByName,
    newExpiresAtMs: Number(a.newExpiresAtMs),
    sanction: a.sanction && toSanctionRecord(a.sanction),
    triage: a.triage,
    claim: a.claim,
  };
}

/** A free text the server takes: 1..max characters once trimmed, no control characters (line breaks become spaces). */
export function appealTextProblem(text: string, max = MAX_APPEAL_TEXT, what = 'Say why'): string | undefined {
  const sent = textToSend(text);
  const length = [...sent].length;
  if (length === 0) return `${what}.`;
  if (length > max) return `Keep it to ${max} characters (now ${length}).`;
  // eslint-disable-next-line no-control-regex -- control characters are what this refuses
  if (/[\u0000-\u001f\u007f-\u009f]/.test(sent)) return 'Remove the control characters.';
  return undefined;
}

export const textToSend = (text: string) => text.replace(/\r?\n/g, ' ').trim();
