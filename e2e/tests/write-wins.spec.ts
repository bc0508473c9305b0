import { expect, test } from '@playwright/test';
import { go, signInTo, toast, uniqueName } from '../support/admin';

// A write wins over every earlier read, in memory and in the persisted cache (localStorage). Before, a
// reload within a second of a Save restored the cache from before it (the persister writes at most once a second)
// and showed the old name, fresh for another minute.

test.use({ viewport: { width: 1280, height: 900 } });

test('edit a map, go elsewhere within half a second, reload its edit page: the new name', async ({ page }) => {
  const name = uniqueName('Stale');
  await signInTo(page, '/admin/maps/new');
  await page.getByLabel('Name').fill(name);
  await page.getByLabel('Map Path').fill('/Game/Maps/Stale');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(toast(page, new RegExp(`Map channel ${name} \\(`))).toBeVisible();
  const link = page.getByRole('link', { name: `Edit ${name}` });
  const id = (await link.getAttribute('href'))!.split('/').at(-2)!;

  await go(page, `/admin/maps/${id}/edit`);
  await expect(page.getByLabel('Name')).toHaveValue(name);
  const renamed = `${name}-2`;
  await page.getByLabel('Name').fill(renamed);
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(toast(page, 'Map update successful!')).toBeVisible();
  const saved = Date.now();
  await go(page, '/admin/dimensions');
  await page.goto(`/admin/maps/${id}/edit`);
  expect(Date.now() - saved).toBeLessThan(2_000);
  await expect(page.getByLabel('Name')).toHaveValue(renamed);
  const persisted = await page.evaluate(() => window.localStorage.getItem('sro.query-cache') ?? '');
  expect(persisted).not.toContain(`"name":"${name}"`);

  // Clean up the shared demo data.
  await go(page, `/admin/maps/${id}`);
  await page.getByRole('button', { name: 'Delete' }).click();
  await page.getByRole('alertdialog', { name: 'Delete map' }).getByRole('button', { name: 'Delete' }).click();
  await expect(toast(page, 'The map has been deleted successfully.')).toBeVisible();
});
