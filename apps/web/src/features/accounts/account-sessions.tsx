import { lazy, Suspense, useState } from 'react';
import { buttonClasses } from '../../components/button-styles';
import { ErrorPanel } from '../../components/error-panel';
import { RetryButton } from '../../components/load-error';
import { useNotify } from '../../components/notifications/notification-context';
import { useEndSessions, type AccountSession } from '../../lib/api/accounts';
import { formatLocalTime } from '../../lib/sanctions/sanction-records';
import { ALL_SESSIONS_ENDED, END_ALL_MESSAGE, END_ALL_TITLE, endFailed, endSessionLabel, NO_SESSIONS, SESSION_ENDED, sessionsFailed } from './account-texts';

// React Aria's modal loads on the intent to end every session (hover, focus, press), as DeleteWithConfirm's does.
const loadConfirmModal = () => import('../../components/modal/confirm-modal');
const ConfirmModal = lazy(() => loadConfirmModal().then((module) => ({ default: module.ConfirmModal })));
const preloadConfirmModal = () => void loadConfirmModal().catch(() => {});

interface Props {
  accountId: string;
  sessions: readonly AccountSession[] | undefined;
  error: unknown;
  onRetry: () => void;
}

const when = (ms: number) => <time dateTime={new Date(ms).toISOString()}>{formatLocalTime(ms)}</time>;
const messageOf = (e: unknown) => (e instanceof Error ? e.message : 'unknown error');
const clientsOf = (s: AccountSession) => (s.clients.length ? s.clients.join(', ') : 'no app');

/** The account's sign-in sessions (client, address, started, last seen), each with its end, and one end for all. */
export function AccountSessions({ accountId, sessions, error, onRetry }: Props) {
  const end = useEndSessions(accountId);
  const notify = useNotify();
  const [confirming, setConfirming] = useState(false);
  // Mounted from the first opening on, so closing plays its animation.
  const [asked, setAsked] = useState(false);
  if (confirming && !asked) setAsked(true);
  const run = (sessionId?: string) =>
    end.mutate(sessionId, {
      onSuccess: () => notify.success(sessionId ? SESSION_ENDED : ALL_SESSIONS_ENDED),
      onError: (e) => notify.error(endFailed(messageOf(e)), { persist: true, position: 'top-center' }),
      onSettled: () => setConfirming(false),
    });
  if (error && !sessions) {
    return (
      <ErrorPanel title="Could not load the sessions" message={sessionsFailed(messageOf(error))}>
        <RetryButton onRetry={onRetry} />
      </ErrorPanel>
    );
  }
  if (sessions?.length === 0) return <p className="text-sm text-slate-300">{NO_SESSIONS}</p>;
  return (
    <div className="space-y-3">
      <ul aria-label="Sessions" aria-busy={!sessions} className="divide-y divide-white/10 rounded-xl border border-white/10 bg-night-900/70">
        {!sessions ? (
          <li className="px-4 py-3">
            <span className="skeleton block h-5 w-48" />
            <span className="skeleton mt-1 block h-4 w-72" />
          </li>
        ) : (
          sessions.map((s) => (
            <li key={s.id} className="flex flex-wrap items-center justify-between gap-3 px-4 py-3">
              <div className="min-w-0 text-sm">
                <p className="font-medium text-white">
                  {clientsOf(s)} · {s.address || 'unknown address'}
                </p>
                <p className="text-slate-300">
                  Started {when(s.startedMs)} · last seen {when(s.lastSeenMs)}
                </p>
              </div>
              <button
                type="button"
                className={buttonClasses('secondary', 'sm')}
                aria-label={endSessionLabel(s.address || 'unknown address', clientsOf(s))}
                disabled={end.isPending}
                onClick={() => run(s.id)}
              >
                End this session
              </button>
            </li>
          ))
        )}
      </ul>
      {sessions && sessions.length > 0 && (
        <button
          type="button"
          className={buttonClasses('danger', 'sm')}
          disabled={end.isPending}
          onMouseEnter={preloadConfirmModal}
          onFocus={preloadConfirmModal}
          onClick={() => setConfirming(true)}
        >
          End all sessions
        </button>
      )}
      {asked && (
        <Suspense fallback={null}>
          <ConfirmModal
            open={confirming}
            busy={end.isPending}
            title={END_ALL_TITLE}
            message={END_ALL_MESSAGE}
            confirmLabel="End all sessions"
            onConfirm={() => run()}
            onCancel={() => setConfirming(false)}
          />
        </Suspense>
      )}
    </div>
  );
}
