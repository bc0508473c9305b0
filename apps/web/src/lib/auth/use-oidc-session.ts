import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { User, UserManager } from 'oidc-client-ts';
import type { AuthContextProps } from 'react-oidc-context';
import type { Notify } from '../../components/notifications/notification-context';
import { sessionUserFromClaims } from './claims';
import { rememberLogoutReason, takeLogoutReason, type LogoutNotice } from './logout-reason';
import { classifySilentError, signinCallbackMessage, wasRequested } from './oidc-errors';
import { currentPath, safeReturnPath, TOKEN_MIN_VALIDITY_S } from './oidc-settings';
import type { LogoutReason } from './session-context';
import { forgetSignedIn, markSigningOut, onSignedOutElsewhere, rememberSignedIn } from './session-hint';
import { MSG_LOGGED_OUT_INACTIVE, MSG_LOGIN_UNAVAILABLE, MSG_LOGOUT_FAILED, MSG_PROFILE_ERROR, MSG_THIRD_PARTY_COOKIES } from './session-messages';
import { runSignOutCleanups } from './sign-out-cleanup';

const SESSION_ERROR = { persist: true, position: 'top-center' } as const;

/** The notice left by the sign-out that brought us back here, shown once. */
export function useLogoutNotice(notify: Notify): void {
  useEffect(() => {
    const reason = takeLogoutReason();
    if (reason === 'inactivity') notify.warning(MSG_LOGGED_OUT_INACTIVE, { persist: true });
    else if (reason === 'provider-unreachable') notify.warning(MSG_LOGOUT_FAILED);
  }, [notify]);
}

/** Whether the silent check at start (is there a session at the provider? never prompts) has finished. */
export function useSilentCheck(auth: AuthContextProps, userManager: UserManager, isCallback: boolean, silentCheck: boolean): boolean {
  const [silentCheckDone, setSilentCheckDone] = useState(false);
  const started = useRef(false);
  useEffect(() => {
    if (auth.isLoading || started.current) return;
    started.current = true;
    if (!silentCheck || isCallback || (auth.user && !auth.user.expired)) {
      setSilentCheckDone(true);
      return;
    }
    userManager
      .signinSilent()
      .catch((error: unknown) => {
        const outcome = classifySilentError(error);
        // Nobody is signed in at the provider: later page loads need not ask again.
        if (outcome === 'no-session') forgetSignedIn();
        else if (outcome === 'blocked') {
          console.warn(MSG_THIRD_PARTY_COOKIES);
          // Renewing through the hidden iframe would fail the same way.
          userManager.stopSilentRenew();
        } else if (outcome === 'unreachable') {
          console.warn('Silent sign-in check failed; continuing signed out.', error);
        }
      })
      .finally(() => setSilentCheckDone(true));
  }, [auth.isLoading, auth.user, isCallback, silentCheck, userManager]);
  return silentCheckDone;
}

/** A failed callback leaves ?code&state in the address bar: report it and clean up. */
export function useCallbackErrorReport(auth: AuthContextProps, userManager: UserManager, notify: Notify, navigate: (to: string) => void): void {
  const callbackError = auth.error?.source === 'signinCallback' ? auth.error : null;
  useEffect(() => {
    if (!callbackError) return;
    console.error('Sign-in callback failed', callbackError);
    void userManager.metadataService
      .getUserInfoEndpoint()
      .catch(() => null)
      .then((endpoint) => {
        const message = signinCallbackMessage(callbackError, wasRequested(endpoint));
        notify.error(message, { ...SESSION_ERROR, key: 'session-callback' });
      });
    navigate('/');
  }, [callbackError, notify, navigate, userManager]);
}

/** The signed-in user read from the token's claims; `failed` when the claims do not make one. */
export function useSessionProfile(auth: AuthContextProps, notify: Notify) {
  const oidcUser = auth.user && !auth.user.expired ? auth.user : null;
  const profile = useMemo(() => {
    if (!oidcUser) return { user: null, failed: false };
    try {
      return { user: sessionUserFromClaims(oidcUser.profile, oidcUser.access_token), failed: false };
    } catch (error) {
      console.error(error);
      return { user: null, failed: true };
    }
  }, [oidcUser]);
  useEffect(() => {
    if (profile.user) rememberSignedIn();
  }, [profile.user]);
  useEffect(() => {
    if (profile.failed) notify.error(MSG_PROFILE_ERROR, { ...SESSION_ERROR, key: 'session-profile' });
  }, [profile.failed, notify]);
  return profile;
}

