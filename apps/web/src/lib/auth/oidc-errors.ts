import { MSG_PROFILE_ERROR, MSG_USERINFO_ERROR } from './session-messages';

// Replies from a prompt=none request that simply mean "nobody is signed in there".
const NO_SESSION_ERRORS = new Set(['login_required', 'interaction_required', 'consent_required', 'account_selection_required']);

export type SilentCheckOutcome = 'no-session' | 'blocked' | 'unreachable';

/**
 * Explains a failed silent check. A hidden iframe that never answers means the
 * provider's cookies (or framing) are blocked in this browser; a rejected fetch means
 * the provider is down.
 */
export function classifySilentError(error: unknown): SilentCheckOutcome {
  if (error instanceof Error && error.name === 'ErrorTimeout') return 'blocked';
  const code = (error as { error?: unknown } | null)?.error;
  if (typeof code === 'string' && NO_SESSION_ERRORS.has(code)) return 'no-session';
  return 'unreachable';
}

/**
 * The sign-in callback exchanges the code, then loads userinfo (groups). oidc-client-ts
 * does not tag which step failed: `userinfoRequested` (the browser's resource timing
 * shows a call to the userinfo endpoint) or the error text tells the two apart.
 */
export function signinCallbackMessage(error: unknown, userinfoRequested = false): string {
  const text = error instanceof Error ? error.message : String(error);
  return userinfoRequested || /user ?info/i.test(text) ? MSG_USERINFO_ERROR : MSG_PROFILE_ERROR;
}

/** Whether this page has called `endpoint` (Resource Timing lists failed calls too). */
export function wasRequested(endpoint: string | null | undefined): boolean {
  if (!endpoint || typeof performance?.getEntriesByType !== 'function') return false;
  return performance.getEntriesByType('resource').some((entry) => entry.name.startsWith(endpoint));
}
