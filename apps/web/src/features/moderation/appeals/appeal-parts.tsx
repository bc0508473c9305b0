import { Link } from 'react-router';
import type { DescriptionItem } from '../../../components/description-list';
import type { AppealDetail } from '../../../lib/api/appeals';
import { appealReasonLabel, DECISION_LABELS, type AppealRecord } from '../../../lib/appeals/appeal-records';
import { useAreaHref } from '../../../lib/area-links';
import { ChatEvidence } from '../../../components/chat-evidence';
import { endsText, formatLocalTime, sanctionKindLabel, scopeText, stateText, subjectText, type SanctionRecord } from '../../../lib/sanctions/sanction-records';

export function appealItems(a: AppealRecord | undefined): DescriptionItem[] {
  return [
    { term: 'Player', value: a ? a.accountName || a.accountId : '' },
    { term: 'State', value: a ? DECISION_LABELS[a.decision] : '' },
    { term: 'Reason', value: a ? appealReasonLabel(a.reason) : '' },
    { term: 'Sent', value: a ? formatLocalTime(a.filedAtMs) : '' },
    { term: 'Explanation', value: a?.text ?? '' },
    ...(a && a.decision !== 'open'
      ? [
          { term: 'Decided', value: `${formatLocalTime(a.decidedAtMs)} by ${a.decidedByName}` },
          { term: 'Decision reason', value: a.decisionReason },
        ]
      : []),
  ];
}

export function sanctionItems(s: SanctionRecord | undefined): DescriptionItem[] {
  return [
    { term: 'Sanction', value: s ? `${sanctionKindLabel(s)} · ${stateText(s)}` : '' },
    { term: 'Applies to', value: s ? subjectText(s) : '' },
    { term: 'Where', value: s ? scopeText(s) : '' },
    { term: 'Ends', value: s ? endsText(s.expiresAtMs) : '' },
    { term: 'Issued', value: s ? `${formatLocalTime(s.issuedAtMs)} by ${s.issuedByName || s.issuedById}` : '' },
    { term: 'Reason', value: s?.reason ?? '' },
  ];
}

/** The sanction's frozen evidence (its chat line's or its report's) and the player's other sanctions. */
export function EvidenceAndHistory({ detail }: { detail: AppealDetail }) {
  const href = useAreaHref();
  return (
    <>
      <ChatEvidence
        headingId="appeal-evidence"
        messages={detail.evidence}
        markedId={detail.reportedMessageId || detail.appeal.sanction?.sourceMessageId || ''}
        markLabel={detail.reportedMessageId ? 'Reported' : 'Sanctioned'}
        emptyText="This sanction was issued from no chat line or report: no messages were kept."
      />
      <section aria-labelledby="appeal-history" className="mt-6 space-y-2">
        <h2 id="appeal-history" className="text-lg font-semibold text-white">
          The player's other sanctions
        </h2>
        {detail.history.length === 0 ? (
          <p className="text-sm text-slate-300">None.</p>
        ) : (
          <ul className="space-y-2 text-sm">
            {detail.history.map((s) => (
              <li key={s.id} className="rounded-lg border border-white/10 bg-night-900/70 px-3 py-2 text-slate-100">
                <Link to={href(`sanctions/${s.id}`) ?? ''} className="font-medium text-neon-cyan underline-offset-4 hover:underline">
                  {sanctionKindLabel(s)} · {scopeText(s)}
                </Link>{' '}
                — {s.reason} · {stateText(s)} · issued {formatLocalTime(s.issuedAtMs)}
              </li>
            ))}
          </ul>
        )}
      </section>
    </>
  );
}
