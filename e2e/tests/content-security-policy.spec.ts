import { expect, test, type Page } from '@playwright/test';
import { go, signInTo } from '../support/admin';

// The server's CSP forbids inline styles and eval (apps/server/src/platform/http/http-handler.ts). A library that
// needs either breaks quietly — the browser drops the style or the probe and only the console says so — so every
// page of these journeys reports its violations here.
async function collectViolations(page: Page): Promise<string[]> {
  const violations: string[] = [];
  await page.exposeFunction('reportCspViolation', (line: string) => violations.push(line));
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (e) => {
      const report = (window as unknown as { reportCspViolation: (line: string) => void }).reportCspViolation;
      report(`${location.pathname}: ${e.violatedDirective} blocked ${e.blockedURI || 'inline'} at ${e.sourceFile}:${e.lineNumber}`);
    });
  });
  return violations;
}

/** React Aria's usePress stylesheet (touch-action for pressables), which the CSP allows by its hash. */
const pressableStyleApplies = (page: Page) =>
  page.evaluate(() => (document.getElementById('react-aria-pressable-style') as HTMLStyleElement | null)?.sheet?.cssRules.length ?? 0);

test('the console, its sign-in and sign-out pages run under the CSP without one violation', async ({ page }) => {
  const violations = await collectViolations(page);
  await signInTo(page, '/admin');
  for (const path of [
    '/admin/characters',
    '/admin/characters/new',
    '/admin/maps',
    '/admin/dimensions',
    '/admin/chats',
    '/admin/sanctions',
    '/admin/audit',
    '/admin/reports',
    '/admin/moderation',
    '/admin/settings',
  ]) {
    await go(page, path);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  }
  // React Aria adds its stylesheet when the first pressable mounts: load afresh a screen that has one.
  await go(page, '/admin/sanctions');
  await page.reload();
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.locator('[data-react-aria-pressable]').first()).toBeAttached();
  expect.soft(await pressableStyleApplies(page)).toBe(1);
  await page.getByRole('button', { name: 'Open profile panel' }).click();
  await page.getByRole('button', { name: 'Sign out' }).click();
  await page.waitForURL((url) => url.pathname.includes('/logout') || url.pathname === '/');
  if (new URL(page.url()).pathname.includes('/logout')) await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(page.getByRole('button', { name: 'Login' })).toBeVisible();
  expect(violations).toEqual([]);
});

test("a player's pages and the public site run under the CSP without one violation", async ({ page }) => {
  const violations = await collectViolations(page);
  await signInTo(page, '/account/chat', 'player');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  for (const path of ['/account/sanctions', '/account/reports', '/blog', '/']) {
    await go(page, path);
    await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
  }
  // A player's page loads React Aria with the user menu, on intent (docs/performance.md): the hover brings its
  // pressable stylesheet, which must apply under the CSP's hash.
  await page.getByRole('button', { name: /open user menu/ }).hover();
  await expect.poll(() => pressableStyleApplies(page), { timeout: 30_000 }).toBe(1);
  expect(violations).toEqual([]);
});
