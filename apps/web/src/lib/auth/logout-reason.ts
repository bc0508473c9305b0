import type { LogoutReason } from './session-context';

// The inactivity notice must survive the sign-out round trip through the identity
// provider, so the reason waits in sessionStorage until the app starts again.
const KEY = 'sro.logout-reason';

export function rememberLogoutReason(reason: LogoutReason): void {
  try {
    window.sessionStorage.setItem(KEY, reason);
  } catch {
    // Storage can be disabled; the notice is then shown only if we stay on the page.
  }
}

export function takeLogoutReason(): LogoutReason | null {
  try {
    const value = window.sessionStorage.getItem(KEY);
    window.sessionStorage.removeItem(KEY);
    return value === 'user' || value === 'inactivity' ? value : null;
  } catch {
    return null;
  }
}
