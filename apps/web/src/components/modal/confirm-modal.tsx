import { useId } from 'react';
import { Button, Dialog, Heading, Modal, ModalOverlay } from 'react-aria-components';
import { buttonClasses } from '../button-styles';

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

/**
 * Delete confirmation (docs/product.md#screens-and-routes): title, message, 'Delete' and Cancel. React Aria's modal keeps focus inside, closes
 * on Escape or the backdrop (not while busy) and gives focus back to the opener.
 */
export function ConfirmModal({ open, title, message, confirmLabel = 'Delete', cancelLabel = 'Cancel', busy = false, onConfirm, onCancel }: Props) {
  const messageId = useId();
  return (
    <ModalOverlay
      isOpen={open}
      onOpenChange={(next) => !next && onCancel()}
      isDismissable={!busy}
      isKeyboardDismissDisabled={busy}
      className="fixed inset-0 z-50 flex items-end justify-center bg-black/70 p-4 data-[entering]:animate-fade-in data-[exiting]:animate-fade-out sm:items-center"
    >
      <Modal className="relative w-full max-w-md rounded-xl border border-white/15 bg-night-900 p-6 shadow-2xl shadow-black/60 data-[entering]:animate-modal-in data-[exiting]:animate-modal-out">
        <Dialog role="alertdialog" aria-describedby={messageId} className="outline-none">
          <div className="flex gap-4">
            <div className="flex size-10 shrink-0 items-center justify-center rounded-full bg-rose-500/15" aria-hidden="true">
              <svg viewBox="0 0 24 24" className="size-6 text-rose-300" fill="none">
                <path
                  d="M12 9v4m0 3h.01M10.3 3.9L2.5 17.5A2 2 0 004.2 20.5h15.6a2 2 0 001.7-3L13.7 3.9a2 2 0 00-3.4 0z"
                  stroke="currentColor"
                  strokeWidth="1.8"
                  strokeLinecap="round"
                  strokeLinejoin="round"
                />
              </svg>
            </div>
            <div className="min-w-0">
              <Heading slot="title" className="text-lg font-semibold text-white">
                {title}
              </Heading>
              <p id={messageId} className="mt-2 text-sm text-slate-300">
                {message}
              </p>
            </div>
          </div>
          <div className="mt-6 flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
            {/* Focus starts on Cancel: the safe choice for a destructive dialog. */}
            <Button autoFocus className={buttonClasses('secondary')} onPress={onCancel} isDisabled={busy}>
              {cancelLabel}
            </Button>
            <Button className={buttonClasses('danger')} onPress={onConfirm} isDisabled={busy}>
              {confirmLabel}
            </Button>
          </div>
        </Dialog>
      </Modal>
    </ModalOverlay>
  );
}
