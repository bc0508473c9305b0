import { lazy, Suspense, useState } from 'react';
import { buttonClasses } from './button-styles';
import { useWriteFeedback } from '../lib/api/use-write-feedback';
import { useNavigateWithFlash } from './notifications/flash';

// React Aria's modal loads on the intent to delete (hover, focus, press): a detail page does without it until then.
const loadConfirmModal = () => import('./modal/confirm-modal');
const ConfirmModal = lazy(() => loadConfirmModal().then((module) => ({ default: module.ConfirmModal })));
const preloadConfirmModal = () => void loadConfirmModal().catch(() => {});

interface Props {
  /** The button's text, e.g. 'Delete' or 'Delete Chat'. */
  label?: string;
  title: string;
  message: string;
  /** Runs the delete; the modal stays open and busy until it settles. */
  onConfirm: () => Promise<unknown>;
}

/** A Delete button guarded by the confirmation modal (docs/product.md#screens-and-routes, #states-and-transitions). */
export function DeleteWithConfirm({ label = 'Delete', title, message, onConfirm }: Props) {
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  // Mounted from the first opening on, so closing plays its animation.
  const [used, setUsed] = useState(false);
  if (open && !used) setUsed(true);
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
      <button type="button" className={buttonClasses('danger')} onMouseEnter={preloadConfirmModal} onFocus={preloadConfirmModal} onClick={() => setOpen(true)}>
        {label}
      </button>
      {used && (
        <Suspense fallback={null}>
          <ConfirmModal open={open} busy={busy} title={title} message={message} onConfirm={() => void confirm()} onCancel={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}

export interface DeleteAndReturnProps {
  /** What is deleted, as the failure text names it: 'Failed to delete the {what}. …'. */
  what: string;
  label?: string;
  title: string;
  message: string;
  /** The delete call. */
  remove: () => Promise<unknown>;
  /** Where the user goes after a successful delete, with `deletedMessage` as a success toast. */
  parentPath: string;
  deletedMessage: string;
}

/** The detail pages' delete: confirm, delete, then back to the parent list with the success toast, or the failure toast (docs/product.md#states-and-transitions, #texts-and-errors). */
export function DeleteAndReturn({ what, label, title, message, remove, parentPath, deletedMessage }: DeleteAndReturnProps) {
  const feedback = useWriteFeedback();
  const go = useNavigateWithFlash();
  return (
    <DeleteWithConfirm
      label={label}
      title={title}
      message={message}
      onConfirm={() =>
        remove().then(
          () => go(parentPath, { type: 'success', message: deletedMessage }),
          (error: unknown) => feedback.deleteFailed(what, error),
        )
      }
    />
  );
}
