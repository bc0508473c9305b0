import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { createRequire } from 'node:module';

// A stand-in single-page app on its own origin (E2E_CLIENT_PORT) for the OIDC client-library tests: it serves a
// page running keycloak-js or oidc-client-ts unmodified at every path (the provider allows this origin's '/*'). A real server rather than page.route, because redirects back from the
// provider would bypass Playwright's routing. Being cross-origin, it also exercises the provider's CORS.

const require = createRequire(import.meta.url);
const keycloakJs = readFileSync(require.resolve('keycloak-js'), 'utf8');
const oidcClientTs = readFileSync(require.resolve('oidc-client-ts').replace(/dist\/.*$/, 'dist/browser/oidc-client-ts.min.js'), 'utf8');
// The SPA's own silent check page and script (one page answers both libraries).
const silentHtml = readFileSync(new URL('../../apps/web/public/silent-check-sso.html', import.meta.url), 'utf8');
const silentJs = readFileSync(new URL('../../apps/web/public/silent-check-sso.js', import.meta.url), 'utf8');

const html = (body: string) => `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>client test</title></head><body>${body}</body></html>`;

/** keycloak-js as an app would use it; state lands on window.kc / window.kcInit. */
const keycloakPage = (identityUrl: string) =>
  html(`<h1>keycloak-js test page</h1><script type="module">
import Keycloak from '/__test/keycloak.js';
const kc = new Keycloak({ url: ${JSON.stringify(identityUrl)}, realm: 'default', clientId: 'sro-web' });
window.kc = kc;
window.api = ${JSON.stringify(identityUrl)};
window.kcInit = kc.init({
  onLoad: 'check-sso',
  silentCheckSsoRedirectUri: location.origin + '/silent-check-sso.html',
  // At the root, the bare origin (no trailing slash), as the original Angular front end sends it; on a deep link,
  // keycloak-js's default: the page's own URL.
  ...(location.pathname === '/' ? { redirectUri: location.origin } : {}),
  pkceMethod: 'S256',
  checkLoginIframe: false,
  scope: 'openid profile',
}).then((authenticated) => ({ authenticated }), (error) => ({ error: String(error && (error.error || error.message || error)) }));
</script>`);

/** oidc-client-ts configured like the SPA (apps/web/src/lib/auth/oidc-settings.ts), without automatic renew. */
const oidcClientPage = (identityUrl: string) =>
  html(`<h1>oidc-client-ts test page</h1><script src="/__test/oidc-client-ts.min.js"></script><script type="module">
const mgr = new oidc.UserManager({
  authority: ${JSON.stringify(`${identityUrl}/realms/default`)},
  client_id: 'sro-web',
  redirect_uri: location.origin + '/',
  silent_redirect_uri: location.origin + '/silent-check-sso.html',
  post_logout_redirect_uri: location.origin + '/',
  response_type: 'code',
  scope: 'openid profile',
  loadUserInfo: true,
  automaticSilentRenew: false,
  monitorSession: false,
});
window.mgr = mgr;
const params = new URLSearchParams(location.search);
window.oidcReady = (params.has('code') || params.has('error')
  ? mgr.signinRedirectCallback().then((user) => { history.replaceState(null, '', '/'); return user; })
  : mgr.getUser()
).then((user) => ({ user: user && { profile: user.profile, hasRefresh: !!user.refresh_token } }), (error) => ({ error: String(error) }));
</script>`);

export type ClientLibrary = 'keycloak-js' | 'oidc-client-ts';

export interface ClientApp {
  origin: string;
  /** Which library the page at '/' runs. */
  library: ClientLibrary;
  close(): Promise<void>;
}

export async function startClientApp(identityUrl: string): Promise<ClientApp> {
  const port = Number(process.env.E2E_CLIENT_PORT);
  const app: ClientApp = { origin: `http://localhost:${port}`, library: 'keycloak-js', close: async () => {} };
  const files: Record<string, () => [string, string]> = {
    '/': () => ['text/html', app.library === 'keycloak-js' ? keycloakPage(identityUrl) : oidcClientPage(identityUrl)],
    '/silent-check-sso.html': () => ['text/html', silentHtml],
    '/silent-check-sso.js': () => ['text/javascript', silentJs],
    '/__test/keycloak.js': () => ['text/javascript', keycloakJs],
    '/__test/oidc-client-ts.min.js': () => ['text/javascript', oidcClientTs],
  };
  const server: Server = createServer((req, res) => {
    const path = new URL(req.url ?? '/', app.origin).pathname;
    // Deep links get the app page (history fallback), as an SPA host would serve them.
    const file = files[path] ?? (path.startsWith('/__test/') ? undefined : files['/']);
    if (!file) return void res.writeHead(404).end();
    const [type, body] = file();
    res.writeHead(200, { 'content-type': `${type}; charset=utf-8`, 'cache-control': 'no-store' }).end(body);
  });
  await new Promise<void>((resolve) => server.listen(port, 'localhost', resolve));
  app.close = () => new Promise<void>((resolve) => server.close(() => resolve()));
  return app;
}
