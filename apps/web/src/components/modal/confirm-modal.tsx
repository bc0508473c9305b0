import { useId, useRef } from 'react';
import { createPortal } from 'react-dom';
import { buttonClasses } from '../button-styles';
import { MODAL_EXIT_MS, usePresence } from '../motion/use-presence';
import { useFocusTrap } from './use-focus-trap';

interface Props {
  open: boolean;
  title: string;
  message: string;
  confirmLabel?: string;
  cancelLabel?: string;
  /** Disables the buttons while the confirmed action runs. */
  busy?: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}

/** Delete confirmation (SPEC §2): title, message, 'Delete' and Cancel. */
export function ConfirmModal({
  open,
  title,
  message,
  confirmLabel = 'Delete',
  cancelLabel = 'Cancel',
  busy = false,
  onConfirm,
  onCancel,
}: Props) {
  const { mounted, closing } = usePresence(open, MODAL_EXIT_MS);
  const dialogRef = useRef<HTMLDivElement>(null);
  const cancelRef = useRef<HTMLButtonElement>(null);
  const titleId = useId();
  const messageId = useId();
  // Focus starts on Cancel: the safe choice for a destructive dialog.
  useFocusTrap(dialogRef, open, onCancel, cancelRef);

  if (!mounted) return null;
  return createPortal(
    <div className="fixed inset-0 z-50 flex items-end justify-center p-4 sm:items-center">
      <div
        aria-hidden="true"
        className={`absolute inset-0 bg-black/70 ${closing ? 'animate-fade-out' : 'animate-fade-in'}`}
        onClick={busy ? undefined : onCancel}
      />
      <div
        ref={dialogRef}
        role="alertdialog"
        aria-modal="true"
        aria-labelledby={titleId}
        aria-describedby={messageId}
        className={`relative w-full max-w-md rounded-xl border border-white/15 bg-night-900 p-6 shadow-2xl shadow-black/60 ${
          closing ? 'animate-modal-out' : 'animate-modal-in'
        }`}
      >
        <div className="flex gap-4">
          <div className="flex size-10 shrink-0 items-center justify-center rounded-full bg-rose-500/15" aria-hidden="true">
            <svg viewBox="0 0 24 24" className="size-6 text-rose-300" fill="none">
              <path d="M12 9v4m0 3h.01M10.3 3.9L2.5 17.5A2 2 0 004.2 20.5h15.6a2 2 0 001.7-3L13.7 3.9a2 2 0 00-3.4 0z" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" strokeLinejoin="round" />
            </svg>
          </div>
          <div className="min-w-0">
            <h2 id={titleId} className="text-lg font-semibold text-white">
              {title}
            </h2>
            <p id={messageId} className="mt-2 text-sm text-slate-300">
              {message}
            </p>
          </div>
        </div>
        <div className="mt-6 flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
          <button ref={cancelRef} type="button" className={buttonClasses('secondary')} onClick={onCancel} disabled={busy}>
            {cancelLabel}
          </button>
          <button type="button" className={buttonClasses('danger')} onClick={onConfirm} disabled={busy}>
            {confirmLabel}
          </button>
        </div>
      </div>
    </div>,
    document.body,
  );
}
