import { Badge, type BadgeTone } from '../../../components/badge';
import { STAFF_OUTCOME_LABELS, type MessageRecord, type ReportOutcomeName } from '../../../lib/reports/report-records';

const OUTCOME_TONES: Record<ReportOutcomeName, BadgeTone> = { open: 'amber', deleted: 'red', sanctioned: 'pink', dismissed: 'grey' };

export function OutcomeBadge({ outcome, labels = STAFF_OUTCOME_LABELS }: { outcome: ReportOutcomeName; labels?: Record<ReportOutcomeName, string> }) {
  return <Badge tone={OUTCOME_TONES[outcome]}>{labels[outcome]}</Badge>;
}

/** A sender's name, or what we know when the character is gone. */
export const senderText = (m: Pick<MessageRecord, 'senderName' | 'senderId'>) => m.senderName || `Deleted character (${m.senderId.slice(0, 8)})`;
