import { expect, test, type Page } from '@playwright/test';
import { expectAxeClean } from '../support/axe';
import { keepScreenshot, WIDTHS } from '../support/screens';

// The embedded provider's own pages: sign-in, registration (with errors), account, logout, errors.
// Screenshots at both widths for review; axe (support/axe.ts) on every one of them.
const noAxeViolations = expectAxeClean;

/** Starts an authorization request the way the SPA does, landing on the provider's sign-in page. */
async function openSignIn(page: Page, baseURL: string, prompt?: string) {
  const params = new URLSearchParams({
    client_id: 'sro-web',
    redirect_uri: `${baseURL}/`,
    response_type: 'code',
    scope: 'openid profile',
    state: 'screens',
    code_challenge: 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM',
    code_challenge_method: 'S256',
    ...(prompt ? { prompt } : {}),
  });
  await page.goto(`${baseURL}/realms/default/protocol/openid-connect/auth?${params}`);
}

for (const width of WIDTHS) {
  test.describe(`identity pages at ${width} px`, () => {
    test.beforeEach(async ({ page }) => page.setViewportSize({ width, height: 900 }));

    test('sign-in, with and without an error', async ({ page, baseURL }, testInfo) => {
      await openSignIn(page, baseURL!);
      await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
      await noAxeViolations(page);
      await keepScreenshot(page, testInfo, `identity-login-${width}`);
      await page.getByLabel('Username or email').fill('player');
      await page.getByLabel('Password').fill('not-the-password');
      await page.getByRole('button', { name: 'Sign in' }).click();
      await expect(page.getByRole('alert')).toHaveText('Invalid username or password.');
      await noAxeViolations(page);
      await keepScreenshot(page, testInfo, `identity-login-error-${width}`);
    });

    test('registration with field errors', async ({ page, baseURL }, testInfo) => {
      await openSignIn(page, baseURL!, 'create');
      await expect(page.getByRole('heading', { name: 'Create an account' })).toBeVisible();
      await noAxeViolations(page);
      await keepScreenshot(page, testInfo, `identity-register-${width}`);
      await page.getByLabel('Username', { exact: true }).fill('admin');
      await page.getByLabel('Email').fill('player@sro.local');
      await page.getByLabel('First name').fill('Nova');
      await page.getByLabel('Password', { exact: true }).fill('short');
      await page.getByLabel('Confirm password').fill('shorter');
      await page.getByRole('button', { name: 'Create account' }).click();
      await expect(page.getByText('This username is already taken.')).toBeVisible();
      await expect(page.getByText('An account with this email already exists.')).toBeVisible();
      await expect(page.getByText('Please enter your last name.')).toBeVisible();
      await expect(page.getByText('The password needs at least 8 characters.')).toBeVisible();
      await expect(page.getByLabel('Username', { exact: true })).toHaveAttribute('aria-invalid', 'true');
      await noAxeViolations(page);
      await keepScreenshot(page, testInfo, `identity-register-errors-${width}`);
    });

    test('account page, then logout confirmation and signed-out page', async ({ page, baseURL }, testInfo) => {
      await page.goto(`${baseURL}/realms/default/account`);
      await page.getByLabel('Username or email').fill('moderator');
      await page.getByLabel('Password').fill('moderator');
      await page.getByRole('button', { name: 'Sign in' }).click();
      await expect(page.getByRole('heading', { name: 'Your Profile' })).toBeVisible();
      await noAxeViolations(page);
      await keepScreenshot(page, testInfo, `identity-account-${width}`);
      await page.getByLabel('Current password').fill('wrong-one');
      await page.getByLabel('New password', { exact: true }).fill('new-password-1');
      await page.getByLabel('Confirm new password').fill('new-password-1');
      await page.getByRole('button', { name: 'Change password' }).click();
      await expect(page.getByText('The current password is not correct.')).toBeVisible();
      await noAxeViolations(page);
      await keepScreenshot(page, testInfo, `identity-account-error-${width}`);

      await page.getByRole('link', { name: 'Sign out' }).click();
      await expect(page.getByRole('heading', { name: 'Sign out' })).toBeVisible();
      await noAxeViolations(page);
      await keepScreenshot(page, testInfo, `identity-logout-${width}`);
      await page.getByRole('button', { name: 'Sign out' }).click();
      await expect(page.getByRole('heading', { name: 'Signed out' })).toBeVisible();
      await noAxeViolations(page);
      await keepScreenshot(page, testInfo, `identity-signed-out-${width}`);
    });

    test('a bad request shows a readable error page', async ({ page, baseURL }, testInfo) => {
      await page.goto(
        `${baseURL}/realms/default/protocol/openid-connect/auth?client_id=sro-web&redirect_uri=https://evil.example/&response_type=code&scope=openid`,
      );
      await expect(page.getByRole('heading', { name: 'Something went wrong' })).toBeVisible();
      await expect(page.locator('body')).not.toContainText(/at .*\.js:\d+/);
      await noAxeViolations(page);
      await keepScreenshot(page, testInfo, `identity-error-${width}`);
    });
  });
}
