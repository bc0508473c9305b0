import { expect, test } from '@playwright/test';
import { keepScreenshot, WIDTHS } from '../support/screens';

test.describe('public site', () => {
  test('landing page: hero, registration, Learn more anchor and the three themes', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    const whatsNew = page.getByRole('link', { name: /What's new/ });
    await expect(whatsNew).toHaveAttribute('href', '/blog');
    await expect(whatsNew).toContainText('Pre-Alpha v0.2');
    await expect(page.getByText('Free to play. No credit card required.')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Create an Account' }).first()).toBeVisible();

    await page.getByRole('link', { name: /Learn more/ }).click();
    await expect(page).toHaveURL(/#gameplay$/);
    const gameplay = page.locator('#gameplay');
    await expect(gameplay).toBeInViewport();
    await expect(gameplay.getByRole('heading', { level: 3 })).toHaveText(['Pioneer your own adventure', 'Maximize your level', 'Build your community']);
  });

  test("What's new leads to the Dev Log with its animation", async ({ page }) => {
    await page.goto('/');
    await page.getByRole('link', { name: /What's new/ }).click();
    await expect(page).toHaveURL(/\/blog$/);
    await expect(page.getByRole('heading', { name: 'Dev Log' })).toBeVisible();
    await expect(page.getByText('Coming kinda Soon')).toBeVisible();
    const animation = await page.getByText('Coming kinda Soon').evaluate((el) => getComputedStyle(el).animationName);
    expect(animation).not.toBe('none');
    await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Dev Log' })).toHaveAttribute('aria-current', 'page');
  });

  test('article deep link shows the id (server history fallback)', async ({ page }) => {
    const response = await page.goto('/blog/devlog-042');
    expect(response?.status()).toBe(200);
    await expect(page.getByTestId('article-id')).toHaveText('devlog-042');
    await page.reload();
    await expect(page.getByTestId('article-id')).toHaveText('devlog-042');
  });

  test('unknown paths show the 404 page', async ({ page }) => {
    await page.goto('/no/such/page');
    await expect(page.getByRole('heading', { name: 'Signal lost' })).toBeVisible();
    await page.getByRole('link', { name: 'Back to home' }).click();
    await expect(page).toHaveURL(/\/$/);
  });

  test('the admin console is a separate chunk the landing page never loads', async ({ page }) => {
    const scripts: string[] = [];
    page.on('request', (r) => r.resourceType() === 'script' && scripts.push(r.url()));
    await page.goto('/');
    await page.waitForLoadState('networkidle');
    expect(scripts.some((s) => s.includes('admin-shell'))).toBe(false);
  });

  test('a page whose code fails to load says so, and the rest of the site keeps working', async ({ page }, testInfo) => {
    // As when the network drops or a deploy replaced the files: the Dev Log chunk cannot be fetched.
    await page.route(/\/assets\/dev-log-page-[^/]*\.js$/, (route) => route.abort());
    await page.goto('/');
    await page.getByRole('link', { name: /What's new/ }).click();
    // (The page's other alert role is the notifications' live region.)
    const panel = page.getByRole('main').getByRole('alert');
    await expect(panel).toContainText('This page could not be loaded');
    await expect(panel).toContainText('Check your connection, then reload the page.');
    await expect(panel.getByRole('button', { name: 'Reload' })).toBeVisible();
    await keepScreenshot(page, testInfo, 'page-load-error');
    // The layout is still there, and another page renders without a reload.
    const nav = page.getByRole('navigation', { name: 'Main' });
    await nav.getByRole('link', { name: 'Home', exact: true }).click();
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(panel).toHaveCount(0);
    // Once the network is back, Reload brings the page.
    await nav.getByRole('link', { name: 'Dev Log', exact: true }).click();
    await expect(panel).toContainText('This page could not be loaded');
    await page.unroute(/\/assets\/dev-log-page-[^/]*\.js$/);
    await page.getByRole('button', { name: 'Reload' }).click();
    await expect(page.getByRole('heading', { name: 'Dev Log' })).toBeVisible();
  });

  test('the admin console failing to load keeps the site frame', async ({ page }) => {
    await page.route(/\/assets\/route-guard-[^/]*\.js$/, (route) => route.abort());
    await page.goto('/admin');
    await expect(page.getByRole('main').getByRole('alert')).toContainText('This page could not be loaded');
    await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
  });

  test('mobile menu at 375 px', async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 812 });
    await page.goto('/');
    const toggle = page.getByRole('button', { name: 'Open main menu' });
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await toggle.click();
    await expect(page.getByRole('button', { name: 'Close main menu' })).toHaveAttribute('aria-expanded', 'true');
    const menu = page.locator('#mobile-menu');
    await expect(menu.getByRole('link', { name: 'Home' })).toHaveAttribute('aria-current', 'page');
    await menu.getByRole('link', { name: 'Dev Log' }).click();
    await expect(page).toHaveURL(/\/blog$/);
    await expect(menu).toBeHidden();
  });

  for (const width of WIDTHS) {
    test(`screenshots at ${width} px`, async ({ page }, testInfo) => {
      await page.setViewportSize({ width, height: width === 375 ? 812 : 800 });
      for (const [name, path] of [
        ['landing', '/'],
        ['dev-log', '/blog'],
        ['article', '/blog/7'],
        ['not-found', '/nope'],
      ] as const) {
        await page.goto(path);
        await page.waitForLoadState('networkidle');
        await keepScreenshot(page, testInfo, `${name}-${width}`);
      }
      // Nothing may overflow sideways at phone width.
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow).toBeLessThanOrEqual(0);
    });
  }
});
