import { Badge, type BadgeTone } from './badge';
import { formatLocalTime } from '../lib/sanctions/sanction-records';
import type { Triage } from '../gen/sro/moderation/triage_pb';
import { PRIORITY_LABELS, toTriageRecord, type PriorityName } from '../lib/triage/triage-records';

const PRIORITY_TONES: Record<PriorityName, BadgeTone> = { urgent: 'red', high: 'amber', normal: 'cyan', low: 'grey' };

/** An item's priority in words with its why, and "Late" past its SLA target: text first, colour only helps. */
export function PriorityLine({ wire }: { wire: Triage | undefined }) {
  const triage = toTriageRecord(wire);
  if (!triage) return null;
  return (
    <p data-testid="triage" className="mt-2 flex flex-wrap items-center gap-2 text-sm text-slate-300">
      <Badge tone={PRIORITY_TONES[triage.priority]}>Priority: {PRIORITY_LABELS[triage.priority]}</Badge>
      {triage.late ? <span className="rounded-full bg-rose-600 px-2 py-0.5 text-xs font-bold uppercase tracking-wide text-white">Late</span> : null}
      <span>
        <span className="sr-only">Why: </span>
        {triage.reasons.join(' · ')}
      </span>
      <span className={triage.late ? 'font-semibold text-rose-200' : 'text-slate-400'}>
        {triage.late ? 'was due' : 'due'} {formatLocalTime(triage.dueAtMs)}
      </span>
    </p>
  );
}

/** The left border of a late item: a second cue beside the "Late" text. */
export const lateFrame = (triage: Triage | undefined) => (triage?.late ? 'border-rose-400/70 border-l-4' : 'border-white/10');
