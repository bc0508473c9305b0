import { ReasonDialog } from '../../../components/modal/reason-dialog';
import { MAX_REASON_LENGTH } from './sanction-form-schema';
import { REVOKE_REASON_REQUIRED } from './sanction-texts';

interface Props {
  open: boolean;
  busy: boolean;
  /** The server's refusal, shown in the dialog (e.g. a moderator revoking an account ban). */
  failure: string | null;
  onRevoke: (reason: string) => void;
  onCancel: () => void;
}

function revokeReasonError(reason: string): string | null {
  const trimmed = reason.trim();
  if (trimmed === '') return REVOKE_REASON_REQUIRED;
  if ([...trimmed].length > MAX_REASON_LENGTH) return `Reason must be at most ${MAX_REASON_LENGTH} characters`;
  return null;
}

/** Asks why before revoking; the reason is required (1..500 characters) and recorded with the revocation. */
export function RevokeDialog({ open, busy, failure, onRevoke, onCancel }: Props) {
  return (
    <ReasonDialog
      open={open}
      title="Revoke sanction"
      reasonLabel="Reason for revoking"
      validate={revokeReasonError}
      confirmLabel="Revoke"
      busyLabel="Revoking…"
      busy={busy}
      failure={failure && `Could not revoke the sanction. ${failure}`}
      onConfirm={onRevoke}
      onCancel={onCancel}
    >
      <p className="text-sm text-slate-300">The sanction ends now. The player can play and chat again unless another sanction applies.</p>
    </ReasonDialog>
  );
}
