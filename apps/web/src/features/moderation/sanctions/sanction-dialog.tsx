import { useEffect, useId, useRef, useState } from 'react';
import { Dialog, Modal, ModalOverlay } from 'react-aria-components';
import { useNotify } from '../../../components/notifications/notification-context';
import { useSingleSubmit } from '../../../components/form/use-single-submit';
import { useIssueSanction, type IssueSanctionInput } from '../../../lib/api/sanctions';
import { rpcFailureText } from '../../../lib/rpc/rpc-error';
import { useCan } from '../../../lib/access/capabilities';
import { useSession } from '../../../lib/auth/session-context';
import { isStepUpRequired, savePendingAction } from '../../../lib/auth/step-up';
import {
  KindAndSubjectFields,
  ReasonAndMessageFields,
  SanctionDurationFields,
  SanctionFormActions,
  SanctionFormIntro,
  ScopeFields,
  type ShownError,
} from './sanction-form-fields';
import { sanctionFormSchema, toIssueInput, type SanctionFormValues, type SanctionPrefill, type SanctionTarget } from './sanction-form-schema';
import { issuedText } from './sanction-texts';
import { useSanctionPrefill } from './use-sanction-prefill';

export interface SanctionDialogProps {
  open: boolean;
  onClose: () => void;
  target: SanctionTarget;
  prefill?: SanctionPrefill;
  /**
   * Issues the sanction another way than IssueSanction (a report's resolution: the sanction and the resolution in
   * one step). Absent: IssueSanction.
   */
  issueWith?: (input: IssueSanctionInput) => Promise<unknown>;
  /**
   * Where a refusal for an old sign-in keeps the form (lib/auth/step-up.ts) before signing in again; the host opens
   * the dialog with `restored` once back. Absent: the refusal shows like any other.
   */
  stepUpAction?: string;
  /** Values kept across a step-up: the form starts from them and issues the sanction at once. */
  restored?: unknown;
}

/**
 * Issue a sanction on a character or its owner's account: kind, scope, duration, reason and the player's message,
 * prefilled with the next step of the escalation ladder. React Aria's modal: focus stays inside, Escape closes
 * (not while saving), focus returns to the opener.
 */
export function SanctionDialog({ open, onClose, target, prefill = {}, issueWith, stepUpAction, restored }: SanctionDialogProps) {
  return (
    <ModalOverlay
      isOpen={open}
      onOpenChange={(next) => !next && onClose()}
      isDismissable
      className="fixed inset-0 z-50 flex items-end justify-center overflow-y-auto bg-black/70 p-2 data-[entering]:animate-fade-in data-[exiting]:animate-fade-out sm:items-center sm:p-4"
    >
      <Modal className="relative max-h-[calc(100dvh-1rem)] w-full max-w-xl overflow-y-auto rounded-xl border border-white/15 bg-night-900 p-5 shadow-2xl shadow-black/60 data-[entering]:animate-modal-in data-[exiting]:animate-modal-out sm:p-6">
        <Dialog className="outline-none">
          {/* Mounted per opening: every opening starts from the prefill and a fresh suggestion. */}
          <SanctionForm target={target} prefill={prefill} onClose={onClose} issueWith={issueWith} stepUpAction={stepUpAction} restored={restored} />
        </Dialog>
      </Modal>
    </ModalOverlay>
  );
}

function SanctionForm({
  target,
  prefill,
  onClose,
  issueWith,
  stepUpAction,
  restored,
}: Pick<SanctionDialogProps, 'issueWith' | 'stepUpAction' | 'restored'> & { target: SanctionTarget; prefill: SanctionPrefill; onClose: () => void }) {
  // The account-ban option only for whom the server grants it (docs/permissions.md "Capabilities").
  const admin = useCan()('sanctions.account-ban');
  const notify = useNotify();
  const session = useSession();
  const issue = useIssueSanction();
  const [failure, setFailure] = useState<string | null>(null);
  const errorId = useId();
  const [resumed] = useState(() => sanctionFormSchema.safeParse(restored).data);
  const { form, accountWide, suggestion, choose } = useSanctionPrefill(target, prefill, admin, resumed);
  const { control, handleSubmit, getFieldState, formState } = form;

  // Errors show once a field was touched or a submit was tried.
  const shown: ShownError = (name) => {
    const state = getFieldState(name, formState);
    return state.error && (state.isTouched || state.isDirty || formState.isSubmitted) ? state.error.message : undefined;
  };

  const pending = issue.isPending || formState.isSubmitting;

  async function submit(values: SanctionFormValues) {
    setFailure(null);
    try {
      const input = { ...toIssueInput(values, target), sourceMessageId: prefill.sourceMessageId };
      if (issueWith) {
        await issueWith(input);
        notify.success(issuedText({ ...input, characterName: target.characterName, accountName: target.accountName ?? '' }, target));
      } else {
        notify.success(issuedText(await issue.mutateAsync(input), target));
      }
      onClose();
    } catch (error) {
      if (stepUpAction && isStepUpRequired(error)) {
        savePendingAction(stepUpAction, values);
        return session.stepUp();
      }
      setFailure(rpcFailureText(error));
    }
  }

  const submitOnce = useSingleSubmit(handleSubmit(submit));
  const formRef = useRef<HTMLFormElement>(null);
  // Back from signing in again: the moderator already chose to issue this sanction, so it goes out as it was.
  const resubmitted = useRef(false);
  useEffect(() => {
    if (!resumed || resubmitted.current) return;
    resubmitted.current = true;
    formRef.current?.requestSubmit();
  }, [resumed]);
  return (
    <form ref={formRef} onSubmit={submitOnce} noValidate aria-describedby={failure ? errorId : undefined} className="space-y-5">
      <SanctionFormIntro target={target} accountWide={accountWide} quote={prefill.quote} suggestion={suggestion} />
      {resumed && (
        <p role="status" className="rounded-lg border border-cyan-400/30 bg-cyan-950/30 px-3 py-2 text-sm text-cyan-100">
          You signed in again. Issuing the sanction as you filled it in.
        </p>
      )}
      <KindAndSubjectFields control={control} shown={shown} admin={admin} choose={choose} />
      <ScopeFields control={control} shown={shown} prefill={prefill} />
      <SanctionDurationFields control={control} shown={shown} choose={choose} />
      <ReasonAndMessageFields control={control} shown={shown} />
      <SanctionFormActions failure={failure} errorId={errorId} pending={pending} onClose={onClose} />
    </form>
  );
}
