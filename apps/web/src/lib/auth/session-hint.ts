// Decides, without loading oidc-client-ts (~20 kB gzip), whether this page load has anything for the sign-in code
// to do. A visitor who never signed in on this browser gets the signed-out header at once and downloads the sign-in
// code only on Login or 'Create an Account'.

/** oidc-client-ts keys (users in sessionStorage, unfinished logins in localStorage) start with this. */
export const OIDC_STORE_PREFIX = 'sro.oidc.';
/** Where the reason of a sign-out waits for the round trip through the provider (logout-reason.ts). */
export const LOGOUT_REASON_KEY = 'sro.logout-reason';
/** Set in localStorage while this browser has a session at the provider (another tab may hold the tokens). */
const SIGNED_IN_KEY = 'sro.signed-in';
/**
 * Set by the embedded provider (same origin) while it has a signed-in session for this browser, however it was
 * started: the SPA, the account page, another app of this origin. Only "a session may exist", never who.
 * Server side: apps/server/src/identity/session-hint-cookie.ts.
 */
export const SESSION_HINT_COOKIE = 'sro_session_hint';

export type SessionStartReason =
  /** Tokens of this tab in sessionStorage: restore them (a reload keeps the user signed in). */
  | 'stored-session'
  /** Signed in on this browser before (another tab, or a tab since closed): ask the provider silently. */
  | 'signed-in-before'
  /** The provider (same origin) says it may have a session for this browser, e.g. from its account page. */
  | 'provider-session'
  /** Back from the provider: a sign-in callback (?code or ?error with state) or a sign-out return (?state). */
  | 'auth-return'
  /** The inactivity notice waits for the sign-out round trip to finish. */
  | 'logout-notice'
  /** The admin console needs a session: check silently before sending the visitor to sign in. */
  | 'admin-route'
  /** The provider is on another origin (e.g. an external Keycloak): its session cannot be seen from here, ask. */
  | 'provider-elsewhere';

function storage(kind: 'localStorage' | 'sessionStorage'): Storage | null {
  try {
    return window[kind];
  } catch {
    return null; // Storage disabled: there is nothing to restore either.
  }
}

function hasKey(store: Storage | null, test: (key: string) => boolean): boolean {
  if (!store) return false;
  for (let i = 0; i < store.length; i++) {
    const key = store.key(i);
    if (key !== null && test(key)) return true;
  }
  return false;
}

/** Why the sign-in code must run at start on this page load, or null when it has nothing to do. */
export function sessionStartReason(loc: Pick<Location, 'pathname' | 'search'> = window.location): SessionStartReason | null {
  const session = storage('sessionStorage');
  if (hasKey(session, (key) => key.startsWith(`${OIDC_STORE_PREFIX}user:`))) return 'stored-session';
  if (storage('localStorage')?.getItem(SIGNED_IN_KEY)) return 'signed-in-before';
  if (hasSessionHint()) return 'provider-session';
  if (loc.pathname === '/' && new URLSearchParams(loc.search).has('state')) return 'auth-return';
  if (session?.getItem(LOGOUT_REASON_KEY)) return 'logout-notice';
  if (loc.pathname === '/admin' || loc.pathname.startsWith('/admin/')) return 'admin-route';
  return null;
}

/**
 * Once the runtime config is known: a provider on another origin keeps its session cookies out of our sight, so the
 * silent check runs on every page load (docs/product.md#states-and-transitions first; the landing-page budget holds for the embedded provider).
 */
export function configStartReason(authority: string, origin: string = window.location.origin): SessionStartReason | null {
  try {
    return new URL(authority, origin).origin === origin ? null : 'provider-elsewhere';
  } catch {
    return 'provider-elsewhere';
  }
}

function hasSessionHint(): boolean {
  try {
    return document.cookie.split(';').some((part) => part.trim().startsWith(`${SESSION_HINT_COOKIE}=`));
  } catch {
    return false;
  }
}

/** A sign-in succeeded: later page loads (and other tabs) look for the session at the provider. */
export function rememberSignedIn(): void {
  try {
    storage('localStorage')?.setItem(SIGNED_IN_KEY, '1');
  } catch {
    // Quota or disabled storage: later loads simply start signed out.
  }
}

/** Signed out, or the provider says there is no session: later page loads start signed out without asking. */
export function forgetSignedIn(): void {
  storage('localStorage')?.removeItem(SIGNED_IN_KEY);
  // The provider's hint too (it may be stale: a session that expired there); the provider sets it again on sign-in.
  if (hasSessionHint()) {
    const secure = window.location.protocol === 'https:' ? '; Secure' : '';
    document.cookie = `${SESSION_HINT_COOKIE}=; Path=/; Max-Age=0; SameSite=Lax${secure}`;
  }
}

/**
 * Calls `onSignedOut` when another tab of this browser signs out (or learns there is no session at the provider):
 * this tab's tokens belong to the same provider session, so it follows rather than staying signed in.
 */
export function onSignedOutElsewhere(onSignedOut: () => void): () => void {
  const listener = (event: StorageEvent) => {
    // key null: the whole localStorage was cleared.
    if ((event.key === SIGNED_IN_KEY || event.key === null) && event.newValue === null) onSignedOut();
  };
  window.addEventListener('storage', listener);
  return () => window.removeEventListener('storage', listener);
}

/** Set in sessionStorage when this tab starts signing out; the next start of the app finishes the job. */
const SIGNING_OUT_KEY = 'sro.signing-out';

export function markSigningOut(): void {
  try {
    storage('sessionStorage')?.setItem(SIGNING_OUT_KEY, '1');
  } catch {
    // Storage disabled: there are no stored tokens to drop either.
  }
}

/**
 * At start, after a sign-out of this tab (back from the provider's logout, which need not carry any parameter, or
 * reloaded after another tab signed out): tokens still stored here are stale — a token renewal in flight when the
 * sign-out started can store them again after they were removed — and the session hint may be one the provider set
 * before it ended the session. Both go, so this load neither restores a user nor asks the provider (a silent check
 * racing the logout could find the session still there). Returns whether a sign-out was finished.
 */
export function finishSignOut(): boolean {
  const session = storage('sessionStorage');
  if (!session?.getItem(SIGNING_OUT_KEY)) return false;
  session.removeItem(SIGNING_OUT_KEY);
  dropStoredTokens();
  forgetSignedIn();
  return true;
}

/** Removes the tokens this tab stored (oidc-client-ts users). */
export function dropStoredTokens(): void {
  const session = storage('sessionStorage');
  if (!session) return;
  const keys: string[] = [];
  for (let i = 0; i < session.length; i++) {
    const key = session.key(i);
    if (key?.startsWith(`${OIDC_STORE_PREFIX}user:`)) keys.push(key);
  }
  for (const key of keys) session.removeItem(key);
}
