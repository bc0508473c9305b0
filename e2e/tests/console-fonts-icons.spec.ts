import { expect, test, type Page } from '@playwright/test';
import { signInTo } from '../support/admin';

// The heading font is shipped, not only named, and every page of the site and of the identity
// provider has an icon (/favicon.ico answers, and the page's own icon link resolves).

async function expectIconServed(page: Page): Promise<void> {
  const href = await page.locator('link[rel="icon"]').first().getAttribute('href');
  expect(href).toBeTruthy();
  const icon = await page.request.get(new URL(href!, page.url()).toString());
  expect(icon.status()).toBe(200);
  expect(icon.headers()['content-type']).toMatch(/^image\//);
}

/** True once the browser has loaded a face for Orbitron at that weight (not a fallback). */
const orbitronLoaded = (page: Page, weight: number) =>
  page.evaluate(async (w) => {
    await document.fonts.ready;
    return [...document.fonts].some((f) => f.family.replace(/"/g, '') === 'Orbitron' && f.weight === String(w) && f.status === 'loaded');
  }, weight);

test('/favicon.ico is an icon on the site and beside the identity provider', async ({ request }) => {
  const res = await request.get('/favicon.ico');
  expect(res.status()).toBe(200);
  expect(res.headers()['content-type']).toMatch(/image\/(x-icon|vnd\.microsoft\.icon)/);
  // An ICO container: reserved 0, type 1.
  expect([...(await res.body()).subarray(0, 4)]).toEqual([0, 0, 1, 0]);
});

test('site, admin and identity pages link an icon that loads, and headings use the shipped Orbitron', async ({ page }) => {
  await page.goto('/');
  await expectIconServed(page);

  await signInTo(page, '/admin');
  await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible();
  await expectIconServed(page);
  await expect.poll(() => orbitronLoaded(page, 700)).toBe(true);

  await page.goto('/realms/default/account');
  await expect(page.getByRole('heading', { name: 'Your Profile' })).toBeVisible();
  await expectIconServed(page);
  await expect.poll(() => orbitronLoaded(page, 700)).toBe(true);
});

test("the identity provider's sign-in page has its icon and font before anyone signs in", async ({ page }) => {
  await page.goto('/admin');
  await page.waitForURL(/\/realms\/default\//);
  await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
  await expectIconServed(page);
  await expect.poll(() => orbitronLoaded(page, 700)).toBe(true);
});
