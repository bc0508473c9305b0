import { lazy, Suspense } from 'react';
import type { AppNotification } from './notification-types';

// The visible stacks load with the first notification; most page views never show one.
const NotificationStacks = lazy(() => import('./notification-stacks'));

interface Props {
  notifications: AppNotification[];
  onDismiss: (id: number) => void;
}

/**
 * Visible stacks plus two visually hidden live regions. The regions exist from the
 * start (screen readers ignore regions inserted together with their text) and announce
 * only the newest message, rather than re-reading the whole stack on every change.
 */
export function NotificationViewport({ notifications, onDismiss }: Props) {
  const assertive = notifications.filter((n) => n.type === 'error' || n.type === 'warning').at(-1);
  const polite = notifications.filter((n) => n.type !== 'error' && n.type !== 'warning').at(-1);
  return (
    <>
      {notifications.length > 0 && (
        <Suspense fallback={null}>
          <NotificationStacks notifications={notifications} onDismiss={onDismiss} />
        </Suspense>
      )}
      <div role="status" className="sr-only">
        {polite && <p key={polite.id}>{polite.message}</p>}
      </div>
      <div role="alert" className="sr-only">
        {assertive && <p key={assertive.id}>{assertive.message}</p>}
      </div>
    </>
  );
}
