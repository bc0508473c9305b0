import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { startClientApp, type ClientApp } from '../support/client-pages';
import { signInAtProvider } from '../support/provider';

const require = createRequire(import.meta.url);
const versionOf = (name: string) => JSON.parse(readFileSync(join(dirname(require.resolve(name)), '..', 'package.json'), 'utf8')).version as string;
const keycloakJs = `keycloak-js ${versionOf('keycloak-js')}`;

// The embedded provider with the real client libraries in Chromium, from a client on another
// origin (registered as an extra redirect URI origin), like an app in front of a real Keycloak.

let client: ClientApp;
test.beforeAll(async ({ baseURL }) => {
  client = await startClientApp(baseURL!);
});
test.afterAll(() => client.close());
const atClient = (url: URL) => url.origin === client.origin && url.pathname === '/';

type KcState = { authenticated?: boolean; error?: string };
const kcInit = (page: Page) => page.evaluate(() => (window as unknown as { kcInit: Promise<KcState> }).kcInit);

test(`${keycloakJs}: check-sso, login (redirect_uri = the bare origin), updateToken, loadUserProfile, loadUserInfo, silent-check-sso.html, logout`, async ({
  page,
}) => {
  client.library = 'keycloak-js';
  await page.goto(client.origin);
  expect(await kcInit(page)).toEqual({ authenticated: false });

  const [authorize] = await Promise.all([
    page.waitForRequest(/\/protocol\/openid-connect\/auth\?/),
    page.evaluate(() => void (window as unknown as { kc: { login(): Promise<void> } }).kc.login()),
  ]);
  expect(new URL(authorize.url()).searchParams.get('redirect_uri')).toBe(client.origin);
  await signInAtProvider(page, 'admin');
  await page.waitForURL(atClient);
  expect(await kcInit(page)).toEqual({ authenticated: true });

  const state = await page.evaluate(async () => {
    const kc = (window as unknown as { kc: Record<string, any> }).kc;
    const before = kc.token;
    const refreshed = await kc.updateToken(-1);
    const profile = await kc.loadUserProfile();
    const userinfo = await kc.loadUserInfo();
    return { refreshed, changed: before !== kc.token, claims: kc.tokenParsed, profile, userinfo, isAdmin: kc.tokenParsed.groups.includes('/Moderator/Admin') };
  });
  expect(state.refreshed).toBe(true);
  expect(state.changed).toBe(true);
  expect(state.claims).toMatchObject({ preferred_username: 'admin', azp: 'sro-web', groups: ['/Moderator/Admin'] });
  expect(state.profile).toMatchObject({ username: 'admin', firstName: 'Ada', lastName: 'Admin', email: 'admin@sro.local' });
  expect(state.userinfo).toMatchObject({ preferred_username: 'admin', groups: ['/Moderator/Admin'] });
  expect(state.isAdmin).toBe(true);

  // A new page load finds the session silently (hidden iframe + silent check page).
  await page.goto(client.origin);
  expect(await kcInit(page)).toEqual({ authenticated: true });

  // keycloak-js sends id_token_hint: the provider signs out without asking, as Keycloak does.
  await Promise.all([
    page.waitForURL(/\/protocol\/openid-connect\/logout/, { waitUntil: 'commit' }),
    page.evaluate(() => void (window as unknown as { kc: { logout(): Promise<void> } }).kc.logout()),
  ]);
  await page.waitForURL(atClient);
  expect(await kcInit(page)).toEqual({ authenticated: false });
});

test(`${keycloakJs}: register() opens the registration page`, async ({ page }) => {
  client.library = 'keycloak-js';
  await page.goto(client.origin);
  expect(await kcInit(page)).toEqual({ authenticated: false });
  await page.evaluate(() => void (window as unknown as { kc: { register(): Promise<void> } }).kc.register());
  await expect(page.getByRole('heading', { name: 'Create an account' })).toBeVisible();
  await page.getByLabel('Username', { exact: true }).fill('kcjs-runner');
  await page.getByLabel('Email').fill('kcjs-runner@example.com');
  await page.getByLabel('First name').fill('Kay');
  await page.getByLabel('Last name').fill('Cee');
  await page.getByLabel('Password', { exact: true }).fill('kcjs-password');
  await page.getByLabel('Confirm password').fill('kcjs-password');
  await page.getByRole('button', { name: 'Create account' }).click();
  await page.waitForURL(atClient);
  expect(await kcInit(page)).toEqual({ authenticated: true });
  expect(await page.evaluate(() => (window as unknown as { kc: { tokenParsed: { groups: string[] } } }).kc.tokenParsed.groups)).toEqual(['/Player/Member']);
});

