import { useState } from 'react';
import { buttonClasses } from './button-styles';
import { ConfirmModal } from './modal/confirm-modal';

interface Props {
  /** The button's text, e.g. 'Delete' or 'Delete Chat'. */
  label?: string;
  title: string;
  message: string;
  /** Runs the delete; the modal stays open and busy until it settles. */
  onConfirm: () => Promise<unknown>;
}

/** A Delete button guarded by the confirmation modal (SPEC §2, §4). */
export function DeleteWithConfirm({ label = 'Delete', title, message, onConfirm }: Props) {
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  async function confirm() {
    setBusy(true);
    try {
      await onConfirm();
    } finally {
      setBusy(false);
      setOpen(false);
    }
  }
  return (
    <>
      <button type="button" className={buttonClasses('danger')} onClick={() => setOpen(true)}>
        {label}
      </button>
      <ConfirmModal open={open} busy={busy} title={title} message={message} onConfirm={() => void confirm()} onCancel={() => setOpen(false)} />
    </>
  );
}
