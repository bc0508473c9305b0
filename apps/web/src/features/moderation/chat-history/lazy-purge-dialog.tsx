import { lazy, Suspense, useState, type ComponentProps } from 'react';
import type { PurgeDialog as Dialog } from './purge-dialog';
import { PURGE_STEP_UP_ACTION } from './purge-step-up';

// The purge dialog (React Aria's modal and radio group, the sender picker) loads on the intent to purge.
const loadPurgeDialog = () => import('./purge-dialog');
const PurgeDialog = lazy(() => loadPurgeDialog().then((module) => ({ default: module.PurgeDialog })));

/** Starts loading the purge dialog (on hover or focus of 'Purge sender…') so the press opens it at once. */
const preloadPurgeDialog = () => void loadPurgeDialog().catch(() => {});
export const purgeIntent = { onMouseEnter: preloadPurgeDialog, onFocus: preloadPurgeDialog };

/** Back from signing in again for a purge (lib/auth/step-up.ts): the page opens the dialog, which resumes it. */
// The key is lib/auth/step-up.ts's, written out: importing it would add a chunk to this route.
export const resumingPurge = () => String(sessionStorage.getItem('sro.step-up.pending')).includes(`"${PURGE_STEP_UP_ACTION}"`);

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