test(`${keycloakJs}: a deep link while signed out comes back to itself; the API answers cross-origin on every transport`, async ({ page }) => {
  client.library = 'keycloak-js';
  const deepLink = `${client.origin}/admin/maps?tab=2`;
  await page.goto(deepLink);
  expect(await kcInit(page)).toEqual({ authenticated: false });
  const [authorize] = await Promise.all([
    page.waitForRequest(/\/protocol\/openid-connect\/auth\?/),
    page.evaluate(() => void (window as unknown as { kc: { login(): Promise<void> } }).kc.login()),
  ]);
  expect(new URL(authorize.url()).searchParams.get('redirect_uri')).toBe(deepLink);
  await signInAtProvider(page, 'admin');
  await page.waitForURL((url) => url.origin === client.origin && url.pathname === '/admin/maps');
  expect(await kcInit(page)).toEqual({ authenticated: true });

  // From the client's origin, with keycloak-js's token: REST, Connect, gRPC-web text mode (what protobuf-ts and
  // Google's grpc-web send by default), and an error whose status the browser may read (exposed headers).
  const results = await page.evaluate(async () => {
    const w = window as unknown as { kc: { token: string }; api: string };
    const auth = { authorization: `Bearer ${w.kc.token}` };
    const rest = await fetch(`${w.api}/v1/maps`, { headers: auth });
    const connect = await fetch(`${w.api}/sro.gameserver.MapService/GetMaps`, {
      method: 'POST',
      headers: { ...auth, 'content-type': 'application/json', 'connect-protocol-version': '1', 'connect-timeout-ms': '5000' },
      body: '{}',
    });
    const grpcWebHeaders = {
      ...auth,
      'content-type': 'application/grpc-web-text',
      accept: 'application/grpc-web-text',
      'x-grpc-web': '1',
      'x-user-agent': 'grpc-web-javascript/0.1',
      'grpc-timeout': '5S',
    };
    // An empty request message: flag 0, length 0.
    const grpcWeb = await fetch(`${w.api}/sro.gameserver.MapService/GetMaps`, { method: 'POST', headers: grpcWebHeaders, body: 'AAAAAAA=' });
    const grpcWebText = await grpcWeb.text();
    const decoded = (grpcWebText.match(/[A-Za-z0-9+/]*={0,2}/g) ?? [])
      .filter(Boolean)
      .map((run) => atob(run))
      .join('');
    const unknown = await fetch(`${w.api}/sro.gameserver.MapService/NoSuchMethod`, { method: 'POST', headers: grpcWebHeaders, body: 'AAAAAAA=' });
    return {
      rest: [rest.status, ((await rest.json()) as { maps: unknown[] }).maps.length > 0],
      connect: [connect.status, ((await connect.json()) as { maps: unknown[] }).maps.length > 0],
      grpcWeb: [grpcWeb.status, grpcWeb.headers.get('content-type'), /grpc-status: ?0/.test(decoded)],
      unknown: [unknown.headers.get('grpc-status'), unknown.headers.get('grpc-message')],
    };
  });
  expect(results).toEqual({
    rest: [200, true],
    connect: [200, true],
    grpcWeb: [200, 'application/grpc-web-text+proto', true],
    unknown: ['12', '/sro.gameserver.MapService/NoSuchMethod is not implemented'],
  });
});

type OidcState = { user?: { profile: Record<string, unknown>; hasRefresh: boolean } | null; error?: string };
const oidcReady = (page: Page) => page.evaluate(() => (window as unknown as { oidcReady: Promise<OidcState> }).oidcReady);

test('oidc-client-ts: login with userinfo, silent renew (refresh token and iframe), logout', async ({ page }) => {
  client.library = 'oidc-client-ts';
  await page.goto(client.origin);
  expect(await oidcReady(page)).toEqual({ user: null });

  await page.evaluate(() => void (window as unknown as { mgr: { signinRedirect(): Promise<void> } }).mgr.signinRedirect());
  await signInAtProvider(page, 'moderator');
  await page.waitForURL(atClient);
  const signedIn = await oidcReady(page);
  expect(signedIn.error).toBeUndefined();
  expect(signedIn.user?.hasRefresh).toBe(true);
  expect(signedIn.user?.profile).toMatchObject({ preferred_username: 'moderator', given_name: 'Max', groups: ['/Moderator'] });

  const renewed = await page.evaluate(async () => {
    const mgr = (window as unknown as { mgr: any }).mgr;
    const first = await mgr.getUser();
    const viaRefresh = await mgr.signinSilent();
    // Without a refresh token oidc-client-ts renews through the hidden iframe (prompt=none).
    viaRefresh.refresh_token = undefined;
    await mgr.storeUser(viaRefresh);
    const viaIframe = await mgr.signinSilent();
    return {
      refreshChanged: viaRefresh.access_token !== first.access_token,
      iframeChanged: viaIframe.access_token !== viaRefresh.access_token,
      groups: viaIframe.profile.groups,
    };
  });
  expect(renewed).toEqual({ refreshChanged: true, iframeChanged: true, groups: ['/Moderator'] });

  // signoutRedirect sends id_token_hint: no confirmation step.
  await Promise.all([
    page.waitForURL(/\/protocol\/openid-connect\/logout/, { waitUntil: 'commit' }),
    page.evaluate(() => void (window as unknown as { mgr: { signoutRedirect(): Promise<void> } }).mgr.signoutRedirect()),
  ]);
  await page.waitForURL(atClient);
  const silentAfterLogout = await page.evaluate(async () => {
    const mgr = (window as unknown as { mgr: any }).mgr;
    await mgr.removeUser();
    return mgr.signinSilent().then(
      () => 'signed in',
      (error: Error) => String(error.message),
    );
  });
  expect(silentAfterLogout).toMatch(/login_required|End-User authentication is required/);
});
