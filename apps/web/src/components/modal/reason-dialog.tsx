import { useEffect, useId, useState, type ReactNode } from 'react';
import { Button, Dialog, Heading, Modal, ModalOverlay } from 'react-aria-components';
import { buttonClasses } from '../button-styles';
import { inputClasses } from '../form/field-error';

export const MAX_REASON_LENGTH = 500;
export const REASON_REQUIRED = 'A reason is required';

/** Why a reason cannot be sent, or null (1..500 characters after trimming). */
export function reasonError(reason: string): string | null {
  const trimmed = reason.trim();
  if (trimmed === '') return REASON_REQUIRED;
  if ([...trimmed].length > MAX_REASON_LENGTH) return `Reason must be at most ${MAX_REASON_LENGTH} characters`;
  return null;
}

interface Props {
  open: boolean;
  title: string;
  /** What will happen (and, e.g., the message quoted). */
  children?: ReactNode;
  reasonLabel?: string;
  /** Why the text cannot be sent, or null; reasonError by default. */
  validate?: (text: string) => string | null | undefined;
  /** The confirm button's look: 'danger' for what cannot be undone. */
  tone?: 'danger' | 'primary';
  confirmLabel: string;
  busyLabel: string;
  busy: boolean;
  /** The server's refusal, shown in the dialog. */
  failure: string | null;
  onConfirm: (reason: string) => void;
  onCancel: () => void;
}

/** An action that must say why: the reason is required (1..500 characters by default) and is recorded with it. */
export function ReasonDialog({
  open,
  title,
  children,
  reasonLabel = 'Reason',
  validate = reasonError,
  tone = 'danger',
  confirmLabel,
  busyLabel,
  busy,
  failure,
  onConfirm,
  onCancel,
}: Props) {
  const ids = { reason: useId(), error: useId() };
  const [reason, setReason] = useState('');
  const [tried, setTried] = useState(false);
  useEffect(() => {
    if (!open) return;
    setReason('');
    setTried(false);
  }, [open]);
  const error = tried ? (validate(reason) ?? null) : null;

  function submit(event: React.FormEvent) {
    event.preventDefault();
    setTried(true);
    if (validate(reason) || busy) return;
    onConfirm(reason.trim());
  }

  return (
    <ModalOverlay
      isOpen={open}
      onOpenChange={(next) => !next && onCancel()}
      isDismissable={!busy}
      isKeyboardDismissDisabled={busy}
      className="fixed inset-0 z-50 flex items-end justify-center bg-black/70 p-4 data-[entering]:animate-fade-in data-[exiting]:animate-fade-out sm:items-center"
    >
      <Modal className="relative max-h-[90vh] w-full max-w-md overflow-y-auto rounded-xl border border-white/15 bg-night-900 p-6 shadow-2xl shadow-black/60 data-[entering]:animate-modal-in data-[exiting]:animate-modal-out">
        <Dialog className="outline-none">
          <form onSubmit={submit} noValidate className="space-y-4">
            <Heading slot="title" className="text-lg font-semibold text-white">
              {title}
            </Heading>
            {children}
            <div>
              <label htmlFor={ids.reason} className="mb-1 block text-sm font-medium text-slate-200">
                {reasonLabel}
              </label>
              <textarea
                id={ids.reason}
                rows={3}
                // eslint-disable-next-line jsx-a11y/no-autofocus -- the dialog's answer goes here
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
              <p role="alert" className="rounded-lg border border-rose-400/40 bg-rose-950/30 px-3 py-2 text-sm text-rose-100">
                {failure}
              </p>
            )}
            <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
              <Button className={buttonClasses('secondary')} onPress={onCancel} isDisabled={busy}>
                Cancel
              </Button>
              <button type="submit" className={buttonClasses(tone)} disabled={busy} aria-busy={busy || undefined}>
                {busy ? busyLabel : confirmLabel}
              </button>
            </div>
          </form>
        </Dialog>
      </Modal>
    </ModalOverlay>
  );
}
