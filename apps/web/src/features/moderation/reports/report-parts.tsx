import { Badge, type BadgeTone } from '../../../components/badge';
import { PlayerLink } from '../../../components/player-link';
import { formatLocalTime } from '../../../lib/sanctions/sanction-records';
import { STAFF_OUTCOME_LABELS, type MessageRecord, type ReportOutcomeName } from '../../../lib/reports/report-records';

const OUTCOME_TONES: Record<ReportOutcomeName, BadgeTone> = { open: 'amber', deleted: 'red', sanctioned: 'pink', dismissed: 'grey' };

export function OutcomeBadge({ outcome, labels = STAFF_OUTCOME_LABELS }: { outcome: ReportOutcomeName; labels?: Record<ReportOutcomeName, string> }) {
  return <Badge tone={OUTCOME_TONES[outcome]}>{labels[outcome]}</Badge>;
}

/** A sender's name, or what we know when the character is gone. */
export const senderText = (m: Pick<MessageRecord, 'senderName' | 'senderId'>) => m.senderName || `Deleted character (${m.senderId.slice(0, 8)})`;

/** One chat message as evidence: sender, time, text; the reported one stands out. */
export function EvidenceLine({ message, highlighted }: { message: MessageRecord; highlighted: boolean }) {
  return (
    <li
      data-testid="evidence-line"
      aria-current={highlighted ? 'true' : undefined}
      className={`rounded-lg px-3 py-2 ${highlighted ? 'border border-amber-300/60 bg-amber-400/10' : ''}`}
    >
      <p className="flex flex-wrap items-baseline gap-x-2 text-sm">
        <PlayerLink accountId={message.senderAccountId} className={`font-semibold ${highlighted ? 'text-amber-200' : 'text-pink-200'}`}>
          {senderText(message)}
        </PlayerLink>
        <time dateTime={new Date(message.sentAtMs).toISOString()} className="text-xs text-slate-400">
          {formatLocalTime(message.sentAtMs)}
        </time>
        {highlighted && <span className="text-xs font-semibold uppercase tracking-wide text-amber-200">Reported</span>}
      </p>
      <p className="whitespace-pre-wrap break-words text-sm text-slate-100">{message.content}</p>
    </li>
  );
}
