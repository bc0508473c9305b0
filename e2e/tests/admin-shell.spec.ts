import { expect, test } from '@playwright/test';
import { DEMO, expectNoAxeViolations, go, signInTo } from '../support/admin';
import { keepScreenshot } from '../support/screens';

test.describe('admin shell at 1280 px', () => {
  test.use({ viewport: { width: 1280, height: 900 } });

  test("sidebar links, exact active link, 'First Last (username)', dark body", async ({ page }) => {
    await signInTo(page, '/admin/dimensions');
    const nav = page.getByRole('navigation', { name: 'Admin' });
    await expect(nav.getByRole('link')).toHaveText([
      'Dashboard',
      'Dimensions',
      'Maps',
      'Characters',
      'Live players',
      'Chats',
      'Messages',
      'Sanctions',
      'Moderation',
      'Reports',
      'Appeals',
      'Approvals',
      'Audit log',
      'Webhooks',
      'Roles',
      'Settings',
      'Exit Dashboard',
    ]);
    await expect(nav.getByRole('link', { name: 'Dimensions' })).toHaveAttribute('aria-current', 'page');
    await expect(nav.getByRole('link', { name: 'Dashboard', exact: true })).not.toHaveAttribute('aria-current', 'page');
    await expect(page.getByTestId('sidebar-user')).toHaveText('Ada Admin (admin)');
    await expect(page.locator('body')).toHaveClass(/admin-shell-active/);

    // A detail URL is not an exact match for any link.
    await go(page, `/admin/dimensions/${DEMO.dimensions.prime}`);
    await expect(nav.locator('[aria-current="page"]')).toHaveCount(0);
    await nav.getByRole('link', { name: 'Exit Dashboard' }).click();
    await expect(page).toHaveURL((url) => url.pathname === '/');
    await expect(page.locator('body')).not.toHaveClass(/admin-shell-active/);
  });

  test('breadcrumbs show each level, the id level shows the id', async ({ page }) => {
    await signInTo(page, `/admin/characters/${DEMO.characters.pia}/edit`);
    const crumbs = page.getByRole('navigation', { name: 'Breadcrumb' }).getByRole('listitem');
    await expect(crumbs).toHaveText(['Dashboard', 'Characters', DEMO.characters.pia, 'Edit']);
    await page.getByRole('navigation', { name: 'Breadcrumb' }).getByRole('link', { name: DEMO.characters.pia }).click();
    await expect(page).toHaveURL(new RegExp(`/admin/characters/${DEMO.characters.pia}$`));
    await expect(crumbs).toHaveText(['Dashboard', 'Characters', DEMO.characters.pia]);
  });

  test('the header search filters the visible table, and navigating clears it', async ({ page }) => {
    await signInTo(page, '/admin/maps');
    const rows = page.getByRole('table', { name: 'Maps' }).locator('tbody tr');
    await expect(rows).toHaveCount(4);
    await page.getByRole('searchbox', { name: 'Search the table' }).fill('docks');
    await expect(rows).toHaveCount(1);
    await expect(rows.first()).toContainText('Neon Docks');
    await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Chats' }).click();
    await expect(page.getByRole('searchbox', { name: 'Search the table' })).toHaveValue('');
  });

  test('the profile panel offers Your Profile and Sign out, and closes on navigation', async ({ page }) => {
    await signInTo(page, '/admin');
    await page.getByRole('button', { name: 'Open profile panel' }).click();
    await expect(page.getByRole('link', { name: 'Your Profile' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Sign out' })).toBeVisible();
    await go(page, '/admin/maps');
    await expect(page.getByRole('button', { name: 'Sign out' })).toHaveCount(0);
  });
});

test.describe('admin shell at 375 px', () => {
  test.use({ viewport: { width: 375, height: 812 } });

  test('slide-over menu: focus inside, Escape closes, navigating closes, mobile title', async ({ page }, testInfo) => {
    await signInTo(page, '/admin/maps');
    await expect(page.getByTestId('mobile-title')).toHaveText('Maps');
    await expect(page.getByRole('navigation', { name: 'Admin' })).toBeHidden();
    const open = page.getByRole('button', { name: 'Open menu' });
    await open.click();
    const dialog = page.getByRole('dialog', { name: 'Admin menu' });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole('button', { name: 'Close menu' })).toBeFocused();
    await keepScreenshot(page, testInfo, 'admin-slide-over-375');
    await expectNoAxeViolations(page);
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(open).toBeFocused();

    await open.click();
    await dialog.getByRole('link', { name: 'Characters' }).click();
    await expect(page).toHaveURL(/\/admin\/characters$/);
    await expect(dialog).toBeHidden();
    await expect(page.getByTestId('mobile-title')).toHaveText('Characters');

    await go(page, `/admin/characters/${DEMO.characters.pia}`);
    await expect(page.getByTestId('mobile-title')).toHaveText('Admin Dashboard');
  });
});

test('a signed-in player is denied the admin area', async ({ page }) => {
  await signInTo(page, '/admin/dimensions', 'player');
  await expect(page.getByRole('heading', { name: 'Access denied' })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Admin' })).toHaveCount(0);
});

test('signing out from the profile panel clears the cached admin data', async ({ page }) => {
  await signInTo(page, '/admin/maps');
  await expect(page.getByRole('table', { name: 'Maps' }).locator('tbody tr')).toHaveCount(4);
  // The persister writes at most once a second.
  await expect.poll(() => page.evaluate(() => window.localStorage.getItem('sro.query-cache'))).not.toBeNull();
  expect(await page.evaluate(() => window.localStorage.getItem('sro.capabilities'))).toContain('"role":"admin"');
  await page.getByRole('button', { name: 'Open profile panel' }).click();
  await page.getByRole('button', { name: 'Sign out' }).click();
  await page.waitForURL((url) => url.pathname.includes('/logout') || url.pathname === '/');
  if (new URL(page.url()).pathname.includes('/logout')) await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(page.getByRole('button', { name: 'Login' })).toBeVisible();
  expect(await page.evaluate(() => window.localStorage.getItem('sro.query-cache'))).toBeNull();
  expect(await page.evaluate(() => window.localStorage.getItem('sro.capabilities'))).toBeNull();
});
