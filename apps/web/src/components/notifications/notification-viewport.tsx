import { lazy, Suspense, useEffect, type ComponentType } from 'react';
import type { AppNotification } from './notification-types';

interface Props {
  notifications: AppNotification[];
  onDismiss: (id: number) => void;
}

const loadStacks = () => import('./notification-stacks');
/** Screens that show notifications when the server may be gone (the admin console) fetch the stacks early. */
export function preloadNotificationStacks(): void {
  void loadStacks().catch(() => {});
}

// The visible stacks load with the first notification; most page views never show one. That first notification
// may say the server is gone, and then the chunk cannot load either: plain stacks stand in rather than the app
// failing as a whole.
const NotificationStacks = lazy<ComponentType<Props>>(() => loadStacks().catch(() => ({ default: PlainNotificationStacks })));

function PlainNotificationStacks({ notifications, onDismiss }: Props) {
  return (
    <section aria-label="Notifications" className="fixed right-0 top-0 z-[100] flex max-w-full flex-col gap-5 p-5">
      {notifications.map((notification) => (
        <PlainNotification key={notification.id} notification={notification} onDismiss={onDismiss} />
      ))}
    </section>
  );
}

/** Hides itself after its time like the full stacks do (no hover pause here); persistent ones stay. */
function PlainNotification({ notification, onDismiss }: { notification: AppNotification; onDismiss: (id: number) => void }) {
  const { id, message, persist, autohideMs } = notification;
  useEffect(() => {
    if (persist) return;
    const timer = window.setTimeout(() => onDismiss(id), autohideMs);
    return () => window.clearTimeout(timer);
  }, [id, persist, autohideMs, onDismiss]);
  return (
    <p data-testid="notification" className="flex max-w-sm items-start gap-3 rounded-lg border border-white/20 bg-night-900 px-4 py-3 text-sm text-slate-100">
      <span className="flex-1">{message}</span>
      <button type="button" onClick={() => onDismiss(id)} className="text-slate-300 hover:text-white">
        <span aria-hidden="true">×</span>
        <span className="sr-only">Dismiss</span>
      </button>
    </p>
  );
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
