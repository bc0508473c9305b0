import { expect, test } from '@playwright/test';
import { kB, LANDING_JS_BUDGET_KB, landingScripts, totalGzipBytes } from '../../apps/web/scripts/landing-js.mjs';
import { signInAtProvider } from '../support/provider';

// The landing-page budget in CI: the landing route's JavaScript for a visitor without a session stays ≤ 90 kB gzip, counted the way
// `npm run size -w apps/web` and `npm run bench -- size` count it (apps/web/scripts/landing-js.mjs).

test('a visitor downloads at most 90 kB gzip of JavaScript on / and gets the signed-out header', async ({ page, baseURL }) => {
  const scripts = await landingScripts(page, `${baseURL}/`);
  const total = kB(totalGzipBytes(scripts));
  test.info().annotations.push({ type: 'landing JavaScript (visitor)', description: `${total.toFixed(1)} kB gzip` });
  expect(total).toBeLessThanOrEqual(LANDING_JS_BUDGET_KB);
  // The sign-in code (oidc-client-ts) is not among them: it has nothing to do for a visitor.
  expect(scripts.map((s) => s.path).filter((p) => p.includes('oidc'))).toEqual([]);
  await expect(page.getByRole('button', { name: 'Login' })).toBeVisible();
});

test('a signed-in user reloading / keeps the user menu; a new tab finds the session', async ({ page }) => {
  await page.goto('/');
  await page.getByRole('button', { name: 'Login' }).click();
  await signInAtProvider(page, 'player');
  await expect(page.getByRole('button', { name: /open user menu/ })).toBeVisible();
  await page.reload();
  await expect(page.getByRole('button', { name: /open user menu/ })).toBeVisible();
  // A new tab of the same browser has no tokens of its own: the earlier sign-in makes it ask the provider silently.
  const other = await page.context().newPage();
  await other.goto('/');
  await expect(other.getByRole('button', { name: /open user menu/ })).toBeVisible();
});

// The embedded provider's readable session hint (docs/identity.md) lets the silent check at start find a session
// the SPA did not start, while a visitor without one still gets no sign-in code.
const HINT = 'sro_session_hint';
const signInCode = (scripts: { path: string }[]) => scripts.map((s) => s.path).filter((p) => p.includes('oidc'));

test("a session started on the provider's account page is found on / without Login", async ({ page, context, baseURL }) => {
  await page.goto('/realms/default/account');
  await signInAtProvider(page, 'player');
  await expect(page.getByRole('heading', { name: 'Your Profile' })).toBeVisible();
  // The SPA never ran in this browser: only the provider's hint says there may be a session.
  const cookies = await context.cookies(baseURL);
  expect(cookies.find((c) => c.name === HINT)).toMatchObject({ value: '1', path: '/', httpOnly: false, sameSite: 'Lax', expires: -1 });
  expect(cookies.find((c) => c.name === '_session')).toMatchObject({ httpOnly: true, expires: -1 });

  const scripts = await landingScripts(page, `${baseURL}/`);
  expect(signInCode(scripts).length).toBeGreaterThan(0);
  await expect(page.getByRole('button', { name: /open user menu/ })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Login' })).toHaveCount(0);
  await page.screenshot({ path: test.info().outputPath('signed-in-landing.png') });
});

test("signing out on the account page deletes the hint: / is a visitor's again, without the sign-in code", async ({ page, context, baseURL }) => {
  await page.goto('/realms/default/account');
  await signInAtProvider(page, 'admin');
  await page.getByRole('link', { name: 'Sign out' }).click();
  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(page.getByRole('heading', { name: /signed out/i })).toBeVisible();
  expect((await context.cookies(baseURL)).map((c) => c.name)).not.toContain(HINT);
  const scripts = await landingScripts(page, `${baseURL}/`);
  expect(signInCode(scripts)).toEqual([]);
  await expect(page.getByRole('button', { name: 'Login' })).toBeVisible();
});

test("a stale hint costs one silent check, then / is a visitor's again", async ({ page, context, baseURL }) => {
  await context.addCookies([{ name: HINT, value: '1', url: baseURL! }]);
  const first = await landingScripts(page, `${baseURL}/`);
  expect(signInCode(first).length).toBeGreaterThan(0);
  await expect(page.getByRole('button', { name: 'Login' })).toBeVisible();
  expect((await context.cookies(baseURL)).map((c) => c.name)).not.toContain(HINT);
  const again = await landingScripts(page, `${baseURL}/`);
  expect(signInCode(again)).toEqual([]);
});
