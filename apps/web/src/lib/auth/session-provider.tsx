import { lazy, Suspense, useCallback, useMemo, useState, type ReactNode } from 'react';
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
  const fallback = useMemo<Session>(() => {
    const explain = async () => void notify.error(MSG_LOGIN_NOT_CONFIGURED, { key: 'session-login' });
    return {
      status: fallbackStatus,
      user: null,
      accountUrl: null,
      // While loading, a click cannot do anything useful yet; once unavailable, explain.
      login: fallbackStatus === 'unavailable' ? explain : async () => {},
      register: fallbackStatus === 'unavailable' ? explain : async () => {},
      logout: async () => {},
      getAccessToken: async () => null,
    };
  }, [notify, fallbackStatus]);

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
