import { lazy, Suspense, useState, type ComponentProps } from 'react';
import type { KickDialog as Dialog } from './kick-dialog';

// The dialog (React Aria's modal, the reason field) loads on the first Kick, not with the page.
const KickDialog = lazy(() => import('./kick-dialog').then((module) => ({ default: module.KickDialog })));

/** The kick dialog, mounted from the first kick on (so closing plays its animation). */
export function LazyKickDialog(props: ComponentProps<typeof Dialog>) {
  const [used, setUsed] = useState(false);
  if (props.target !== null && !used) setUsed(true);
  if (!used) return null;
  return (
    <Suspense fallback={null}>
      <KickDialog {...props} />
    </Suspense>
  );
}
