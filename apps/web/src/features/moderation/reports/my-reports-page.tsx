import { ListLoadError } from '../../../components/load-error';
import { useMyReports } from '../../../lib/api/reports';
import { PLAYER_OUTCOME_LABELS, reasonLabel, type ReportRecord } from '../../../lib/reports/report-records';
import { formatLocalTime } from '../../../lib/sanctions/sanction-records';
import { OutcomeBadge } from './report-parts';

function ReportCard({ report }: { report: ReportRecord }) {
  return (
    <li className="rounded-xl border border-white/10 bg-night-900/70 p-4" data-testid="my-report">
      <div className="flex flex-wrap items-center gap-2">
        <OutcomeBadge outcome={report.outcome} labels={PLAYER_OUTCOME_LABELS} />
        <span className="font-semibold text-white">{reasonLabel(report.reason)}</span>
        <span className="text-sm text-slate-300">as {report.reporterCharacterName || 'a deleted character'}</span>
      </div>
      <blockquote className="mt-3 whitespace-pre-wrap break-words border-l-2 border-white/20 pl-3 text-sm text-slate-100">{report.messageContent}</blockquote>
      <dl className="mt-3 grid gap-x-6 gap-y-2 text-sm sm:grid-cols-2">
        <div>
          <dt className="text-xs font-semibold uppercase tracking-wide text-slate-400">Reported</dt>
          <dd className="text-slate-100">{formatLocalTime(report.createdAtMs)}</dd>
        </div>
        <div>
          <dt className="text-xs font-semibold uppercase tracking-wide text-slate-400">Outcome</dt>
          <dd className="text-slate-100">
            {PLAYER_OUTCOME_LABELS[report.outcome]}
            {report.resolvedAtMs > 0 && `, ${formatLocalTime(report.resolvedAtMs)}`}
          </dd>
        </div>
        {report.details && (
          <div className="sm:col-span-2">
            <dt className="text-xs font-semibold uppercase tracking-wide text-slate-400">Your note</dt>
            <dd className="break-words text-slate-100">{report.details}</dd>
          </div>
        )}
      </dl>
    </li>
  );
}

/** /account/reports: the messages the signed-in player reported and what the moderators did. */
export default function MyReportsPage() {
  const mine = useMyReports();
  return (
    <div className="mx-auto max-w-3xl px-4 py-10 sm:px-6">
      <title>Your reports · SRO</title>
      <h1 className="font-display text-2xl font-bold tracking-wide text-white">Your reports</h1>
      <p className="mt-1 text-sm text-slate-300">Chat messages you reported and what the moderators decided.</p>
      <div className="mt-8">
        {mine.isError ? (
          <ListLoadError what="your reports" error={mine.error} onRetry={() => void mine.refetch()} />
        ) : !mine.data ? (
          <p className="text-sm text-slate-300">Loading your reports…</p>
        ) : mine.data.length === 0 ? (
          <p className="rounded-xl border border-white/10 bg-night-900/70 px-4 py-6 text-center text-sm text-slate-300">
            You have not reported any message. Use “Report” on a message in the chat.
          </p>
        ) : (
          <ul className="space-y-3" aria-label="Your reports">
            {mine.data.map((r) => (
              <ReportCard key={r.id} report={r} />
            ))}
          </ul>
        )}
      </div>
    </div>
  );
}
