import type { LogoutReason } from './session-context';
import { LOGOUT_REASON_KEY } from './session-hint';

// The inactivity notice must survive the sign-out round trip through the identity
// provider, so the reason waits in sessionStorage until the app starts again.

/** What the next start of the app tells the user: why they were signed out, or that the provider was unreachable. */
export type LogoutNotice = LogoutReason | 'provider-unreachable';

export function rememberLogoutReason(reason: LogoutNotice): void {
  try {
    window.sessionStorage.setItem(LOGOUT_REASON_KEY, reason);
  } catch {
    // Storage can be disabled; the notice is then shown only if we stay on the page.
  }
}

export function takeLogoutReason(): LogoutNotice | null {
  try {
    const value = window.sessionStorage.getItem(LOGOUT_REASON_KEY);
    window.sessionStorage.removeItem(LOGOUT_REASON_KEY);
    return value === 'user' || value === 'inactivity' || value === 'provider-unreachable' ? value : null;
  } catch {
    return null;
  }
}
