import { Button } from 'react-aria-components';
import { buttonClasses } from '../../../components/button-styles';
import { PlayerLink } from '../../../components/player-link';
import { QueuePage, useQueueView } from '../../../components/queue-page';
import { useApprovals, type ApprovalRecord } from '../../../lib/api/approvals';
import { useSession } from '../../../lib/auth/session-context';
import { formatLocalTime } from '../../../lib/sanctions/sanction-records';
import { ApprovalDecideDialog } from './approval-decide-dialog';
import { useApprovalDecision, type DecideTarget } from './use-approval-decision';

const STATE_LABELS: Record<ApprovalRecord['state'], string> = { pending: 'Pending', approved: 'Approved', rejected: 'Rejected', expired: 'Expired' };

/** What the request would do, up to its subject ('permanent account ban of ', 'purge of 240 messages of '). */
const actionLead = (a: ApprovalRecord) =>
  a.action === 'account-ban' ? 'permanent account ban of ' : `purge of ${a.messageCount} messages of ${a.accountPurge ? 'the account ' : ''}`;

/** What the request would do, in a few words ('permanent account ban of pia', 'purge of 240 messages of Pia'). */
export const actionText = (a: ApprovalRecord) => `${actionLead(a)}${a.subject}`;

function Entry({ approval, mine, decide }: { approval: ApprovalRecord; mine: boolean; decide: (t: DecideTarget) => void }) {
  const what = actionText(approval);
  const target = (approve: boolean) => decide({ approvalId: approval.id, approve, what });
  return (
    <li data-testid="approval" className="rounded-xl border border-white/10 bg-night-900/70 p-4">
      <div className="flex flex-wrap items-center gap-2 text-sm">
        <span className="rounded-full bg-white/10 px-2 py-0.5 text-xs font-semibold text-slate-100">{STATE_LABELS[approval.state]}</span>
        <span className="font-semibold text-white">
          {actionLead(approval)[0]!.toUpperCase() + actionLead(approval).slice(1)}
          <PlayerLink accountId={approval.subjectAccountId}>{approval.subject}</PlayerLink>
        </span>
      </div>
      <p className="mt-2 break-words border-l-2 border-white/20 pl-3 text-sm text-slate-100">
        <span className="font-semibold">Reason:</span> {approval.reason}
      </p>
      {approval.state !== 'pending' && approval.decidedByName && (
        <p className="mt-2 text-sm text-slate-300">
          {STATE_LABELS[approval.state]} by {approval.decidedByName}: {approval.decisionReason}
        </p>
      )}
      <div className="mt-3 flex flex-col gap-2 text-sm text-slate-300 sm:flex-row sm:items-center sm:justify-between">
        <p>
          Requested by {approval.requestedByName} {formatLocalTime(approval.requestedAtMs)}
          {approval.state === 'pending' && ` · expires ${formatLocalTime(approval.expiresAtMs)}`}
        </p>
        {approval.state === 'pending' &&
          (mine ? (
            <p>Waiting for another staff member.</p>
          ) : (
            <div className="flex gap-2">
              <Button className={buttonClasses('secondary')} onPress={() => target(false)} aria-label={`Reject the ${what}`}>
                Reject
              </Button>
              <Button className={buttonClasses('primary')} onPress={() => target(true)} aria-label={`Approve the ${what}`}>
                Approve
              </Button>
            </div>
          ))}
      </div>
    </li>
  );
}

/** /admin/approvals and /moderation/approvals: requests waiting for a second pair of eyes, oldest first. */
export default function ApprovalsPage() {
  const view = useQueueView();
  const query = useApprovals({ includeDecided: view.includeClosed, pageIndex: view.pageIndex, pageSize: view.pageSize });
  const me = useSession().user?.id;
  const decision = useApprovalDecision();
  return (
    <>
      <QueuePage
        title="Approvals"
        description="Permanent account bans and large purges wait here until another staff member approves or rejects them."
        closedLabel="Include decided"
        what="approval requests"
        listLabel="Approval requests"
        emptyText={view.includeClosed ? 'No action has needed approval yet.' : 'No requests waiting for approval.'}
        view={view}
        query={query}
        items={(page) => page.approvals.map((a) => <Entry key={a.id} approval={a} mine={a.requestedById === me} decide={decision.open} />)}
      />
      <ApprovalDecideDialog
        target={decision.target}
        pending={decision.pending}
        failure={decision.failure}
        onClose={decision.close}
        onSubmit={decision.submit}
      />
    </>
  );
}
