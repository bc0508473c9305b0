import { createContext, use } from 'react';
import type { SessionUser } from './claims';

export type SessionStatus =
  /** Start-up: restoring a stored session or running the silent check. */
  | 'loading'
  | 'anonymous'
  | 'authenticated'
  /**
   * Sign-out (or inactivity logout) has started: the tokens are going and the browser is about to leave for the
   * provider's logout. Guards must not start a login now — that redirect used to win the race and sign back in.
   */
  | 'signing-out'
  /** No identity configuration (app-config missing): the public site still works. */
  | 'unavailable';

export type LogoutReason = 'user' | 'inactivity';

export interface Session {
  status: SessionStatus;
  user: SessionUser | null;
  /** The identity provider's account page ('Your Profile'). */
  accountUrl: string | null;
  /** Redirects to the provider; comes back to `returnTo` (default: the current URL). */
  login(options?: { returnTo?: string }): Promise<void>;
  /**
   * Signs in again at the provider even though a session exists there (OIDC prompt=login, max_age=0), for an action
   * that needs a recent sign-in (lib/auth/step-up.ts); comes back to `returnTo` (default: the current URL).
   */
  stepUp(options?: { returnTo?: string }): Promise<void>;
  /** Starts registration at the provider (OIDC prompt=create). */
  register(options?: { returnTo?: string }): Promise<void>;
  logout(reason?: LogoutReason): Promise<void>;
  /** A token valid for at least `minValiditySeconds` (default 30), or null when signed out. */
  getAccessToken: (minValiditySeconds?: number) => Promise<string | null>;
}

export const SessionContext = createContext<Session | null>(null);

export function useSession(): Session {
  const session = use(SessionContext);
  if (!session) throw new Error('useSession must be used inside a session provider');
  return session;
}
