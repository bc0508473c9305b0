import { expect, type Page } from '@playwright/test';

/** Fills the embedded identity provider's sign-in form (demo accounts use the username as password). */
export async function signInAtProvider(page: Page, username: string, password = username): Promise<void> {
  await page.waitForURL(/\/realms\/default\//);
  await page.getByLabel('Username or email').fill(username);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

/**
 * Signs out through the user menu. The app sends its id_token_hint, so the provider's logout page confirms itself
 * (as Keycloak does) and the browser lands back on '/', signed out.
 */
export async function signOut(page: Page): Promise<void> {
  await page.getByRole('button', { name: /open user menu/ }).click();
  await Promise.all([page.waitForURL(/\/protocol\/openid-connect\/logout/, { waitUntil: 'commit' }), page.getByRole('menuitem', { name: 'Sign out' }).click()]);
  await page.waitForURL((url) => url.pathname === '/' && !url.searchParams.has('state'));
  await expect(page.getByRole('button', { name: 'Login' })).toBeVisible();
  await expect(page).toHaveURL((url) => url.pathname === '/' && url.search === '');
}

export const mainNav = (page: Page) => page.getByRole('navigation', { name: 'Main' });
