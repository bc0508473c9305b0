import { useId, useState } from 'react';
import { Button, Heading } from 'react-aria-components';
import { buttonClasses } from '../../../components/button-styles';
import { AppealModal, TextAreaField } from '../../../components/modal/appeal-modal';
import { useDecideApproval } from '../../../lib/api/approvals';
import { appealTextProblem } from '../../../lib/appeals/appeal-records';
import { useSession } from '../../../lib/auth/session-context';
import { isStepUpRequired } from '../../../lib/auth/step-up';
import { rpcFailureText } from '../../../lib/rpc/rpc-error';

export const MAX_APPROVAL_REASON = 500;

export interface DecideTarget {
  approvalId: string;
  approve: boolean;
  what: string;
}

interface Props {
  target: DecideTarget | null;
  onClose: () => void;
  onDecided: (target: DecideTarget) => void;
}

/** Approve or reject one request with a reason (1..500 characters). */
export function ApprovalDecideDialog({ target, onClose, onDecided }: Props) {
  return (
    <AppealModal open={target !== null} onClose={onClose}>
      {target && <DecideForm target={target} onClose={onClose} onDecided={onDecided} />}
    </AppealModal>
  );
}

function DecideForm({ target, onClose, onDecided }: Props & { target: DecideTarget }) {
  const decide = useDecideApproval();
  const session = useSession();
  const ids = { reason: useId(), reasonError: useId() };
  const [reason, setReason] = useState('');
  const [tried, setTried] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const reasonError = tried || reason !== '' ? appealTextProblem(reason, MAX_APPROVAL_REASON, 'Give the reason') : undefined;
  const verb = target.approve ? 'Approve' : 'Reject';

  async function submit(event: React.FormEvent) {
    event.preventDefault();
    setTried(true);
    if (appealTextProblem(reason, MAX_APPROVAL_REASON) || decide.isPending) return;
    setFailure(null);
    try {
      await decide.mutateAsync({ approvalId: target.approvalId, approve: target.approve, reason });
      onDecided(target);
    } catch (error) {
      // Approving is destructive: an old sign-in signs in again, then the request is still here to approve.
      if (isStepUpRequired(error)) return void session.stepUp();
      setFailure(rpcFailureText(error));
    }
  }

  return (
    <form onSubmit={(e) => void submit(e)} noValidate className="space-y-4">
      <Heading slot="title" className="text-lg font-semibold text-white">
        {verb} the {target.what}
      </Heading>
      <TextAreaField
        id={ids.reason}
        errorId={ids.reasonError}
        label="Reason"
        value={reason}
        onChange={setReason}
        error={reasonError}
        max={MAX_APPROVAL_REASON}
      />
      {failure && (
        <p role="alert" className="rounded-lg border border-rose-400/40 bg-rose-950/30 px-3 py-2 text-sm text-rose-100">
          Could not decide the request. {failure}
        </p>
      )}
      <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
        <Button className={buttonClasses('secondary')} onPress={onClose} isDisabled={decide.isPending}>
          Cancel
        </Button>
        <button type="submit" className={buttonClasses('primary')} disabled={decide.isPending} aria-busy={decide.isPending || undefined}>
          {decide.isPending ? 'Saving…' : verb}
        </button>
      </div>
    </form>
  );
}
