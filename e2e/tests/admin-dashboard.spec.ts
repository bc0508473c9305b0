import { expect, test } from '@playwright/test';
import { DEMO, signInTo, tableRows, toast } from '../support/admin';

test.use({ viewport: { width: 1280, height: 900 } });

test('dimension cards, stat tiles from the aggregates and the characters table', async ({ page }) => {
  // Hold the server count to see its loading value first.
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/sro.gameserver.GameServerDataService/GetGameServerDetails', async (route) => {
    await held;
    await route.continue();
  });
  await signInTo(page, '/admin');
  const tile = (label: string) => page.locator('dl > div').filter({ has: page.getByText(label, { exact: true }) });
  await expect(tile('Number of servers')).toContainText('Loading...');
  release();
  await expect(tile('Number of servers')).toContainText('Local Mode');
  await expect(tile('Number of characters').locator('dd')).toHaveText(/^[\d,]+$/);
  await expect(tile('Total play time').locator('dd')).toHaveText(/^[\d,.]+(seconds?|minutes?|hours?|days?)$/);

  const prime = page.getByRole('link', { name: /Prime/ }).filter({ hasText: DEMO.dimensions.prime });
  await expect(prime).toContainText('eu-central');
  await expect(prime).toContainText('v1.4.2');
  await expect(tableRows(page, 'Characters')).toHaveCount(10);

  await page.getByRole('searchbox', { name: 'Search the table' }).fill('nightshade');
  await expect(tableRows(page, 'Characters')).toHaveCount(1);

  await prime.click();
  await expect(page).toHaveURL(new RegExp(`/admin/dimensions/${DEMO.dimensions.prime}$`));
});

test("'Overview' refresh says 'Refreshing character list...' then 'Refreshed character list'", async ({ page }) => {
  await signInTo(page, '/admin');
  await expect(tableRows(page, 'Characters')).toHaveCount(10);
  const refetched = page.waitForRequest((r) => r.url().endsWith('CharacterService/GetCharacters'));
  await page.getByRole('button', { name: 'Refresh overview' }).click();
  await expect(toast(page, 'Refreshing character list...')).toBeVisible();
  await refetched; // forced, although the cached page is still fresh
  await expect(toast(page, 'Refreshed character list')).toBeVisible();
});
