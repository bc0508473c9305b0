import { lazy, Suspense, useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { useNotify } from '../../components/notifications/notification-context';
import type { RuntimeConfig } from '../runtime-config';
import { SessionContext, type Session, type SessionStatus } from './session-context';
import { MSG_LOGIN_NOT_CONFIGURED } from './session-messages';

// oidc-client-ts is ~17 kB gzip: it loads right after first paint instead of delaying it.
const OidcSessionProvider = lazy(() => import('./oidc-session-provider'));

interface Props {
  /** undefined while /app-config.json is loading, null when it could not be loaded. */
  config: RuntimeConfig | null | undefined;
  children: ReactNode;
}

/**
 * Provides the Session. The OIDC machinery runs beside the children rather than
 * around them, so the page tree is not remounted when it arrives.
 */
export function SessionProvider({ config, children }: Props) {
  const notify = useNotify();
  const navigate = useNavigate();
  const replaceTo = useCallback((to: string) => void navigate(to, { replace: true }), [navigate]);
  const [oidcSession, setOidcSession] = useState<Session | null>(null);
  const fallbackStatus: SessionStatus = config === null ? 'unavailable' : 'loading';
  // A Login or 'Create an Account' click that comes before the sign-in code has
  // loaded is kept and carried out as soon as it can be (or explained if it cannot).
  const pending = useRef<((session: Session | null) => void) | null>(null);
  const fallback = useMemo<Session>(() => {
    const explain = async () => void notify.error(MSG_LOGIN_NOT_CONFIGURED, { key: 'session-login' });
    const later =
      (start: (session: Session) => Promise<void>) =>
      () =>
        new Promise<void>((resolve) => {
          pending.current = (session) => void (session ? start(session) : explain()).then(resolve);
        });
    const unavailable = fallbackStatus === 'unavailable';
    return {
      status: fallbackStatus,
      user: null,
      accountUrl: null,
      login: unavailable ? explain : (options) => later((s) => s.login(options))(),
      register: unavailable ? explain : (options) => later((s) => s.register(options))(),
      logout: async () => {},
      getAccessToken: async () => null,
    };
  }, [notify, fallbackStatus]);

  useEffect(() => {
    const run = pending.current;
    if (!run || (config !== null && !oidcSession)) return;
    pending.current = null;
    run(config === null ? null : oidcSession);
  }, [config, oidcSession]);

  return (
    <>
      {config && (
        <Suspense fallback={null}>
          <OidcSessionProvider config={config} navigate={replaceTo} onSessionChange={setOidcSession} />
        </Suspense>
      )}
      <SessionContext value={(config && oidcSession) || fallback}>{children}</SessionContext>
    </>
  );
}
