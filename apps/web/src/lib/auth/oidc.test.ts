import { describe, expect, it, vi } from 'vitest';
import { buildOidcSettings, currentPath, safeReturnPath, SILENT_CHECK_PATH } from './oidc-settings';
import { classifySilentError, signinCallbackMessage, wasRequested } from './oidc-errors';

const config = {
  oidc: { authority: 'http://localhost:8080/realms/default', clientId: 'sro-web' },
  identityAdminUrl: '',
  accountUrl: '',
  apiBaseUrl: '',
};

describe('buildOidcSettings', () => {
  it('follows the documented sign-in: code flow, openid profile, userinfo, 15 s refresh, no session iframe', () => {
    const s = buildOidcSettings(config, 'https://game.test');
    expect(s).toMatchObject({
      authority: 'http://localhost:8080/realms/default',
      client_id: 'sro-web',
      redirect_uri: 'https://game.test/',
      silent_redirect_uri: `https://game.test${SILENT_CHECK_PATH}`,
      post_logout_redirect_uri: 'https://game.test/',
      response_type: 'code',
      scope: 'openid profile',
      loadUserInfo: true,
      automaticSilentRenew: true,
      accessTokenExpiringNotificationTimeInSeconds: 15,
      monitorSession: false,
      staleStateAgeInSeconds: 3600,
    });
  });
});

describe('return paths', () => {
  it('accepts same-origin paths only', () => {
    expect(safeReturnPath('/admin/maps?x=1#y')).toBe('/admin/maps?x=1#y');
    expect(safeReturnPath('//evil.test/')).toBe('/');
    expect(safeReturnPath('https://evil.test/')).toBe('/');
    expect(safeReturnPath(undefined)).toBe('/');
  });

  it('captures path, query and hash', () => {
    expect(currentPath({ pathname: '/admin', search: '?a=1', hash: '#b' })).toBe('/admin?a=1#b');
  });
});

describe('oidc errors', () => {
  it('classifies silent check failures', () => {
    expect(classifySilentError(Object.assign(new Error('login required'), { error: 'login_required' }))).toBe('no-session');
    expect(classifySilentError(Object.assign(new Error('IFrame timed out'), { name: 'ErrorTimeout' }))).toBe('blocked');
    expect(classifySilentError(new TypeError('Failed to fetch'))).toBe('unreachable');
  });

  it('maps callback failures to the documented messages', () => {
    expect(signinCallbackMessage(new Error('subject from UserInfo response does not match'))).toBe('Error loading user info');
    expect(signinCallbackMessage(new Error('Invalid response Content-Type: text/html, from URL: https://x/userinfo'))).toBe('Error loading user info');
    expect(signinCallbackMessage(new Error('invalid_grant'))).toBe('Error loading user profile');
    expect(signinCallbackMessage(new Error('Internal Server Error (500)'), true)).toBe('Error loading user info');
  });

  it('finds calls to an endpoint in resource timing', () => {
    const entries = [{ name: 'https://idp.test/realms/default/protocol/openid-connect/userinfo' }];
    const spy = vi.spyOn(performance, 'getEntriesByType').mockReturnValue(entries as PerformanceEntryList);
    expect(wasRequested('https://idp.test/realms/default/protocol/openid-connect/userinfo')).toBe(true);
    expect(wasRequested('https://idp.test/realms/default/protocol/openid-connect/token')).toBe(false);
    expect(wasRequested(null)).toBe(false);
    spy.mockRestore();
  });
});
