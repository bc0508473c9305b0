import { useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { useNotify } from '../../components/notifications/notification-context';
import type { RuntimeConfig } from '../runtime-config';
import { useLazyDefault } from '../use-lazy-default';
import { SessionContext, type Session, type SessionStatus } from './session-context';
import { configStartReason, finishSignOut, sessionStartReason } from './session-hint';
import { MSG_LOGIN_NOT_CONFIGURED } from './session-messages';

// oidc-client-ts and react-oidc-context are ~20 kB gzip. They load only when there is something for them to do:
// a session to restore or look for (session-hint.ts: our tokens, an earlier sign-in here, the embedded provider's
// session hint cookie), a return from the provider, the admin console, or a Login / 'Create an Account' click.
// A visitor without a session never downloads them — with the embedded provider. A provider on another origin
// (external Keycloak) hides its session from us, so there the silent check runs on every page load (docs/product.md#states-and-transitions).
const loadOidcSessionProvider = () => import('./oidc-session-provider');

/** Starts downloading the sign-in code (on hover or focus of a sign-in button) so a click redirects sooner. */
export function preloadSignIn(): void {
  void loadOidcSessionProvider();
}

/**
 * 'check': run the sign-in code at start, with the silent session check.
 * 'demand': a sign-in button was used; no silent check, the click redirects to the provider.
 */
type OidcNeed = 'check' | 'demand';

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
  const [requested, setNeed] = useState<OidcNeed | null>(() => {
    finishSignOut();
    if (!sessionStartReason()) return null;
    // Known before /app-config.json arrives: fetch the sign-in code alongside it, not after it.
    preloadSignIn();
    return 'check';
  });
  const need = requested ?? (config && configStartReason(config.oidc.authority) ? 'check' : null);
  const [oidcSession, setOidcSession] = useState<Session | null>(null);
  // Without the sign-in code, a visitor is signed out: nothing is stored or known about a session.
  const fallbackStatus: SessionStatus = config === null ? 'unavailable' : need ? 'loading' : 'anonymous';
  // A Login or 'Create an Account' click that comes before the sign-in code has
  // loaded is kept and carried out as soon as it can be (or explained if it cannot).
  const pending = useRef<((session: Session | null) => void) | null>(null);
  const fallback = useMemo<Session>(() => {
    const explain = async () => void notify.error(MSG_LOGIN_NOT_CONFIGURED, { key: 'session-login' });
    const later = (start: (session: Session) => Promise<void>) => () =>
      new Promise<void>((resolve) => {
        pending.current = (session) => void (session ? start(session) : explain()).then(resolve);
        setNeed((current) => current ?? 'demand');
      });
    const unavailable = fallbackStatus === 'unavailable';
    return {
      status: fallbackStatus,
      user: null,
      accountUrl: null,
      login: unavailable ? explain : (options) => later((s) => s.login(options))(),
      stepUp: unavailable ? explain : (options) => later((s) => s.stepUp(options))(),
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
      {config && need && <OidcSession config={config} silentCheck={need === 'check'} navigate={replaceTo} onSessionChange={setOidcSession} />}
      <SessionContext value={(config && oidcSession) || fallback}>{children}</SessionContext>
    </>
  );
}

type OidcSessionProps = Parameters<Awaited<ReturnType<typeof loadOidcSessionProvider>>['default']>[0];

/**
 * The sign-in code, mounted once it has loaded. Not React.lazy: a Suspense reveal waits up to 300 ms after its
 * fallback showed, and on a cold /admin load that wait came before the first data request (use-lazy-default.ts).
 */
function OidcSession(props: OidcSessionProps) {
  const OidcSessionProvider = useLazyDefault(loadOidcSessionProvider);
  return OidcSessionProvider && <OidcSessionProvider {...props} />;
}
