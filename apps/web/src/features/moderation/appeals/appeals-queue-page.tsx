import { Link } from 'react-router';
import { QueuePage, useQueueView } from '../../../components/queue-page';
import { useAppealQueue } from '../../../lib/api/appeals';
import { appealReasonLabel, DECISION_LABELS, type AppealRecord } from '../../../lib/appeals/appeal-records';
import { useAreaHref } from '../../../lib/area-links';
import { formatLocalTime, sanctionKindLabel, scopeText } from '../../../lib/sanctions/sanction-records';
import { lateFrame, PriorityLine } from '../../../components/triage-parts';
import { ClaimControl } from '../../../components/claim-control';
import { useAppealClaim } from '../../../lib/api/appeal-claims';
import { useCan } from '../../../lib/access/capabilities';

/** Who works an open appeal; Claim and Release for those who decide appeals. */
function AppealClaim({ appeal }: { appeal: AppealRecord }) {
  const mutation = useAppealClaim();
  const can = useCan();
  return (
    <ClaimControl
      wire={appeal.claim}
      what={`the appeal of ${playerText(appeal)}`}
      mayClaim={can('appeals.decide')}
      mutation={{ isPending: mutation.isPending, error: mutation.error, change: (claim) => mutation.mutate({ appealId: appeal.id, claim }) }}
    />
  );
}

export const playerText = (a: AppealRecord) => a.accountName || a.sanction?.accountName || a.accountId;

function QueueEntry({ appeal }: { appeal: AppealRecord }) {
  const href = useAreaHref();
  const s = appeal.sanction;
  return (
    <li data-testid="appeal" className={`rounded-xl border bg-night-900/70 p-4 ${lateFrame(appeal.triage)}`}>
      <div className="flex flex-wrap items-center gap-2 text-sm">
        <span className="rounded-full bg-white/10 px-2 py-0.5 text-xs font-semibold text-slate-100">{DECISION_LABELS[appeal.decision]}</span>
        <span className="font-semibold text-white">{playerText(appeal)}</span>
        {s && (
          <span className="text-slate-300">
            {sanctionKindLabel(s)} · {scopeText(s)} · {s.reason}
          </span>
        )}
      </div>
      <PriorityLine wire={appeal.triage} />
      {appeal.decision === 'open' && <AppealClaim appeal={appeal} />}
      <p className="mt-2 line-clamp-3 break-words border-l-2 border-white/20 pl-3 text-sm text-slate-100">
        <span className="font-semibold">{appealReasonLabel(appeal.reason)}:</span> {appeal.text}
      </p>
      <div className="mt-3 flex flex-col gap-2 text-sm text-slate-300 sm:flex-row sm:items-center sm:justify-between">
        <p>Sent {formatLocalTime(appeal.filedAtMs)}</p>
        <Link
          to={href(`appeals/${appeal.id}`) ?? ''}
          className="font-medium text-neon-cyan underline-offset-4 hover:underline"
          aria-label={`Review the appeal of ${playerText(appeal)}`}
        >
          Review
        </Link>
      </div>
    </li>
  );
}

/** /admin/appeals and /moderation/appeals: open appeals by priority then age; decided ones with "Include decided". */
export default function AppealsQueuePage() {
  const view = useQueueView();
  const query = useAppealQueue({ includeDecided: view.includeClosed, pageIndex: view.pageIndex, pageSize: view.pageSize });
  return (
    <QueuePage
      title="Appeals"
      description="Players' appeals of their sanctions, most urgent first, then the longest waiting."
      closedLabel="Include decided"
      what="appeals"
      listLabel="Appeals"
      emptyText={view.includeClosed ? 'No sanction has been appealed yet.' : 'No open appeals.'}
      view={view}
      query={query}
      items={(page) => page.appeals.map((appeal) => <QueueEntry key={appeal.id} appeal={appeal} />)}
    />
  );
}
