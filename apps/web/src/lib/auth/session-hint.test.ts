import { describe, expect, it } from 'vitest';
import { forgetSignedIn, LOGOUT_REASON_KEY, rememberSignedIn, sessionStartReason } from './session-hint';

const at = (pathname: string, search = '') => ({ pathname, search });

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
