import { useState } from 'react';
import { Link } from 'react-router';
import { ListLoadError } from '../../../components/load-error';
import { PageHeader } from '../../../components/page-header';
import { TablePagination } from '../../../components/table/table-pagination';
import { useAppealQueue } from '../../../lib/api/appeals';
import { appealReasonLabel, DECISION_LABELS, type AppealRecord } from '../../../lib/appeals/appeal-records';
import { useAreaHref } from '../../../lib/area-links';
import { formatLocalTime, sanctionKindLabel, scopeText } from '../../../lib/sanctions/sanction-records';

const PAGE_SIZES = [25, 50, 100] as const;

export const playerText = (a: AppealRecord) => a.accountName || a.sanction?.accountName || a.accountId;

function QueueEntry({ appeal }: { appeal: AppealRecord }) {
  const href = useAreaHref();
  const s = appeal.sanction;
  return (
    <li data-testid="appeal" className="rounded-xl border border-white/10 bg-night-900/70 p-4">
      <div className="flex flex-wrap items-center gap-2 text-sm">
        <span className="rounded-full bg-white/10 px-2 py-0.5 text-xs font-semibold text-slate-100">{DECISION_LABELS[appeal.decision]}</span>
        <span className="font-semibold text-white">{playerText(appeal)}</span>
        {s && (
          <span className="text-slate-300">
            {sanctionKindLabel(s)} · {scopeText(s)} · {s.reason}
          </span>
        )}
      </div>
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

/** /admin/appeals and /moderation/appeals: open appeals first, oldest first; decided ones with "Include decided". */
export default function AppealsQueuePage() {
  const [includeDecided, setIncludeDecided] = useState(false);
  const [pageIndex, setPageIndex] = useState(0);
  const [pageSize, setPageSize] = useState<number>(50);
  const queue = useAppealQueue({ includeDecided, pageIndex, pageSize });
  const page = queue.data;
  return (
    <>
      <title>Appeals · SRO Admin</title>
      <PageHeader
        title="Appeals"
        description="Players' appeals of their sanctions, oldest open one first."
        actions={
          <label className="flex items-center gap-2 text-sm text-slate-200">
            <input
              type="checkbox"
              checked={includeDecided}
              onChange={(e) => {
                setIncludeDecided(e.target.checked);
                setPageIndex(0);
              }}
            />
            Include decided
          </label>
        }
      />
      {queue.isError ? (
        <ListLoadError what="appeals" error={queue.error} onRetry={() => void queue.refetch()} />
      ) : !page ? (
        <p className="text-sm text-slate-300">Loading appeals…</p>
      ) : page.appeals.length === 0 ? (
        <p className="rounded-xl border border-white/10 bg-night-900/70 px-4 py-10 text-center text-sm text-slate-300">
          {includeDecided ? 'No sanction has been appealed yet.' : 'No open appeals.'}
        </p>
      ) : (
        <>
          <ul className="space-y-3" aria-label="Appeals">
            {page.appeals.map((appeal) => (
              <QueueEntry key={appeal.id} appeal={appeal} />
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
