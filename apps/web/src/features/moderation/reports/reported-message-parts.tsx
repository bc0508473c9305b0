import type { DescriptionItem } from '../../../components/description-list';
import { reasonLabel, type ReportedMessageRecord, type ReportRecord } from '../../../lib/reports/report-records';
import { formatLocalTime } from '../../../lib/sanctions/sanction-records';
import { OutcomeBadge, senderText } from './report-parts';
import { AreaLink } from '../../../components/area-link';
import { EvidenceList } from '../../../components/chat-evidence';
import { PlayerLink } from '../../../components/player-link';

const link = 'font-medium text-neon-cyan underline-offset-4 hover:underline';

/** The reported message's facts, and its resolution once it has one; none while loading. */
export function reportedMessageItems(data: ReportedMessageRecord | undefined): DescriptionItem[] {
  return [
    { term: 'State', value: data && <OutcomeBadge outcome={data.outcome} /> },
    {
      term: 'Sender',
      value:
        data &&
        (data.message.senderName ? (
          <AreaLink path={`characters/${data.message.senderId}`} className={link}>
            {data.message.senderName}
          </AreaLink>
        ) : (
          senderText(data.message)
        )),
    },
    {
      term: 'Player',
      value:
        data &&
        (data.message.senderAccountId ? (
          <PlayerLink accountId={data.message.senderAccountId} className="font-medium text-neon-cyan">
            Player page
          </PlayerLink>
        ) : (
          'Unknown'
        )),
    },
    { term: 'Channel', value: data && (data.message.channelName || 'A deleted channel') },
    { term: 'Sent', value: data && formatLocalTime(data.message.sentAtMs) },
    { term: 'Message', value: data && <span className="whitespace-pre-wrap break-words">{data.message.content}</span> },
    ...(data && data.outcome !== 'open'
      ? [
          { term: 'Resolved', value: `${formatLocalTime(data.resolvedAtMs)} by ${data.resolvedByName || 'System'}` },
          { term: 'Note', value: data.resolutionNote || '—' },
          ...(data.sanctionId
            ? [
                {
                  term: 'Sanction',
                  value: (
                    <AreaLink path={`sanctions/${data.sanctionId}`} className={link}>
                      View the sanction
                    </AreaLink>
                  ),
                },
              ]
            : []),
        ]
      : []),
  ];
}

/** The message's reports beside the evidence frozen at the first report. */
export function ReportsAndEvidence({ data }: { data: ReportedMessageRecord }) {
  return (
    <div className="mt-8 grid gap-8 lg:grid-cols-2">
      <section aria-labelledby="reports-heading">
        <h2 id="reports-heading" className="mb-3 text-lg font-semibold text-white">
          Reports ({data.reports.length})
        </h2>
        <ul className="space-y-2">
          {data.reports.map((r) => (
            <ReportItem key={r.id} report={r} />
          ))}
        </ul>
      </section>
      <section aria-labelledby="evidence-heading">
        <h2 id="evidence-heading" className="text-lg font-semibold text-white">
          Evidence
        </h2>
        <p className="mb-3 text-sm text-slate-300">The channel around the message, as it was at the first report.</p>
        <EvidenceList messages={data.evidence} markedId={data.message.id} markLabel="Reported" />
      </section>
    </div>
  );
}

function ReportItem({ report }: { report: ReportRecord }) {
  return (
    <li data-testid="report" className="rounded-lg border border-white/10 px-3 py-2 text-sm">
      <p className="flex flex-wrap items-center gap-2">
        <span className="font-semibold text-white">{reasonLabel(report.reason)}</span>
        <span className="text-slate-300">
          by{' '}
          <PlayerLink accountId={report.reporterAccountId} className="text-slate-100">
            {report.reporterCharacterName || 'a deleted character'}
          </PlayerLink>
        </span>
        <span className="text-xs text-slate-400">{formatLocalTime(report.createdAtMs)}</span>
        <OutcomeBadge outcome={report.outcome} />
      </p>
      {report.details && <p className="mt-1 whitespace-pre-wrap break-words text-slate-100">{report.details}</p>}
    </li>
  );
}
