import { useState } from 'react';
import { Link } from 'react-router';
import { ListLoadError } from '../../../components/load-error';
import { PageHeader } from '../../../components/page-header';
import { TablePagination } from '../../../components/table/table-pagination';
import { useReportQueue } from '../../../lib/api/reports';
import { formatLocalTime } from '../../../lib/sanctions/sanction-records';
import { openCount, reasonLabel, reasonSummary, type ReportedMessageRecord } from '../../../lib/reports/report-records';
import { OutcomeBadge, senderText } from './report-parts';
import { useAreaHref } from '../../../lib/area-links';
import { PlayerLink } from '../../../components/player-link';

const PAGE_SIZES = [25, 50, 100] as const;

function QueueEntry({ entry }: { entry: ReportedMessageRecord }) {
  const open = openCount(entry.reports);
  const href = useAreaHref();
  return (
    <li data-testid="reported-message" className="rounded-xl border border-white/10 bg-night-900/70 p-4">
      <div className="flex flex-wrap items-center gap-2 text-sm">
        <OutcomeBadge outcome={entry.outcome} />
        <PlayerLink accountId={entry.message.senderAccountId} className="font-semibold text-white">
          {senderText(entry.message)}
        </PlayerLink>
        <span className="text-slate-300">in {entry.message.channelName || 'a deleted channel'}</span>
      </div>
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

/** /admin/reports: reported messages, newest report first; open ones unless "Include resolved" is on. */
export default function ReportsQueuePage() {
  const [includeResolved, setIncludeResolved] = useState(false);
  const [pageIndex, setPageIndex] = useState(0);
  const [pageSize, setPageSize] = useState<number>(50);
  const queue = useReportQueue({ includeResolved, pageIndex, pageSize });
  const page = queue.data;
  return (
    <>
      <title>Reports · SRO Admin</title>
      <PageHeader
        title="Reports"
        description="Chat messages players reported, newest report first."
        actions={
          <label className="flex items-center gap-2 text-sm text-slate-200">
            <input
              type="checkbox"
              checked={includeResolved}
              onChange={(e) => {
                setIncludeResolved(e.target.checked);
                setPageIndex(0);
              }}
            />
            Include resolved
          </label>
        }
      />
      {queue.isError ? (
        <ListLoadError what="reports" error={queue.error} onRetry={() => void queue.refetch()} />
      ) : !page ? (
        <p className="text-sm text-slate-300">Loading reports…</p>
      ) : page.messages.length === 0 ? (
        <p className="rounded-xl border border-white/10 bg-night-900/70 px-4 py-10 text-center text-sm text-slate-300">
          {includeResolved ? 'No message has been reported yet.' : 'No open reports. Nice and quiet.'}
        </p>
      ) : (
        <>
          <ul className="space-y-3" aria-label="Reported messages">
            {page.messages.map((entry) => (
              <QueueEntry key={entry.message.id} entry={entry} />
            ))}
          </ul>
          <div className="mt-4 rounded-xl border border-white/10 bg-night-900/70">
            <TablePagination
              pageIndex={pageIndex}
              pageSize={pageSize}
              pageCount={Math.ceil(page.total / pageSize)}
              total={page.total}
              pageSizeOptions={PAGE_SIZES}
              onPageChange={setPageIndex}
              onPageSizeChange={(size) => {
                setPageSize(size);
                setPageIndex(0);
              }}
            />
          </div>
        </>
      )}
    </>
  );
}
