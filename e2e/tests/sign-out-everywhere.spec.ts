import { expect, test, type Page } from '@playwright/test';
import { DEMO, signInTo } from '../support/admin';

// Sign-out and inactivity logout end the provider session, clear the tokens and every cached entity, and
// land on '/' signed out — from every route, with a second tab following. On /admin pages the route guard's login
// redirect used to win the race against the logout redirect and sign the user straight back in.

const ROUTES = ['/', '/blog', '/admin', `/admin/characters/${DEMO.characters.pia}/edit`, `/admin/chats/${DEMO.channels.general}/connect`];

async function startSignOut(page: Page): Promise<void> {
  if (new URL(page.url()).pathname.startsWith('/admin')) {
    await page.getByRole('button', { name: 'Open profile panel' }).click();
    await page.getByRole('button', { name: 'Sign out' }).click();
  } else {
    await page.getByRole('button', { name: /open user menu/ }).click();
    await page.getByRole('menuitem', { name: 'Sign out' }).click();
  }
}

async function expectSignedOutOnHome(page: Page): Promise<void> {
  await page.waitForURL((url) => url.pathname === '/' && !url.searchParams.has('state'));
  await expect(page.getByRole('button', { name: 'Login' })).toBeVisible();
  // Stays signed out: no late login redirect takes the page away again.
  await expect(page.getByRole('button', { name: 'Login' })).toBeVisible();
  expect(new URL(page.url()).pathname).toBe('/');
  const stored = await page.evaluate(() => ({
    queryCache: window.localStorage.getItem('sro.query-cache'),
    capabilities: window.localStorage.getItem('sro.capabilities'),
    signedIn: window.localStorage.getItem('sro.signed-in'),
    tokens: Object.keys(window.sessionStorage).filter((key) => key.startsWith('sro.oidc.user:')),
  }));
  expect(stored).toEqual({ queryCache: null, capabilities: null, signedIn: null, tokens: [] });
}

/** A fresh tab of the same browser must not get into the console without signing in again. */
async function expectFreshTabSignedOut(page: Page): Promise<void> {
  const fresh = await page.context().newPage();
  await fresh.goto('/admin');
  await fresh.waitForURL(/\/realms\/default\/login-actions\//);
  await expect(fresh.getByLabel('Username or email')).toBeVisible();
  await fresh.close();
}

for (const route of ROUTES) {
  test(`sign out from ${route} ends the session; a second tab and a fresh tab follow`, async ({ page }) => {
    await signInTo(page, route === '/' || route === '/blog' ? '/admin' : route);
    if (!route.startsWith('/admin')) await page.goto(route);
    if (route === '/admin') await expect.poll(() => page.evaluate(() => window.localStorage.getItem('sro.query-cache'))).not.toBeNull();
    // A second tab, already open and signed in through the provider session.
    const second = await page.context().newPage();
    await second.goto('/admin');
    await expect(second.getByRole('button', { name: 'Open profile panel' })).toBeVisible();

    await startSignOut(page);
    await expectSignedOutOnHome(page);
    await expectSignedOutOnHome(second);
    await second.close();
    await expectFreshTabSignedOut(page);
  });
}

for (const route of ['/admin', `/admin/characters/${DEMO.characters.pia}/edit`]) {
  test(`inactivity logout on ${route} lands on / signed out with the notice`, async ({ page }) => {
    await page.clock.install();
    await signInTo(page, route);
    await expect(page.getByRole('button', { name: 'Open profile panel' })).toBeVisible();
    // An hour away, as a sleeping laptop sees it: due timers fire once. runFor would replay every timer of the hour
    // (the dashboard's live wall polls every 3 s: 1,200 polls in a burst), which timed the test out under load.
    await page.clock.fastForward(3_605_000);
    await expectSignedOutOnHome(page);
    await expect(page.getByTestId('notification').filter({ hasText: 'You have been logged out due to inactivity' })).toBeVisible();
    await expectFreshTabSignedOut(page);
  });
}

test('after sign-out, the access token the console held no longer opens the game API', async ({ page }) => {
  await signInTo(page, '/admin');
  await expect(page.getByRole('button', { name: 'Open profile panel' })).toBeVisible();
  const token = await page.evaluate(() => {
    const key = Object.keys(sessionStorage).find((k) => k.startsWith('sro.oidc.user:'));
    return key ? (JSON.parse(sessionStorage.getItem(key)!) as { access_token: string }).access_token : '';
  });
  expect(token).not.toBe('');
  // A copy of the header (another tab, a proxy log) is as good as the console's own request until sign-out.
  const getMaps = () =>
    page.request.post('/sro.gameserver.MapService/GetMaps', { data: {}, headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' } });
  expect((await getMaps()).status()).toBe(200);

  await startSignOut(page);
  await expectSignedOutOnHome(page);
  const refused = await getMaps();
  expect(refused.status()).toBe(401);
  expect(((await refused.json()) as { code: string; message: string }).message).toContain('signed out');
});
