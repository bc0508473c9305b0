import { expect, test } from '@playwright/test';
import { answerEmpty, DEMO, signInTo, tableRows, toast, uniqueName } from '../support/admin';

test.use({ viewport: { width: 1280, height: 900 } });

test('dimension form shows each validation message exactly', async ({ page }) => {
  await signInTo(page, '/admin/dimensions/new');
  const name = page.getByLabel('Name');
  await name.fill('ab');
  await expect(page.getByText('Name to short', { exact: true })).toBeVisible();
  await name.fill('x'.repeat(65));
  await expect(page.getByText('Name to long', { exact: true })).toBeVisible();
  await name.fill('bad!name');
  await expect(page.getByText('Name can only contain letters, numbers and dashes')).toBeVisible();
  await page.getByLabel('Version').fill('1');
  await page.getByLabel('Version').fill('');
  await page.getByLabel('Version').blur();
  await expect(page.getByText('Version cannot be empty.')).toBeVisible();
  await page.getByLabel('Location').focus();
  await page.getByLabel('Location').blur();
  await expect(page.getByText('Location cannot be empty.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Save' })).toBeDisabled();
});

test('create, view (with its read-only maps), edit and delete a dimension', async ({ page }) => {
  const name = uniqueName('Dim');
  await signInTo(page, '/admin/dimensions');
  await page.getByRole('link', { name: 'New Dimension' }).click();
  await page.getByLabel('Name').fill(name);
  await page.getByLabel('Version').fill('2.0.0');
  await page.getByLabel('Location').fill('ap-south');
  await page.getByRole('button', { name: /^Maps/ }).click();
  await page.getByRole('option', { name: /Downtown Sprawl/ }).click();
  await page.getByRole('option', { name: /Neon Docks/ }).click();
  await page.keyboard.press('Escape');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(toast(page, new RegExp(`Dimension ${name} \\([0-9a-f-]{36}\\) created!`))).toBeVisible();
  await expect(page).toHaveURL(/\/admin\/dimensions$/);

  await tableRows(page, 'Dimensions')
    .filter({ hasText: name })
    .getByRole('link', { name: `View ${name}` })
    .click();
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  await expect(page.getByText('v2.0.0')).toBeVisible();
  const maps = page.getByRole('table', { name: 'Maps of this dimension' });
  await expect(maps.locator('tbody tr')).toHaveCount(2);
  await expect(maps).toContainText('Downtown Sprawl');
  await expect(maps.getByRole('link')).toHaveCount(0); // read-only: no View/Edit

  await page.getByRole('link', { name: 'Edit' }).click();
  await page.getByLabel('Location').fill('ap-east');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(toast(page, 'Dimension update successful!')).toBeVisible();
  await expect(page).toHaveURL(/\/admin\/dimensions\/[0-9a-f-]{36}$/);
  await expect(page.getByText('ap-east')).toBeVisible();

  await page.getByRole('button', { name: 'Delete' }).click();
  await page.getByRole('alertdialog', { name: 'Delete dimension' }).getByRole('button', { name: 'Delete' }).click();
  await expect(toast(page, 'The dimension has been deleted successfully.')).toBeVisible();
  await expect(page).toHaveURL(/\/admin\/dimensions$/);
  await expect(tableRows(page, 'Dimensions').filter({ hasText: name })).toHaveCount(0);
});

test('the demo dimension lists its maps', async ({ page }) => {
  await signInTo(page, `/admin/dimensions/${DEMO.dimensions.prime}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Prime' })).toBeVisible();
  await expect(page.getByRole('table', { name: 'Maps of this dimension' }).locator('tbody tr')).not.toHaveCount(0);
});

test("empty list: a 'Create a new dimension' button links to the form", async ({ page }) => {
  await answerEmpty(page, 'sro.gameserver.DimensionService/GetDimensions');
  await signInTo(page, '/admin/dimensions');
  await page.getByRole('link', { name: 'Create a new dimension' }).click();
  await expect(page).toHaveURL(/\/admin\/dimensions\/new$/);
});
