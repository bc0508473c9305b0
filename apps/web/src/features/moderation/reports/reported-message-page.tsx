import { useState, type ReactNode } from 'react';
import { buttonClasses } from '../../../components/button-styles';
import { DescriptionList } from '../../../components/description-list';
import { ItemLoadError } from '../../../components/load-error';
import { useNotify } from '../../../components/notifications/notification-context';
import { PageHeader } from '../../../components/page-header';
import { useReportedMessage, useResolveReport } from '../../../lib/api/reports';
import type { IssueSanctionInput } from '../../../lib/api/sanctions';
import { openCount } from '../../../lib/reports/report-records';
import { rpcFailureText } from '../../../lib/rpc/rpc-error';
import { useRequiredParam } from '../../../lib/use-required-param';
import { senderText } from './report-parts';
import { reportedMessageItems, ReportsAndEvidence } from './reported-message-parts';
import { MESSAGE_ID_REQUIRED, resolvedText } from './report-texts';
import { ResolutionNoteDialog } from './resolution-note-dialog';
import { useAreaHref } from '../../../lib/area-links';

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
  const href = useAreaHref();

  if (reported.isError) {
    return (
      <ItemLoadError
        what="reported message"
        error={reported.error}
        onRetry={() => void reported.refetch()}
        backTo={href('reports') ?? '/'}
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
      <DescriptionList loading={!data} items={reportedMessageItems(data)} />
      {data && <ReportsAndEvidence data={data} />}
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
