import { WebStorageStateStore, type UserManagerSettings } from 'oidc-client-ts';
import type { RuntimeConfig } from '../runtime-config';
import { OIDC_STORE_PREFIX } from './session-hint';

/** docs/product.md#constants-and-limits: refresh 15 s before expiry; a token handed to a call must stay valid 30 s. */
export const TOKEN_REFRESH_BEFORE_EXPIRY_S = 15;
export const TOKEN_MIN_VALIDITY_S = 30;

/** The page the identity provider redirects hidden iframes to (silent check and silent renew). */
export const SILENT_CHECK_PATH = '/silent-check-sso.html';

export function buildOidcSettings(config: RuntimeConfig, origin = window.location.origin): UserManagerSettings {
  return {
    authority: config.oidc.authority,
    client_id: config.oidc.clientId,
    // One registered callback; the page the user started from travels in `state`.
    redirect_uri: `${origin}/`,
    silent_redirect_uri: `${origin}${SILENT_CHECK_PATH}`,
    post_logout_redirect_uri: `${origin}/`,
    response_type: 'code',
    scope: 'openid profile',
    loadUserInfo: true,
    automaticSilentRenew: true,
    accessTokenExpiringNotificationTimeInSeconds: TOKEN_REFRESH_BEFORE_EXPIRY_S,
    // No check-session iframe: it needs third-party cookies and polls the provider.
    monitorSession: false,
    // A same-origin provider answers the hidden iframe well within a second.
    silentRequestTimeoutInSeconds: 5,
    requestTimeoutInSeconds: 10,
    // Tokens live for the tab only; unfinished login states in localStorage so a
    // redirect that opens in a new tab still completes. Stale states expire after 1 h.
    userStore: new WebStorageStateStore({ store: window.sessionStorage, prefix: OIDC_STORE_PREFIX }),
    stateStore: new WebStorageStateStore({ store: window.localStorage, prefix: OIDC_STORE_PREFIX }),
    staleStateAgeInSeconds: 60 * 60,
  };
}

/** Where to come back to after a login redirect; only same-origin paths are honoured. */
export function safeReturnPath(value: unknown): string {
  if (typeof value !== 'string' || !value.startsWith('/') || value.startsWith('//')) return '/';
  return value;
}

export function currentPath(loc: Pick<Location, 'pathname' | 'search' | 'hash'> = window.location): string {
  return `${loc.pathname}${loc.search}${loc.hash}`;
}
