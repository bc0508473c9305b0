import { expect, test } from '@playwright/test';
import { mainNav, signInAtProvider, signOut } from '../support/provider';

// Real sign-in through the embedded identity provider with the demo accounts.

test('admin signs in with Login, gets the Admin link, and signs out', async ({ page }) => {
  await page.goto('/');
  await page.getByRole('button', { name: 'Login' }).click();
  await signInAtProvider(page, 'admin');
  await expect(page).toHaveURL((url) => url.pathname === '/' && url.search === '');
  await expect(page.getByRole('button', { name: /Ada Admin, open user menu/ })).toBeVisible();
  await expect(mainNav(page).getByRole('link', { name: 'Admin' })).toBeVisible();
  await signOut(page);
  await expect(mainNav(page).getByRole('link', { name: 'Admin' })).toHaveCount(0);
  // The provider session ended too: the guard sends us to the sign-in form again.
  await page.goto('/admin');
  await page.waitForURL(/\/realms\/default\//);
  await expect(page.getByLabel('Username or email')).toBeVisible();
});

test('the guard sends a visitor to sign in and back to the same URL', async ({ page }) => {
  await page.goto('/admin/maps?page=2');
  await signInAtProvider(page, 'admin');
  await expect(page).toHaveURL((url) => url.pathname === '/admin/maps' && url.search === '?page=2');
  await expect(page.getByRole('link', { name: 'Exit Dashboard' }).first()).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Access denied' })).toHaveCount(0);
});

for (const username of ['moderator', 'player']) {
  test(`${username} has no Admin link and is denied the admin area`, async ({ page }) => {
    await page.goto('/');
    await page.getByRole('button', { name: 'Login' }).click();
    await signInAtProvider(page, username);
    await expect(page.getByRole('button', { name: /open user menu/ })).toBeVisible();
    await expect(mainNav(page).getByRole('link', { name: 'Admin' })).toHaveCount(0);
    await page.goto('/admin/characters');
    await expect(page.getByRole('heading', { name: 'Access denied' })).toBeVisible();
    await expect(page.getByText(`You are signed in as ${username}`)).toBeVisible();
  });
}

test("'Your Profile' opens the provider's account page", async ({ page, baseURL }) => {
  await page.goto('/');
  await page.getByRole('button', { name: 'Login' }).click();
  await signInAtProvider(page, 'player');
  await page.getByRole('button', { name: /open user menu/ }).click();
  const profile = page.getByRole('menuitem', { name: 'Your Profile' });
  await expect(profile).toHaveAttribute('href', `${baseURL}/realms/default/account`);
  await profile.click();
  await expect(page).toHaveURL(/\/realms\/default\/account/);
});

test("'Create an Account' starts registration at the provider", async ({ page }) => {
  await page.goto('/');
  const request = page.waitForRequest((r) => r.url().includes('/protocol/openid-connect/auth') && r.frame() === page.mainFrame());
  await page.getByRole('button', { name: 'Create an Account' }).first().click();
  expect(new URL((await request).url()).searchParams.get('prompt')).toBe('create');
  await expect(page.getByRole('heading', { name: 'Create an account' })).toBeVisible();
});

for (const [endpoint, message] of [
  ['userinfo', 'Error loading user info'],
  ['token', 'Error loading user profile'],
] as const) {
  test(`a failing ${endpoint} endpoint shows '${message}', persistent at the top center`, async ({ page }) => {
    await page.clock.install();
    await page.goto('/');
    await page.getByRole('button', { name: 'Login' }).click();
    await page.route(`**/protocol/openid-connect/${endpoint}`, (route) => route.fulfill({ status: 500, contentType: 'text/plain', body: 'unavailable' }));
    await signInAtProvider(page, 'admin');
    const center = page.getByRole('region', { name: 'Important notifications' });
    await expect(center.getByTestId('notification')).toContainText(message);
    await expect(page.getByRole('button', { name: 'Login' })).toBeVisible();
    await expect(page).toHaveURL((url) => url.pathname === '/' && url.search === '');
    // Past the 5 s autohide at once.
    await page.clock.runFor(5500);
    await expect(center.getByTestId('notification')).toContainText(message);
  });
}

test('the access token is refreshed 15 s before it expires', async ({ page }) => {
  await page.clock.install();
  await page.goto('/');
  await page.getByRole('button', { name: 'Login' }).click();
  await signInAtProvider(page, 'admin');
  await expect(page.getByRole('button', { name: /open user menu/ })).toBeVisible();
  const stored = () =>
    page.evaluate(() => {
      const key = Object.keys(sessionStorage).find((k) => k.startsWith('sro.oidc.user:'));
      return key ? (JSON.parse(sessionStorage.getItem(key)!) as { access_token: string; expires_at: number }) : null;
    });
  const first = (await stored())!;
  const secondsLeft = first.expires_at - (await page.evaluate(() => Math.floor(Date.now() / 1000)));
  const refreshes: string[] = [];
  page.on('request', (r) => r.url().endsWith('/protocol/openid-connect/token') && refreshes.push(r.postData() ?? ''));

  await page.clock.runFor((secondsLeft - 17) * 1000);
  expect(refreshes).toEqual([]);
  await page.clock.runFor(3000);
  await expect.poll(() => refreshes.length).toBe(1);
  expect(refreshes[0]).toContain('grant_type=refresh_token');
  await expect.poll(async () => (await stored())?.access_token).not.toBe(first.access_token);
  await expect(page.getByRole('button', { name: /open user menu/ })).toBeVisible();
});
