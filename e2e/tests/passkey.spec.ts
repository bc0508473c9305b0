import { createHash, randomBytes } from 'node:crypto';
import { expect, test } from '@playwright/test';
import { expectAxeClean } from '../support/axe';
import { keepScreenshot, WIDTHS } from '../support/screens';

// A passkey added on the account page with Chromium's virtual authenticator (CDP), then a sign-in with the password
// and the passkey whose tokens say so (amr hwk): an authorization request of the web app's client (code + PKCE). At the
// default width and at a phone's, where neither page scrolls sideways.
for (const width of WIDTHS) {
  test(`adds a passkey on the account page and signs in with it at ${width} px`, async ({ page, baseURL }, testInfo) => {
    await page.setViewportSize({ width, height: 900 });
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('WebAuthn.enable');
    await cdp.send('WebAuthn.addVirtualAuthenticator', {
      options: { protocol: 'ctap2', transport: 'internal', hasResidentKey: true, hasUserVerification: true, isUserVerified: true },
    });
    const username = `pk${width}${Date.now().toString(36)}`;
    const password = 'passkey-secret-1';
    await page.goto(`${baseURL}/realms/default/account`);
    await page.getByRole('link', { name: 'Create an account' }).click();
    await page.getByLabel('Username', { exact: true }).fill(username);
    await page.getByLabel('Email').fill(`${username}@example.com`);
    await page.getByLabel('First name').fill('Pia');
    await page.getByLabel('Last name').fill('Key');
    await page.getByLabel('Password', { exact: true }).fill(password);
    await page.getByLabel('Confirm password').fill(password);
    await page.getByRole('button', { name: 'Create account' }).click();
    await expect(page.getByRole('heading', { name: 'Your Profile' })).toBeVisible();

    const twoFactor = page.getByRole('region', { name: 'Two-factor authentication' });
    await twoFactor.getByLabel('Passkey name').fill('Virtual key');
    await twoFactor.getByRole('button', { name: 'Add a passkey' }).click();
    await expect(page.getByText('Your passkey “Virtual key” was added.')).toBeVisible();
    await expect(page.getByRole('list', { name: 'Recovery codes' }).getByRole('listitem')).toHaveCount(10);
    await page.goto(`${baseURL}/realms/default/account`);
    await expect(twoFactor.getByRole('list', { name: 'Passkeys' })).toContainText('Virtual key');
    await expectAxeClean(page);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    await keepScreenshot(page, testInfo, `passkey-account-${width}`);

    await page.getByRole('link', { name: 'Sign out' }).click();
    await page.getByRole('button', { name: 'Sign out' }).click();
    await expect(page.getByRole('heading', { name: 'Signed out' })).toBeVisible();

    const verifier = randomBytes(32).toString('base64url');
    // The stand-in client origin the provider allows (support/client-pages.ts): a redirect there is only looked at.
    const redirectUri = `http://localhost:${process.env.E2E_CLIENT_PORT}/passkey-callback`;
    const params = new URLSearchParams({
      client_id: 'sro-web',
      redirect_uri: redirectUri,
      response_type: 'code',
      scope: 'openid',
      state: 'passkey',
      code_challenge: createHash('sha256').update(verifier).digest('base64url'),
      code_challenge_method: 'S256',
    });
    await page.goto(`${baseURL}/realms/default/protocol/openid-connect/auth?${params}`);
    await page.getByLabel('Username or email').fill(username);
    await page.getByLabel('Password').fill(password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page.getByRole('heading', { name: 'Two-factor authentication' })).toBeVisible();
    await expectAxeClean(page);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    await keepScreenshot(page, testInfo, `passkey-sign-in-${width}`);
    const callback = page.waitForRequest((request) => request.url().startsWith(`${redirectUri}?`));
    await page.getByRole('button', { name: 'Use a passkey' }).click();
    const code = new URL((await callback).url()).searchParams.get('code');

    const tokens = await page.request.post(`${baseURL}/realms/default/protocol/openid-connect/token`, {
      form: { grant_type: 'authorization_code', code: code!, redirect_uri: redirectUri, client_id: 'sro-web', code_verifier: verifier },
    });
    expect(tokens.status()).toBe(200);
    const accessToken = ((await tokens.json()) as { access_token: string }).access_token;
    const claims = JSON.parse(Buffer.from(accessToken.split('.')[1]!, 'base64url').toString('utf8')) as { amr: string[]; acr: string };
    expect(claims.amr).toContain('hwk');
    expect(claims.acr).toBe('2');
  });
}
