import { expect, type Page } from '@playwright/test';

/** Fills the embedded identity provider's sign-in form (demo accounts use the username as password). */
export async function signInAtProvider(page: Page, username: string, password = username): Promise<void> {
  await page.waitForURL(/\/realms\/default\//);
  await page.getByLabel('Username or email').fill(username);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

/** Signs out through the user menu; confirms at the provider if it asks. Ends signed out on '/'. */
export async function signOut(page: Page): Promise<void> {
  await page.getByRole('button', { name: /open user menu/ }).click();
  await page.getByRole('menuitem', { name: 'Sign out' }).click();
  await page.waitForURL((url) => url.pathname.includes('/logout') || url.pathname === '/');
  if (new URL(page.url()).pathname.includes('/logout')) {
    await page.getByRole('button', { name: 'Sign out' }).click();
  }
  await expect(page.getByRole('button', { name: 'Login' })).toBeVisible();
  await expect(page).toHaveURL((url) => url.pathname === '/' && url.search === '');
}

export const mainNav = (page: Page) => page.getByRole('navigation', { name: 'Main' });
