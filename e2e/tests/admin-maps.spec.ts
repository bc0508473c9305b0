import { expect, test } from '@playwright/test';
import { answerEmpty, answerError, failureToast, go, holdRequests, signInTo, tableRows, toast, uniqueName } from '../support/admin';

const MAP_SERVICE = 'sro.gameserver.MapService';

test.use({ viewport: { width: 1280, height: 900 } });

test('create, edit and delete a map with the exact toasts', async ({ page }) => {
  const name = uniqueName('Map');
  await signInTo(page, '/admin/maps');
  await page.getByRole('link', { name: 'New Map' }).click();
  await expect(page).toHaveURL(/\/admin\/maps\/new$/);
  const save = page.getByRole('button', { name: 'Save' });
  await expect(save).toBeDisabled();

  // Field errors appear only once a field is dirty or touched.
  await expect(page.getByText('Name is required')).toHaveCount(0);
  await page.getByLabel('Name').fill('x');
  await page.getByLabel('Name').fill('');
  await page.getByLabel('Name').blur();
  await expect(page.getByText('Name is required')).toBeVisible();
  await page.getByLabel('Map Path').focus();
  await page.getByLabel('Map Path').blur();
  await expect(page.getByText('Map path is required')).toBeVisible();

  await page.getByLabel('Name').fill(name);
  await page.getByLabel('Map Path').fill('/Game/Maps/E2E');
  await expect(save).toBeEnabled();
  await save.click();
  await expect(toast(page, new RegExp(`^Success: Map channel ${name} \\([0-9a-f-]{36}\\) created!$`))).toBeVisible();
  await expect(page).toHaveURL(/\/admin\/maps$/);
  await expect(tableRows(page, 'Maps').filter({ hasText: name })).toHaveCount(1);

  // Edit: 'Saving...' while the call runs, then back to the detail.
  await tableRows(page, 'Maps')
    .filter({ hasText: name })
    .getByRole('link', { name: `Edit ${name}` })
    .click();
  await expect(page.getByRole('button', { name: 'Save' })).toBeDisabled(); // nothing changed yet
  await page.getByLabel('Map Path').fill('/Game/Maps/E2E-2');
  const release = await holdRequests(page, `${MAP_SERVICE}/EditMap`);
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('button', { name: 'Saving...' })).toBeDisabled();
  release();
  await expect(toast(page, 'Map update successful!')).toBeVisible();
  await expect(page).toHaveURL(/\/admin\/maps\/[0-9a-f-]{36}$/);
  await expect(page.getByText('/Game/Maps/E2E-2')).toBeVisible();

  // Delete through the confirmation modal.
  await page.getByRole('button', { name: 'Delete' }).click();
  const modal = page.getByRole('alertdialog', { name: 'Delete map' });
  await expect(modal).toBeVisible();
  await expect(modal.getByRole('button', { name: 'Cancel' })).toBeFocused();
  await modal.getByRole('button', { name: 'Cancel' }).click();
  await expect(modal).toBeHidden();
  await page.getByRole('button', { name: 'Delete' }).click();
  await modal.getByRole('button', { name: 'Delete' }).click();
  await expect(toast(page, 'The map has been deleted successfully.')).toBeVisible();
  await expect(page).toHaveURL(/\/admin\/maps$/);
  await expect(tableRows(page, 'Maps').filter({ hasText: name })).toHaveCount(0);
});

test("failures show a persistent top-center '{code}: {message}'", async ({ page }) => {
  await page.clock.install();
  await signInTo(page, '/admin/maps/new');
  await answerError(page, `${MAP_SERVICE}/CreateMap`, 3, 'map path already used');
  await page.getByLabel('Name').fill('Broken Map');
  await page.getByLabel('Map Path').fill('/Game/Maps/Broken');
  await page.getByRole('button', { name: 'Save' }).click();
  const failure = failureToast(page, 'INVALID_ARGUMENT: map path already used');
  await expect(failure).toBeVisible();
  await expect(page).toHaveURL(/\/admin\/maps\/new$/);
  // Persistent: still there after the 5 s autohide (the page's clock runs past it at once) and after navigating.
  await page.clock.runFor(5500);
  await go(page, '/admin/maps');
  await expect(failure).toBeVisible();
});

test("a failed delete says 'Failed to delete the map. {code} + {message}'", async ({ page }) => {
  await signInTo(page, '/admin/maps');
  await tableRows(page, 'Maps')
    .first()
    .getByRole('link', { name: /^View / })
    .click();
  await answerError(page, `${MAP_SERVICE}/DeleteMap`, 9, 'a dimension still uses this map');
  await page.getByRole('button', { name: 'Delete' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click();
  await expect(failureToast(page, 'Failed to delete the map. FAILED_PRECONDITION + a dimension still uses this map')).toBeVisible();
});

test('sort cycles none → asc → desc → none, one column at a time', async ({ page }) => {
  await signInTo(page, '/admin/maps');
  const names = () => tableRows(page, 'Maps').locator('td:first-child').allTextContents();
  await expect(tableRows(page, 'Maps')).not.toHaveCount(0);
  const original = await names();
  const nameHeader = page.getByRole('columnheader', { name: 'Name' });
  const pathHeader = page.getByRole('columnheader', { name: 'Map Path' });
  await expect(nameHeader).toHaveAttribute('aria-sort', 'none');
  await nameHeader.getByRole('button').click();
  await expect(nameHeader).toHaveAttribute('aria-sort', 'ascending');
  expect(await names()).toEqual([...original].sort((a, b) => a.localeCompare(b)));
  await nameHeader.getByRole('button').click();
  await expect(nameHeader).toHaveAttribute('aria-sort', 'descending');
  expect(await names()).toEqual([...original].sort((a, b) => b.localeCompare(a)));
  await pathHeader.getByRole('button').click();
  await expect(pathHeader).toHaveAttribute('aria-sort', 'ascending');
  await expect(nameHeader).toHaveAttribute('aria-sort', 'none');
  await pathHeader.getByRole('button').click();
  await pathHeader.getByRole('button').click();
  await expect(pathHeader).toHaveAttribute('aria-sort', 'none');
  expect(await names()).toEqual(original);
});

test("the filter syntax 'text in:col1,col2' limits the search to columns", async ({ page }) => {
  await signInTo(page, '/admin/maps');
  const search = page.getByRole('searchbox', { name: 'Search the table' });
  const rows = tableRows(page, 'Maps');
  await expect(rows).toHaveCount(4);
  await search.fill('NEON');
  await expect(rows).toHaveCount(1);
  await search.fill('game in:name');
  await expect(page.getByRole('table', { name: 'Maps' })).toContainText('No results match');
  await search.fill('game in:mapPath');
  await expect(rows).toHaveCount(4);
  await search.fill('orbital in:name,id');
  await expect(rows).toHaveCount(1);
});

test("empty list: a 'Create a new map' button links to the form", async ({ page }) => {
  await answerEmpty(page, `${MAP_SERVICE}/GetMaps`);
  await signInTo(page, '/admin/maps');
  const create = page.getByRole('link', { name: 'Create a new map' });
  await expect(create).toBeVisible();
  await create.click();
  await expect(page).toHaveURL(/\/admin\/maps\/new$/);
});

test("an unknown id shows 'Item with ID {id} not found'", async ({ page }) => {
  const id = '00000000-0000-4000-8000-000000000000';
  await signInTo(page, `/admin/maps/${id}`);
  await expect(page.getByRole('alert').filter({ hasText: `Item with ID ${id} not found` })).toBeVisible();
});
