import { expect, test } from '@playwright/test';
import { blockIdentityProvider, seedSession } from '../support/session';

// These run with the identity provider cut off and, where needed, a seeded session;
// login/logout through the real provider pages is covered once it is mounted.

test.describe('identity provider unreachable', () => {
  test('the public site renders and Login explains the failure', async ({ page }) => {
    await blockIdentityProvider(page);
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await page.getByRole('button', { name: 'Login' }).click();
    await expect(page.getByTestId('notification').filter({ hasText: 'Sign-in is unavailable right now' })).toBeVisible();
    await expect(page.getByRole('alert')).toContainText('identity service could not be reached');
  });

  test('the guard asks for sign-in instead of showing a blank page', async ({ page }) => {
    await blockIdentityProvider(page);
    await page.goto('/admin');
    await expect(page.getByRole('heading', { name: 'Sign in required' })).toBeVisible();
  });

  test("a failed sign-in leaves the page's other loads alone (the console's code still loading)", async ({ page }) => {
    await blockIdentityProvider(page);
    // Hold the console's chunk until the sign-in has failed: a window.stop() on that failure would abort it.
    let release = () => {};
    const released = new Promise<void>((resolve) => (release = resolve));
    await page.route(/\/assets\/admin-console-[^/]*\.js$/, async (route) => {
      await released;
      await route.continue().catch(() => {});
    });
    const aborted: string[] = [];
    page.on('requestfailed', (request) => aborted.push(request.url()));
    await page.goto('/admin');
    await expect(page.getByRole('heading', { name: 'Sign in required' })).toBeVisible();
    release();
    await expect(page.getByRole('alert').filter({ hasText: 'identity service could not be reached' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Sign in required' })).toBeVisible();
    await expect(page.getByText('This page could not be loaded')).toHaveCount(0);
    expect(aborted.filter((url) => url.includes('/assets/'))).toEqual([]);
  });
});

test.describe('seeded session', () => {
  test('an admin sees the Admin link and enters the lazily loaded console', async ({ page, baseURL }) => {
    await blockIdentityProvider(page);
    await seedSession(page, baseURL!, { username: 'admin', groups: ['/Moderator/Admin'], firstName: 'Ada', lastName: 'Admin' });
    await page.goto('/');
    const admin = page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Admin' });
    await expect(admin).toBeVisible();
    await admin.click();
    await expect(page).toHaveURL(/\/admin$/);
    await expect(page.getByRole('link', { name: 'Exit Dashboard' }).first()).toBeVisible();
  });

  test('a player has no Admin link and is denied the admin area', async ({ page, baseURL }) => {
    await blockIdentityProvider(page);
    await seedSession(page, baseURL!, { username: 'player', groups: ['/Player/Member'] });
    await page.goto('/');
    await expect(page.getByRole('button', { name: /open user menu/ })).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Admin' })).toHaveCount(0);
    await page.goto('/admin/characters');
    await expect(page.getByRole('heading', { name: 'Access denied' })).toBeVisible();
  });

  test('the user menu has Your Profile and Sign out; Esc closes it', async ({ page, baseURL }) => {
    await blockIdentityProvider(page);
    await seedSession(page, baseURL!, { username: 'moderator', groups: ['/Moderator'], firstName: 'Mo', lastName: 'Derator' });
    await page.goto('/');
    const button = page.getByRole('button', { name: /Mo Derator/ });
    await button.click();
    // React Aria: a pointer opens the menu with the menu focused; ArrowDown reaches the first item.
    await expect(page.getByRole('menu', { name: 'User menu' })).toBeFocused();
    await page.keyboard.press('ArrowDown');
    await expect(page.getByRole('menuitem', { name: 'Your Profile' })).toBeFocused();
    await expect(page.getByRole('menuitem', { name: 'Your Profile' })).toHaveAttribute('href', `${baseURL}/realms/default/account`);
    await page.keyboard.press('Escape');
    await expect(page.getByRole('menu')).toHaveCount(0);
    await expect(button).toBeFocused();

    await button.click();
    await page.getByRole('menuitem', { name: 'Sign out' }).click();
    // Provider unreachable: signed out locally, with an explanation.
    await expect(page.getByRole('button', { name: 'Login' })).toBeVisible();
    await expect(page.getByTestId('notification').first()).toContainText('signed out of this browser');
  });

  test('inactivity: warning at 54 minutes, sign-out at 60, activity really resets', async ({ page, baseURL }) => {
    const start = Date.now();
    await page.clock.install({ time: start });
    await blockIdentityProvider(page);
    await seedSession(page, baseURL!, { username: 'admin', groups: ['/Moderator/Admin'] }, start);
    await page.goto('/');
    await expect(page.getByRole('button', { name: /open user menu/ })).toBeVisible();

    await page.clock.runFor('50:00');
    await page.mouse.move(200, 300);
    await page.clock.runFor('50:00');
    await expect(page.getByText('You are about to be logged out due to inactivity')).toHaveCount(0);
    await page.clock.runFor('04:05');
    await expect(page.getByText('You are about to be logged out due to inactivity').first()).toBeVisible();

    await page.keyboard.press('Shift');
    await expect(page.getByTestId('notification').filter({ hasText: 'about to be logged out' })).toHaveCount(0);
    await page.clock.runFor('54:05');
    await expect(page.getByTestId('notification').filter({ hasText: 'about to be logged out' })).toBeVisible();
    await page.clock.runFor('06:00');
    await expect(page.getByTestId('notification').filter({ hasText: 'You have been logged out due to inactivity' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Login' })).toBeVisible();
    // Persistent: still there long after the 5 s autohide.
    await page.clock.runFor('01:00');
    await expect(page.getByTestId('notification').filter({ hasText: 'logged out due to inactivity' })).toBeVisible();
  });

  test('notifications close on navigation unless persistent', async ({ page }) => {
    await blockIdentityProvider(page);
    await page.clock.install();
    await page.goto('/');
    await page.getByRole('button', { name: 'Login' }).click();
    const toast = page.getByTestId('notification');
    await expect(toast).toHaveCount(1);
    await toast.hover();
    // Past the 5 s autohide at once: hovering holds the toast.
    await page.clock.runFor(5500);
    await expect(toast).toHaveCount(1);
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Dev Log' }).click();
    await expect(toast).toHaveCount(0);
  });
});