/** The access token, renewed first when it expires within `minValiditySeconds`. */
export function useGetAccessToken(userManager: UserManager) {
  const refreshing = useRef<Promise<User | null> | null>(null);
  return useCallback(
    async (minValiditySeconds = TOKEN_MIN_VALIDITY_S) => {
      let user = await userManager.getUser();
      if (!user) return null;
      if ((user.expires_in ?? 0) < minValiditySeconds) {
        // Concurrent calls share one refresh.
        refreshing.current ??= userManager.signinSilent().finally(() => (refreshing.current = null));
        user = await refreshing.current.catch((error: unknown) => {
          console.warn('Token refresh failed', error);
          return null;
        });
      }
      return user?.access_token ?? null;
    },
    [userManager],
  );
}

/** What the provider is asked for: its sign-in, its registration, or a sign-in again despite a session (step-up). */
const PROMPTS = {
  login: {},
  register: { prompt: 'create' },
  'step-up': { prompt: 'login', max_age: 0 },
} as const;

/** Starts the redirect to the provider's sign-in (or registration) page. */
export function useStartLogin(userManager: UserManager, notify: Notify) {
  return useCallback(
    async (returnTo: string | undefined, kind: keyof typeof PROMPTS) => {
      try {
        // The provider must answer before oidc-client-ts prepares its redirect: when a sign-in fails after that, the
        // library calls window.stop(), which aborts every load in flight (a lazy page's code: "This page could not be
        // loaded" instead of "Sign in required"). signinRedirect reads the same, now cached, metadata.
        await userManager.metadataService.getMetadata();
        await userManager.signinRedirect({
          state: { returnTo: safeReturnPath(returnTo ?? currentPath()) },
          ...PROMPTS[kind],
        });
      } catch (error) {
        console.error('Could not start sign-in', error);
        notify.error(MSG_LOGIN_UNAVAILABLE, { key: 'session-login' });
      }
    },
    [userManager, notify],
  );
}

/** Sign-out, here or in another tab; `signingOut` is true from its start until the browser leaves the page. */
export function useSignOut(userManager: UserManager) {
  // While signing out, the session reports 'signing-out' rather than 'anonymous', until the browser leaves the page:
  // removing the tokens (before the redirect to the provider's logout) made the route guard of /admin pages start a
  // login redirect, which won the race against the logout redirect and signed the user straight back in. Where no
  // provider round trip follows, a full load of '/' (not a router navigation, which is a transition that can commit
  // after the guard has seen 'anonymous') leaves the guarded page and drops every entity held in memory.
  const [signingOut, setSigningOut] = useState(false);
  const leaveSignedOut = useCallback(
    async (notice: LogoutNotice | null) => {
      await userManager.removeUser();
      if (notice) rememberLogoutReason(notice);
      window.location.replace('/');
    },
    [userManager],
  );
  const logout = useCallback(
    async (reason: LogoutReason = 'user') => {
      setSigningOut(true);
      markSigningOut();
      // No token renewal may start now (one that finishes after the sign-out would store tokens again).
      userManager.stopSilentRenew();
      runSignOutCleanups();
      forgetSignedIn();
      if (reason === 'inactivity') rememberLogoutReason(reason);
      try {
        await userManager.signoutRedirect();
      } catch (error) {
        // The provider is unreachable: at least forget the tokens here.
        console.error('Sign-out redirect failed', error);
        await leaveSignedOut(takeLogoutReason() === 'inactivity' ? 'inactivity' : 'provider-unreachable');
      }
    },
    [userManager, leaveSignedOut],
  );

  // Another tab signed out: the provider session is gone, so this tab drops its tokens and cached data too.
  useEffect(
    () =>
      onSignedOutElsewhere(() => {
        setSigningOut(true);
        markSigningOut();
        runSignOutCleanups();
        void leaveSignedOut(null);
      }),
    [leaveSignedOut],
  );

  return { signingOut, logout };
}
