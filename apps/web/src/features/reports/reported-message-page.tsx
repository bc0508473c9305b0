import { useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { buttonClasses } from '../../components/button-styles';
import { DescriptionList } from '../../components/description-list';
import { ItemLoadError } from '../../components/load-error';
import { useNotify } from '../../components/notifications/notification-context';
import { PageHeader } from '../../components/page-header';
import { useReportedMessage, useResolveReport } from '../../lib/api/reports';
import type { IssueSanctionInput } from '../../lib/api/sanctions';
import { openCount, reasonLabel, type ReportRecord } from '../../lib/reports/report-records';
import { rpcFailureText } from '../../lib/rpc/rpc-error';
import { formatLocalTime } from '../../lib/sanctions/sanction-records';
import { useRequiredParam } from '../../lib/use-required-param';
import { EvidenceLine, OutcomeBadge, senderText } from './report-parts';
import { MESSAGE_ID_REQUIRED, resolvedText } from './report-texts';
import { ResolutionNoteDialog } from './resolution-note-dialog';

const link = 'font-medium text-neon-cyan underline-offset-4 hover:underline';

/** What the sanction dialog is opened with: the message's sender, channel and text. */
export interface ReportSanctionRequest {
  characterId: string;
  characterName: string;
  channelId: string;
  channelName: string;
  quote: string;
}

interface Props {
  /** The sanctions feature's dialog (admin-console.tsx wires it): `issueWith` resolves the reports with the sanction. */
  renderSanctionDialog: (request: ReportSanctionRequest, issueWith: (input: IssueSanctionInput) => Promise<unknown>, onClose: () => void) => ReactNode;
}

function ReportItem({ report }: { report: ReportRecord }) {
  return (
    <li data-testid="report" className="rounded-lg border border-white/10 px-3 py-2 text-sm">
      <p className="flex flex-wrap items-center gap-2">
        <span className="font-semibold text-white">{reasonLabel(report.reason)}</span>
        <span className="text-slate-300">by {report.reporterCharacterName || 'a deleted character'}</span>
        <span className="text-xs text-slate-400">{formatLocalTime(report.createdAtMs)}</span>
        <OutcomeBadge outcome={report.outcome} />
      </p>
      {report.details && <p className="mt-1 whitespace-pre-wrap break-words text-slate-100">{report.details}</p>}
    </li>
  );
}

/** /admin/reports/:messageId: a reported message, its reports, the frozen evidence, and its resolution. */
export default function ReportedMessagePage({ renderSanctionDialog }: Props) {
  const messageId = useRequiredParam('messageId', MESSAGE_ID_REQUIRED);
  const reported = useReportedMessage(messageId);
  const resolve = useResolveReport();
  const notify = useNotify();
  const [noteAction, setNoteAction] = useState<'deleted' | 'dismissed' | null>(null);
  const [sanctioning, setSanctioning] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const data = reported.data;

  if (reported.isError) {
    return (
      <ItemLoadError
        what="reported message"
        error={reported.error}
        onRetry={() => void reported.refetch()}
        backTo="/admin/reports"
        backLabel="Back to reports"
      />
    );
  }

  const open = data ? openCount(data.reports) : 0;

  function onNote(note: string) {
    if (!noteAction) return;
    setFailure(null);
    const outcome = noteAction;
    resolve.mutate(
      { messageId, outcome, note },
      {
        onSuccess: () => {
          setNoteAction(null);
          notify.success(resolvedText(outcome, open));
        },
        onError: (error) => setFailure(rpcFailureText(error)),
      },
    );
  }

  const actions = data && open > 0 && (
    <>
      <button type="button" className={buttonClasses('secondary')} onClick={() => (setFailure(null), setNoteAction('dismissed'))}>
        Dismiss…
      </button>
      <button type="button" className={buttonClasses('secondary')} onClick={() => setSanctioning(true)}>
        Sanction sender…
      </button>
      <button type="button" className={buttonClasses('danger')} onClick={() => (setFailure(null), setNoteAction('deleted'))}>
        Delete message…
      </button>
    </>
  );

  return (
    <>
      <title>Reported message · SRO Admin</title>
      <PageHeader
        title={data ? `Message of ${senderText(data.message)}` : <span className="skeleton inline-block h-7 w-48 align-middle" />}
        description="Reported message"
        actions={actions}
      />
      <DescriptionList
        loading={!data}
        items={[
          { term: 'State', value: data && <OutcomeBadge outcome={data.outcome} /> },
          {
            term: 'Sender',
            value:
              data &&
              (data.message.senderName ? (
                <Link to={`/admin/characters/${data.message.senderId}`} className={link}>
                  {data.message.senderName}
                </Link>
              ) : (
                senderText(data.message)
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
                          <Link to={`/admin/sanctions/${data.sanctionId}`} className={link}>
                            View the sanction
                          </Link>
                        ),
                      },
                    ]
                  : []),
              ]
            : []),
        ]}
      />
      {data && (
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
            <ol className="space-y-1 rounded-xl border border-white/10 bg-night-900/70 p-2">
              {data.evidence.map((m) => (
                <EvidenceLine key={m.id} message={m} highlighted={m.id === data.message.id} />
              ))}
            </ol>
          </section>
        </div>
      )}
      <ResolutionNoteDialog action={noteAction} busy={resolve.isPending} failure={failure} onConfirm={onNote} onCancel={() => setNoteAction(null)} />
      {sanctioning &&
        data &&
        renderSanctionDialog(
          {
            characterId: data.message.senderId,
            characterName: senderText(data.message),
            channelId: data.message.channelId,
            channelName: data.message.channelName,
            quote: data.message.content,
          },
          (sanction) => resolve.mutateAsync({ messageId, outcome: 'sanctioned', sanction }),
          () => setSanctioning(false),
        )}
    </>
  );
}
