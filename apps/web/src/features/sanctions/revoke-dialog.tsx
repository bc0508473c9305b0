import { useEffect, useId, useState } from 'react';
import { Button, Dialog, Heading, Modal, ModalOverlay } from 'react-aria-components';
import { buttonClasses } from '../../components/button-styles';
import { inputClasses } from '../../components/form/field-error';
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

/** Asks why before revoking; the reason is required (1..500 characters) and recorded with the revocation. */
export function RevokeDialog({ open, busy, failure, onRevoke, onCancel }: Props) {
  const ids = { reason: useId(), error: useId(), failure: useId() };
  const [reason, setReason] = useState('');
  const [tried, setTried] = useState(false);
  // Every opening starts blank.
  useEffect(() => {
    if (!open) return;
    setReason('');
    setTried(false);
  }, [open]);
  const trimmed = reason.trim();
  const error = !tried
    ? null
    : trimmed === ''
      ? REVOKE_REASON_REQUIRED
      : trimmed.length > MAX_REASON_LENGTH
        ? `Reason must be at most ${MAX_REASON_LENGTH} characters`
        : null;

  function submit(event: React.FormEvent) {
    event.preventDefault();
    setTried(true);
    if (trimmed === '' || trimmed.length > MAX_REASON_LENGTH || busy) return;
    onRevoke(trimmed);
  }

  return (
    <ModalOverlay
      isOpen={open}
      onOpenChange={(next) => !next && onCancel()}
      isDismissable={!busy}
      isKeyboardDismissDisabled={busy}
      className="fixed inset-0 z-50 flex items-end justify-center bg-black/70 p-4 data-[entering]:animate-fade-in data-[exiting]:animate-fade-out sm:items-center"
    >
      <Modal className="relative w-full max-w-md rounded-xl border border-white/15 bg-night-900 p-6 shadow-2xl shadow-black/60 data-[entering]:animate-modal-in data-[exiting]:animate-modal-out">
        <Dialog className="outline-none">
          <form onSubmit={submit} noValidate className="space-y-4">
            <Heading slot="title" className="text-lg font-semibold text-white">
              Revoke sanction
            </Heading>
            <p className="text-sm text-slate-300">The sanction ends now. The player can play and chat again unless another sanction applies.</p>
            <div>
              <label htmlFor={ids.reason} className="mb-1 block text-sm font-medium text-slate-200">
                Reason for revoking
              </label>
              <textarea
                id={ids.reason}
                rows={3}
                // eslint-disable-next-line jsx-a11y/no-autofocus -- the dialog's one field: focus starts where the answer goes
                autoFocus
                value={reason}
                onChange={(e) => setReason(e.target.value)}
                onBlur={() => reason !== '' && setTried(true)}
                aria-invalid={error ? true : undefined}
                aria-describedby={error ? ids.error : undefined}
                className={inputClasses(!!error)}
              />
              {error && (
                <p id={ids.error} className="mt-1 text-sm text-rose-300">
                  {error}
                </p>
              )}
            </div>
            {failure && (
              <p id={ids.failure} role="alert" className="rounded-lg border border-rose-400/40 bg-rose-950/30 px-3 py-2 text-sm text-rose-100">
                Could not revoke the sanction. {failure}
              </p>
            )}
            <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
              <Button className={buttonClasses('secondary')} onPress={onCancel} isDisabled={busy}>
                Cancel
              </Button>
              <button type="submit" className={buttonClasses('danger')} disabled={busy} aria-busy={busy || undefined}>
                {busy ? 'Revoking…' : 'Revoke'}
              </button>
            </div>
          </form>
        </Dialog>
      </Modal>
    </ModalOverlay>
  );
}
