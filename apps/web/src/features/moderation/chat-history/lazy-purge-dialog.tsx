import { lazy, Suspense, useState, type ComponentProps } from 'react';
import type { PurgeDialog as Dialog } from './purge-dialog';

// The purge dialog (React Aria's modal and radio group, the sender picker) loads on the intent to purge.
const loadPurgeDialog = () => import('./purge-dialog');
const PurgeDialog = lazy(() => loadPurgeDialog().then((module) => ({ default: module.PurgeDialog })));

/** Starts loading the purge dialog (on hover or focus of 'Purge sender…') so the press opens it at once. */
const preloadPurgeDialog = () => void loadPurgeDialog().catch(() => {});
export const purgeIntent = { onMouseEnter: preloadPurgeDialog, onFocus: preloadPurgeDialog };

/** The purge dialog, mounted from the first opening on (so closing plays its animation). */
export function LazyPurgeDialog(props: ComponentProps<typeof Dialog>) {
  const [used, setUsed] = useState(false);
  if (props.open && !used) setUsed(true);
  if (!used) return null;
  return (
    <Suspense fallback={null}>
      <PurgeDialog {...props} />
    </Suspense>
  );
}
