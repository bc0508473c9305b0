import { useState } from 'react';
import { useNotify } from '../../../components/notifications/notification-context';
import { useDecideApproval } from '../../../lib/api/approvals';
import { useStepUpAction } from '../../../lib/auth/use-step-up-action';
import { rpcFailureText } from '../../../lib/rpc/rpc-error';

export interface DecideTarget {
  approvalId: string;
  approve: boolean;
  what: string;
}

/** A decision as the decider confirmed it: what is kept across signing in again. */
export interface Decision extends DecideTarget {
  reason: string;
}

const savedDecision = (saved: unknown): Decision | undefined => {
  const d = saved as Partial<Decision> | null;
  return typeof d?.approvalId === 'string' && typeof d.approve === 'boolean' && typeof d.what === 'string' && typeof d.reason === 'string'
    ? { approvalId: d.approvalId, approve: d.approve, what: d.what, reason: d.reason }
    : undefined;
};

/**
 * The decide dialog's state and its one write. Deciding may need a recent sign-in (docs/identity.md "Step-up"): then
 * the decision and its reason are kept, and back on the screen the dialog opens with them and the decision is sent.
 */
export function useApprovalDecision() {
  const decide = useDecideApproval();
  const notify = useNotify();
  const [target, setTarget] = useState<DecideTarget | Decision | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const send = useStepUpAction({
    action: 'approval-decide',
    parse: savedDecision,
    run: async (d: Decision) => {
      setTarget(d);
      setFailure(null);
      await decide.mutateAsync(d);
      setTarget(null);
      notify.success(d.approve ? `Approved: the ${d.what} was carried out.` : `Rejected: the ${d.what} will not happen.`);
    },
    onFailure: (error) => setFailure(rpcFailureText(error)),
  });
  return {
    target,
    failure,
    pending: decide.isPending,
    open: (t: DecideTarget) => {
      setFailure(null);
      setTarget(t);
    },
    close: () => setTarget(null),
    submit: (reason: string) => (target ? send({ ...target, reason }) : Promise.resolve()),
  };
}
