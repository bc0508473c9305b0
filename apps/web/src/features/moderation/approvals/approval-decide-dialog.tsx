import { useId, useState } from 'react';
import { Button, Heading } from 'react-aria-components';
import { buttonClasses } from '../../../components/button-styles';
import { AppealModal, TextAreaField } from '../../../components/modal/appeal-modal';
import { appealTextProblem } from '../../../lib/appeals/appeal-records';
import type { DecideTarget, Decision } from './use-approval-decision';

export const MAX_APPROVAL_REASON = 500;

interface Props {
  /** With a reason when the decision resumes after signing in again. */
  target: DecideTarget | Decision | null;
  pending: boolean;
  failure: string | null;
  onClose: () => void;
  onSubmit: (reason: string) => Promise<void>;
}

/** Approve or reject one request with a reason (1..500 characters); the screen's use-approval-decision sends it. */
export function ApprovalDecideDialog(props: Props) {
  return (
    <AppealModal open={props.target !== null} onClose={props.onClose}>
      {props.target && <DecideForm {...props} target={props.target} />}
    </AppealModal>
  );
}

function DecideForm({ target, pending, failure, onClose, onSubmit }: Props & { target: DecideTarget | Decision }) {
  const ids = { reason: useId(), reasonError: useId() };
  const [reason, setReason] = useState('reason' in target ? target.reason : '');
  const [tried, setTried] = useState(false);
  const reasonError = tried || reason !== '' ? appealTextProblem(reason, MAX_APPROVAL_REASON, 'Give the reason') : undefined;
  const verb = target.approve ? 'Approve' : 'Reject';

  function submit(event: React.FormEvent) {
    event.preventDefault();
    setTried(true);
    if (appealTextProblem(reason, MAX_APPROVAL_REASON) || pending) return;
    void onSubmit(reason);
  }

  return (
    <form onSubmit={submit} noValidate className="space-y-4">
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
        <Button className={buttonClasses('secondary')} onPress={onClose} isDisabled={pending}>
          Cancel
        </Button>
        <button type="submit" className={buttonClasses('primary')} disabled={pending} aria-busy={pending || undefined}>
          {pending ? 'Saving…' : verb}
        </button>
      </div>
    </form>
  );
}
