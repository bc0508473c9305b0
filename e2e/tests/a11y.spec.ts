import { expect, test } from '@playwright/test';
import { expectAxeClean } from '../support/axe';
import { WIDTHS } from '../support/screens';

const PAGES = ['/', '/blog', '/blog/7', '/nope'];

for (const width of WIDTHS) {
  test.describe(`accessibility at ${width} px`, () => {
    for (const path of PAGES) {
      test(`${path} has no WCAG 2.1 A/AA violations`, async ({ page }) => {
        await page.setViewportSize({ width, height: 800 });
        await page.goto(path);
        await page.waitForLoadState('networkidle');
        await expectAxeClean(page);
      });
    }
  });
}

test('the user menu and mobile menu are keyboard operable', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 812 });
  await page.goto('/');
  await page.keyboard.press('Tab');
  await expect(page.getByRole('link', { name: 'Skip to content' })).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(page.getByRole('link', { name: 'SRO home' })).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(page.getByRole('button', { name: 'Open main menu' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.locator('#mobile-menu')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.locator('#mobile-menu')).toBeHidden();
});
