import { lazy, Suspense, useState, type ComponentProps } from 'react';
import type { DeleteMessageDialog as Dialog } from './delete-message-dialog';

// The dialog (React Aria's modal, the reason field) loads when a message is first deleted, not with the page.
const DeleteMessageDialog = lazy(() => import('./delete-message-dialog').then((module) => ({ default: module.DeleteMessageDialog })));

/** "Delete message", mounted from the first deletion on (so closing plays its animation). */
export function LazyDeleteMessageDialog(props: ComponentProps<typeof Dialog>) {
  const [used, setUsed] = useState(false);
  if (props.message !== null && !used) setUsed(true);
  if (!used) return null;
  return (
    <Suspense fallback={null}>
      <DeleteMessageDialog {...props} />
    </Suspense>
  );
}
