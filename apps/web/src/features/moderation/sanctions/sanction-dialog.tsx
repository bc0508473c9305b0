import { useId, useState } from 'react';
import { Dialog, Modal, ModalOverlay } from 'react-aria-components';
import { useNotify } from '../../../components/notifications/notification-context';
import { useSingleSubmit } from '../../../components/form/use-single-submit';
import { useIssueSanction, type IssueSanctionInput } from '../../../lib/api/sanctions';
import { rpcFailureText } from '../../../lib/rpc/rpc-error';
import { useCan } from '../../../lib/access/capabilities';
import {
  KindAndSubjectFields,
  ReasonAndMessageFields,
  SanctionDurationFields,
  SanctionFormActions,
  SanctionFormIntro,
  ScopeFields,
  type ShownError,
} from './sanction-form-fields';
import { toIssueInput, type SanctionFormValues, type SanctionPrefill, type SanctionTarget } from './sanction-form-schema';
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
}

/**
 * Issue a sanction on a character or its owner's account: kind, scope, duration, reason and the player's message,
 * prefilled with the next step of the escalation ladder. React Aria's modal: focus stays inside, Escape closes
 * (not while saving), focus returns to the opener.
 */
export function SanctionDialog({ open, onClose, target, prefill = {}, issueWith }: SanctionDialogProps) {
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
          <SanctionForm target={target} prefill={prefill} onClose={onClose} issueWith={issueWith} />
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
}: {
  target: SanctionTarget;
  prefill: SanctionPrefill;
  onClose: () => void;
  issueWith?: SanctionDialogProps['issueWith'];
}) {
  // The account-ban option only for whom the server grants it (docs/permissions.md "Capabilities").
  const admin = useCan()('sanctions.account-ban');
  const notify = useNotify();
  const issue = useIssueSanction();
  const [failure, setFailure] = useState<string | null>(null);
  const errorId = useId();
  const { form, accountWide, suggestion, choose } = useSanctionPrefill(target, prefill, admin);
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
      setFailure(rpcFailureText(error));
    }
  }

  const submitOnce = useSingleSubmit(handleSubmit(submit));
  return (
    <form onSubmit={submitOnce} noValidate aria-describedby={failure ? errorId : undefined} className="space-y-5">
      <SanctionFormIntro target={target} accountWide={accountWide} quote={prefill.quote} suggestion={suggestion} />
      <KindAndSubjectFields control={control} shown={shown} admin={admin} choose={choose} />
      <ScopeFields control={control} shown={shown} prefill={prefill} />
      <SanctionDurationFields control={control} shown={shown} choose={choose} />
      <ReasonAndMessageFields control={control} shown={shown} />
      <SanctionFormActions failure={failure} errorId={errorId} pending={pending} onClose={onClose} />
    </form>
  );
}
