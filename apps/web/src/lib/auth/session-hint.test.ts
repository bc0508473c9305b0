import { afterEach, describe, expect, it } from 'vitest';
import {
  configStartReason,
  dropStoredTokens,
  finishSignOut,
  markSigningOut,
  forgetSignedIn,
  onSignedOutElsewhere,
  LOGOUT_REASON_KEY,
  rememberSignedIn,
  SESSION_HINT_COOKIE,
  sessionStartReason,
} from './session-hint';

const at = (pathname: string, search = '') => ({ pathname, search });
const clearHint = () => void (document.cookie = `${SESSION_HINT_COOKIE}=; Path=/; Max-Age=0`);

afterEach(clearHint);

describe('sessionStartReason', () => {
  it('is null for a first visit to a public page', () => {
    expect(sessionStartReason(at('/'))).toBeNull();
    expect(sessionStartReason(at('/blog/7', '?utm=x'))).toBeNull();
    expect(sessionStartReason(at('/administrator'))).toBeNull();
  });

  it('restores tokens this tab holds', () => {
    window.sessionStorage.setItem('sro.oidc.user:http://idp.test/realms/default:sro-web', '{}');
    expect(sessionStartReason(at('/'))).toBe('stored-session');
  });

  it('asks the provider after an earlier sign-in on this browser, until sign-out or "no session"', () => {
    rememberSignedIn();
    expect(sessionStartReason(at('/'))).toBe('signed-in-before');
    forgetSignedIn();
    expect(sessionStartReason(at('/'))).toBeNull();
  });

  it('asks the provider when its session hint cookie says it may have a session (e.g. from the account page)', () => {
    document.cookie = 'other=x; Path=/';
    expect(sessionStartReason(at('/'))).toBeNull();
    document.cookie = `${SESSION_HINT_COOKIE}=1; Path=/; SameSite=Lax`;
    expect(sessionStartReason(at('/'))).toBe('provider-session');
    expect(sessionStartReason(at('/blog/7'))).toBe('provider-session');
  });

  it('"no session" deletes the hint too, so a stale one costs one check', () => {
    document.cookie = `${SESSION_HINT_COOKIE}=1; Path=/`;
    rememberSignedIn();
    forgetSignedIn();
    expect(document.cookie).not.toContain(SESSION_HINT_COOKIE);
    expect(document.cookie).toContain('other=x');
    expect(sessionStartReason(at('/'))).toBeNull();
  });

  it('finishes returns from the provider: sign-in callback, its error, sign-out', () => {
    expect(sessionStartReason(at('/', '?code=c&state=s'))).toBe('auth-return');
    expect(sessionStartReason(at('/', '?error=access_denied&state=s'))).toBe('auth-return');
    expect(sessionStartReason(at('/', '?state=s'))).toBe('auth-return');
  });

  it('shows a pending inactivity notice, and checks before the admin console', () => {
    window.sessionStorage.setItem(LOGOUT_REASON_KEY, 'inactivity');
    expect(sessionStartReason(at('/'))).toBe('logout-notice');
    window.sessionStorage.clear();
    expect(sessionStartReason(at('/admin'))).toBe('admin-route');
    expect(sessionStartReason(at('/admin/maps', '?page=2'))).toBe('admin-route');
  });
});

describe('configStartReason', () => {
  const origin = 'https://sro.example';
  it('is null for the embedded provider on our own origin', () => {
    expect(configStartReason('https://sro.example/realms/default', origin)).toBeNull();
    expect(configStartReason('/realms/default', origin)).toBeNull();
  });

  it('asks at every start when the provider is on another origin (its cookies are out of sight)', () => {
    expect(configStartReason('https://sso.example/realms/default', origin)).toBe('provider-elsewhere');
    expect(configStartReason('http://sro.example/realms/default', origin)).toBe('provider-elsewhere');
    expect(configStartReason('https://sro.example:8443/realms/default', origin)).toBe('provider-elsewhere');
    expect(configStartReason('http://[bad', origin)).toBe('provider-elsewhere');
  });
});

describe('onSignedOutElsewhere', () => {
  it('fires when another tab removes the signed-in mark, not for other keys or when it is set', () => {
    let calls = 0;
    const stop = onSignedOutElsewhere(() => calls++);
    window.dispatchEvent(new StorageEvent('storage', { key: 'sro.query-cache', newValue: null }));
    window.dispatchEvent(new StorageEvent('storage', { key: 'sro.signed-in', newValue: '1' }));
    expect(calls).toBe(0);
    window.dispatchEvent(new StorageEvent('storage', { key: 'sro.signed-in', newValue: null }));
    window.dispatchEvent(new StorageEvent('storage', { key: null, newValue: null }));
    expect(calls).toBe(2);
    stop();
    window.dispatchEvent(new StorageEvent('storage', { key: 'sro.signed-in', newValue: null }));
    expect(calls).toBe(2);
  });
});

describe('dropStoredTokens', () => {
  it('removes the stored users of this tab and nothing else', () => {
    window.sessionStorage.setItem('sro.oidc.user:http://x:sro-web', '{}');
    window.sessionStorage.setItem(LOGOUT_REASON_KEY, 'inactivity');
    dropStoredTokens();
    expect(window.sessionStorage.getItem('sro.oidc.user:http://x:sro-web')).toBeNull();
    expect(window.sessionStorage.getItem(LOGOUT_REASON_KEY)).toBe('inactivity');
    window.sessionStorage.clear();
  });
});

describe('finishSignOut', () => {
  it('after a sign-out of this tab: drops stale tokens, the signed-in mark and the hint, once', () => {
    expect(finishSignOut()).toBe(false);
    markSigningOut();
    // A token renewal that finished after the sign-out began stored a user again; the provider's hint is stale.
    window.sessionStorage.setItem('sro.oidc.user:http://x:sro-web', '{}');
    rememberSignedIn();
    document.cookie = `${SESSION_HINT_COOKIE}=1; Path=/`;
    expect(finishSignOut()).toBe(true);
    expect(sessionStartReason(at('/'))).toBeNull();
    expect(sessionStartReason(at('/admin'))).toBe('admin-route');
    expect(finishSignOut()).toBe(false);
  });
});
