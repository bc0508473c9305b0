import { useState } from 'react';
import { buttonClasses } from '../../../components/button-styles';
import { ListLoadError } from '../../../components/load-error';
import { AreaLink } from '../../../components/area-link';
import { useReportQueue } from '../../../lib/api/reports';
import { formatLocalTime } from '../../../lib/sanctions/sanction-records';
import { reasonLabel, reasonSummary, type ReportedMessageRecord } from '../../../lib/reports/report-records';
import { OutcomeBadge, senderText } from './report-parts';
import { ACCOUNT_REPORTS_PAGE, noReportsMade, noReportsReceived } from './report-texts';

type Side = 'made' | 'received';

interface Props {
  accountId: string;
  /** The account's name, for the lists' names and empty states. */
  username: string;
}

/** One reported message as this account sees it: its outcome, the message, the reasons, and its review page. */
function Entry({ entry, side, accountId }: { entry: ReportedMessageRecord; side: Side; accountId: string }) {
  // Made: this account's own report (a message reported again after a resolution has several).
  const own = side === 'made' ? entry.reports.find((r) => r.reporterAccountId === accountId) : undefined;
  const reports = own ? [own] : entry.reports;
  const at = own?.createdAtMs ?? entry.latestReportMs;
  return (
    <li data-testid={`report-${side}`} className="rounded-xl border border-white/10 bg-night-900/70 p-3 text-sm">
      <p className="flex flex-wrap items-center gap-2">
        <OutcomeBadge outcome={own?.outcome ?? entry.outcome} />
        <span className="font-semibold text-white">
          {side === 'made' && own ? `${own.reporterCharacterName || 'A character'} reported ${senderText(entry.message)}` : senderText(entry.message)}
        </span>
        <span className="text-slate-300">in {entry.message.channelName || 'a deleted channel'}</span>
      </p>
      <blockquote className="mt-2 line-clamp-2 whitespace-pre-wrap break-words border-l-2 border-white/20 pl-3 text-slate-100">
        {entry.message.content}
      </blockquote>
      <p className="mt-2 flex flex-wrap items-center justify-between gap-2 text-slate-300">
        <span>
          {reasonSummary(reports)
            .map((r) => (r.count > 1 ? `${reasonLabel(r.reason)} ×${r.count}` : reasonLabel(r.reason)))
            .join(', ')}
          {' · '}
          <time dateTime={new Date(at).toISOString()}>{formatLocalTime(at)}</time>
        </span>
        <AreaLink path={`reports/${entry.message.id}`} className="font-medium text-neon-cyan underline-offset-4 hover:underline">
          Reported message {entry.message.id}
        </AreaLink>
      </p>
    </li>
  );
}

function ReportList({ side, accountId, username }: Props & { side: Side }) {
  const [pageSize, setPageSize] = useState(ACCOUNT_REPORTS_PAGE);
  const filter = side === 'made' ? { reporterAccountId: accountId } : { senderAccountId: accountId };
  const page = useReportQueue({ includeResolved: true, pageIndex: 0, pageSize, ...filter });
  const title = side === 'made' ? 'Made' : 'Received';
  const headingId = `account-reports-${side}`;
  const data = page.data;
  return (
    <section aria-labelledby={headingId} className="min-w-0 space-y-2">
      <h3 id={headingId} className="font-semibold text-slate-100">
        {data ? `${title} (${data.total})` : title}
      </h3>
      {page.isError && !data ? (
        <ListLoadError what="reports" error={page.error} onRetry={() => void page.refetch()} />
      ) : !data ? (
        <span className="skeleton block h-24 w-full" />
      ) : data.messages.length === 0 ? (
        <p className="text-sm text-slate-300">{side === 'made' ? noReportsMade(username) : noReportsReceived(username)}</p>
      ) : (
        <ul className="space-y-2" aria-label={`Reports ${username} ${side === 'made' ? 'made' : 'received'}`}>
          {data.messages.map((entry) => (
            <Entry key={entry.message.id} entry={entry} side={side} accountId={accountId} />
          ))}
        </ul>
      )}
      {data && data.messages.length < data.total && (
        <button type="button" className={buttonClasses('secondary', 'sm')} onClick={() => setPageSize((n) => n + ACCOUNT_REPORTS_PAGE)}>
          Show more
        </button>
      )}
    </section>
  );
}

/** The player page's reports: the messages its characters reported and the ones they sent that others reported. */
export function AccountReports(props: Props) {
  return (
    <div className="grid gap-6 lg:grid-cols-2">
      <ReportList side="made" {...props} />
      <ReportList side="received" {...props} />
    </div>
  );
}
