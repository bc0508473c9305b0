import { expect, test, type Page } from '@playwright/test';
import { TOTP } from 'otpauth';
import { expectAxeClean } from '../support/axe';
import { keepScreenshot } from '../support/screens';

// An authenticator app set up on the account page, then a sign-in that asks for its code. The codes come from the
// key the page shows, computed here as the user's app would. (The shared e2e server runs the local demo, where the
// policy is off: a staff account made to enrol is covered by apps/server/src/identity/second-factor.test.ts.)
const codeFor = (key: string, atMs: number) => new TOTP({ secret: key, algorithm: 'SHA1', digits: 6, period: 30 }).generate({ timestamp: atMs });

async function signInOnAccountPage(page: Page, baseURL: string, username: string, password: string) {
  await page.goto(`${baseURL}/realms/default/account`);
  await page.getByLabel('Username or email').fill(username);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

for (const width of [1440, 375]) {
  test(`sets up an authenticator app and signs in with its code at ${width} px`, async ({ page, baseURL }, testInfo) => {
    await page.setViewportSize({ width, height: 900 });
    const username = `otp${width}${Date.now().toString(36)}`;
    const password = 'second-factor-1';
    await page.goto(`${baseURL}/realms/default/account`);
    await page.getByRole('link', { name: 'Create an account' }).click();
    await page.getByLabel('Username', { exact: true }).fill(username);
    await page.getByLabel('Email').fill(`${username}@example.com`);
    await page.getByLabel('First name').fill('Otto');
    await page.getByLabel('Last name').fill('Pass');
    await page.getByLabel('Password', { exact: true }).fill(password);
    await page.getByLabel('Confirm password').fill(password);
    await page.getByRole('button', { name: 'Create account' }).click();
    await expect(page.getByRole('heading', { name: 'Your Profile' })).toBeVisible();

    const twoFactor = page.getByRole('region', { name: 'Two-factor authentication' });
    await twoFactor.getByRole('button', { name: 'Set up authenticator app' }).click();
    const key = (await page.getByLabel('Setup key').textContent())!.replace(/\s+/g, '');
    await expect(page.getByRole('link', { name: 'this setup link' })).toHaveAttribute('href', new RegExp(`^otpauth://totp/SRO:${username}\\?.*secret=${key}`));
    await expectAxeClean(page);
    await keepScreenshot(page, testInfo, `second-factor-setup-${width}`);
    // A code of ten minutes from now is no code at all.
    await page.getByLabel('Code from your app').fill(codeFor(key, Date.now() + 10 * 60_000));
    await page.getByRole('button', { name: 'Confirm' }).click();
    await expect(page.getByText('That code does not match.')).toBeVisible();
    await page.getByLabel('Code from your app').fill(codeFor(key, Date.now()));
    await page.getByRole('button', { name: 'Confirm' }).click();
    await expect(page.getByRole('list', { name: 'Recovery codes' }).getByRole('listitem')).toHaveCount(10);
    await expectAxeClean(page);
    await keepScreenshot(page, testInfo, `second-factor-recovery-codes-${width}`);

    await page.getByRole('link', { name: 'Sign out' }).click();
    await page.getByRole('button', { name: 'Sign out' }).click();
    await expect(page.getByRole('heading', { name: 'Signed out' })).toBeVisible();

    await signInOnAccountPage(page, baseURL!, username, password);
    await expect(page.getByRole('heading', { name: 'Two-factor authentication' })).toBeVisible();
    await expectAxeClean(page);
    await keepScreenshot(page, testInfo, `second-factor-sign-in-${width}`);
    await page.getByLabel('Authentication code').fill('12345');
    await page.getByRole('button', { name: 'Verify' }).click();
    await expect(page.getByRole('alert')).toHaveText('That code is not valid (or was already used).');
    // The code that confirmed the app is used up; the next step's is what the app shows a moment later.
    await page.getByLabel('Authentication code').fill(codeFor(key, Date.now() + 30_000));
    await page.getByRole('button', { name: 'Verify' }).click();
    await expect(page.getByRole('heading', { name: 'Your Profile' })).toBeVisible();
    await expect(twoFactor).toContainText('Recovery codes left: 10');
    await keepScreenshot(page, testInfo, `second-factor-on-${width}`);
  });
}
