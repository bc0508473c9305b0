import { TriagePriority, type QueueClaim, type Triage } from '../../gen/sro/moderation/triage_pb';

/** A queue item's priority and its why (docs/moderation.md "Triage"), as the screens use them. */
export type PriorityName = 'urgent' | 'high' | 'normal' | 'low';

export interface TriageRecord {
  priority: PriorityName;
  reasons: string[];
  dueAtMs: number;
  late: boolean;
}

export interface ClaimRecord {
  holderId: string;
  holderName: string;
  claimedAtMs: number;
  lapsesAtMs: number;
}

export const PRIORITY_LABELS: Record<PriorityName, string> = { urgent: 'Urgent', high: 'High', normal: 'Normal', low: 'Low' };

const PRIORITY_OF: Record<number, PriorityName> = {
  [TriagePriority.URGENT]: 'urgent',
  [TriagePriority.HIGH]: 'high',
  [TriagePriority.NORMAL]: 'normal',
  [TriagePriority.LOW]: 'low',
};

export function toTriageRecord(t: Triage | undefined): TriageRecord | undefined {
  const priority = t && PRIORITY_OF[t.priority];
  return priority && { priority, reasons: [...t.reasons], dueAtMs: Number(t.dueAtMs), late: t.late };
}

export function toClaimRecord(c: QueueClaim | undefined): ClaimRecord | undefined {
  return c && c.holderId !== ''
    ? { holderId: c.holderId, holderName: c.holderName, claimedAtMs: Number(c.claimedAtMs), lapsesAtMs: Number(c.lapsesAtMs) }
    : undefined;
}
