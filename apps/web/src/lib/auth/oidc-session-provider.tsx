import { useCallback, useEffect, useMemo, useState } from 'react';
import { UserManager } from 'oidc-client-ts';
import { AuthProvider, hasAuthParams, useAuth } from 'react-oidc-context';
import { useNotify } from '../../components/notifications/notification-context';
import type { RuntimeConfig } from '../runtime-config';
import { buildOidcSettings, safeReturnPath } from './oidc-settings';
import type { Session } from './session-context';
import { useInactivityLogout } from './use-inactivity-logout';
import { useCallbackErrorReport, useGetAccessToken, useLogoutNotice, useSessionProfile, useSignOut, useSilentCheck, useStartLogin } from './use-oidc-session';

interface Props {
  config: RuntimeConfig;
  /** Ask the provider silently for a session at start (false when a sign-in click brought this code in). */
  silentCheck: boolean;
  /** Client-side navigation (the router's), used to leave the callback URL. */
  navigate: (to: string) => void;
  onSessionChange: (session: Session) => void;
}

function isSignoutReturn(): boolean {
  const params = new URLSearchParams(window.location.search);
  return window.location.pathname === '/' && params.has('state') && !params.has('code') && !params.has('error');
}

export default function OidcSessionProvider({ config, silentCheck, navigate, onSessionChange }: Props) {
  const userManager = useMemo(() => new UserManager(buildOidcSettings(config)), [config]);
  // Only the registered redirect URI ('/') carries our callback parameters.
  const [isCallback] = useState(() => window.location.pathname === '/' && hasAuthParams());
  return (
    <AuthProvider
      userManager={userManager}
      skipSigninCallback={!isCallback}
      onSigninCallback={(user) => navigate(safeReturnPath((user?.state as { returnTo?: unknown } | undefined)?.returnTo))}
      matchSignoutCallback={isSignoutReturn}
      onSignoutCallback={() => navigate('/')}
    >
      <OidcSessionBridge
        userManager={userManager}
        accountUrl={config.accountUrl}
        isCallback={isCallback}
        silentCheck={silentCheck}
        navigate={navigate}
        onSessionChange={onSessionChange}
      />
    </AuthProvider>
  );
}

interface BridgeProps {
  userManager: UserManager;
  accountUrl: string;
  isCallback: boolean;
  silentCheck: boolean;
  navigate: (to: string) => void;
  onSessionChange: (session: Session) => void;
}

/** Adapts react-oidc-context to the app's Session interface and adds the session rules. */
function OidcSessionBridge({ userManager, accountUrl, isCallback, silentCheck, navigate, onSessionChange }: BridgeProps) {
  const auth = useAuth();
  const notify = useNotify();
  useLogoutNotice(notify);
  const silentCheckDone = useSilentCheck(auth, userManager, isCallback, silentCheck);
  useCallbackErrorReport(auth, userManager, notify, navigate);
  const profile = useSessionProfile(auth, notify);
  const getAccessToken = useGetAccessToken(userManager);
  const startLogin = useStartLogin(userManager, notify);
  const { signingOut, logout } = useSignOut(userManager);

  const logoutForInactivity = useCallback(() => void logout('inactivity'), [logout]);
  useInactivityLogout(!!profile.user, notify, logoutForInactivity);

  const status = signingOut ? 'signing-out' : !silentCheckDone || auth.isLoading ? 'loading' : profile.user ? 'authenticated' : 'anonymous';
  const session = useMemo<Session>(
    () => ({
      status,
      user: profile.user,
      accountUrl: accountUrl || null,
      login: (options) => startLogin(options?.returnTo, 'login'),
      stepUp: (options) => startLogin(options?.returnTo, 'step-up'),
      register: (options) => startLogin(options?.returnTo ?? '/', 'register'),
      logout,
      getAccessToken,
    }),
    [status, profile.user, accountUrl, startLogin, logout, getAccessToken],
  );

  useEffect(() => onSessionChange(session), [session, onSessionChange]);
  return null;
}
