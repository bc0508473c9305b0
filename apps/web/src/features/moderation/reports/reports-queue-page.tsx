import { Link } from 'react-router';
import { QueuePage, useQueueView } from '../../../components/queue-page';
import { useReportQueue } from '../../../lib/api/reports';
import { formatLocalTime } from '../../../lib/sanctions/sanction-records';
import { openCount, reasonLabel, reasonSummary, type ReportedMessageRecord } from '../../../lib/reports/report-records';
import { OutcomeBadge, senderText } from './report-parts';
import { useAreaHref } from '../../../lib/area-links';
import { PlayerLink } from '../../../components/player-link';
import { lateFrame, PriorityLine } from '../../../components/triage-parts';
import { ClaimControl } from './claim-control';

function QueueEntry({ entry }: { entry: ReportedMessageRecord }) {
  const open = openCount(entry.reports);
  const href = useAreaHref();
  return (
    <li data-testid="reported-message" className={`rounded-xl border bg-night-900/70 p-4 ${lateFrame(entry.triage)}`}>
      <div className="flex flex-wrap items-center gap-2 text-sm">
        <OutcomeBadge outcome={entry.outcome} />
        <PlayerLink accountId={entry.message.senderAccountId} className="font-semibold text-white">
          {senderText(entry.message)}
        </PlayerLink>
        <span className="text-slate-300">in {entry.message.channelName || 'a deleted channel'}</span>
      </div>
      <PriorityLine wire={entry.triage} />
      <blockquote className="mt-2 line-clamp-3 whitespace-pre-wrap break-words border-l-2 border-white/20 pl-3 text-sm text-slate-100">
        {entry.message.content}
      </blockquote>
      <div className="mt-3 flex flex-col gap-2 text-sm text-slate-300 sm:flex-row sm:items-center sm:justify-between">
        <p>
          <span className="font-semibold text-slate-100">
            {entry.reports.length} {entry.reports.length === 1 ? 'report' : 'reports'}
          </span>
          {open > 0 && open < entry.reports.length && ` (${open} open)`}
          {' · '}
          {reasonSummary(entry.reports)
            .map((r) => (r.count > 1 ? `${reasonLabel(r.reason)} ×${r.count}` : reasonLabel(r.reason)))
            .join(', ')}
          {' · latest '}
          {formatLocalTime(entry.latestReportMs)}
        </p>
        {entry.outcome === 'open' && <ClaimControl messageId={entry.message.id} wire={entry.claim} what={`the message of ${senderText(entry.message)}`} />}
        <Link
          to={href(`reports/${entry.message.id}`) ?? ''}
          className="font-medium text-neon-cyan underline-offset-4 hover:underline"
          aria-label={`Review the message of ${senderText(entry.message)} in ${entry.message.channelName}`}
        >
          Review
        </Link>
      </div>
    </li>
  );
}

/** /admin/reports: open reported messages by priority then age (resolved ones after with "Include resolved"). */
export default function ReportsQueuePage() {
  const view = useQueueView();
  const query = useReportQueue({ includeResolved: view.includeClosed, pageIndex: view.pageIndex, pageSize: view.pageSize });
  return (
    <QueuePage
      title="Reports"
      description="Chat messages players reported, most urgent first, then the longest waiting."
      closedLabel="Include resolved"
      what="reports"
      listLabel="Reported messages"
      emptyText={view.includeClosed ? 'No message has been reported yet.' : 'No open reports. Nice and quiet.'}
      view={view}
      query={query}
      items={(page) => page.messages.map((entry) => <QueueEntry key={entry.message.id} entry={entry} />)}
    />
  );
}
