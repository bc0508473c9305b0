import { expect, test, type Page } from '@playwright/test';
import { signInTo, tableRows } from '../support/admin';

// A list's sort, page and page size live in the URL (components/table/table-url-state.ts): a reload, a shared link
// or Back from a row's detail shows the same rows.
const firstCells = (page: Page, table: string) => tableRows(page, table).locator('td:first-child').allTextContents();
const pager = (page: Page) => page.getByRole('navigation', { name: 'Pagination' });

test('characters (sorted and paged on the server): sort, page → detail → Back → reload keep the same rows', async ({ page }) => {
  await signInTo(page, '/admin/characters');
  await expect(tableRows(page, 'Characters')).toHaveCount(10);
  const username = page.getByRole('columnheader', { name: 'Username' });
  await username.getByRole('button').click();
  await username.getByRole('button').click();
  await expect(username).toHaveAttribute('aria-sort', 'descending');
  await expect(page).toHaveURL(/\/admin\/characters\?sort=-name$/);
  await pager(page).getByRole('button', { name: 'Page 2', exact: true }).click();
  await expect(page).toHaveURL(/\/admin\/characters\?sort=-name&page=2$/);
  await expect(pager(page).getByRole('button', { name: 'Page 2', exact: true })).toHaveAttribute('aria-current', 'page');
  const pageTwo = await firstCells(page, 'Characters');
  expect([...pageTwo]).toEqual([...pageTwo].sort((a, b) => b.localeCompare(a, 'en', { sensitivity: 'base' })));

  await tableRows(page, 'Characters').first().getByRole('link').first().click();
  await expect(page).toHaveURL(/\/admin\/characters\/[0-9a-f-]{36}$/);
  await page.goBack();
  await expect(username).toHaveAttribute('aria-sort', 'descending');
  await expect.poll(() => firstCells(page, 'Characters')).toEqual(pageTwo);

  await page.reload();
  await expect(page.getByRole('columnheader', { name: 'Username' })).toHaveAttribute('aria-sort', 'descending');
  await expect(pager(page).getByRole('button', { name: 'Page 2', exact: true })).toHaveAttribute('aria-current', 'page');
  await expect.poll(() => firstCells(page, 'Characters')).toEqual(pageTwo);

  // A new sort starts at page one.
  await page.getByRole('columnheader', { name: 'Playtime' }).getByRole('button').click();
  await expect(page).toHaveURL(/\/admin\/characters\?sort=playTime$/);
});

test('maps (sorted and paged in the browser): a link with a sort and page size opens as it says; odd values fall back', async ({ page }) => {
  await signInTo(page, '/admin/maps');
  await expect(tableRows(page, 'Maps')).not.toHaveCount(0);
  const ascending = await firstCells(page, 'Maps');
  await page.goto('/admin/maps?sort=-name&size=25');
  const name = page.getByRole('columnheader', { name: 'Name' });
  await expect(name).toHaveAttribute('aria-sort', 'descending');
  await expect(page.getByLabel('Rows per page')).toHaveValue('25');
  await expect.poll(() => firstCells(page, 'Maps')).toEqual([...ascending].sort((a, b) => b.localeCompare(a, 'en', { sensitivity: 'base' })));

  // A page past the end shows the last page; a column that cannot be sorted and a size not offered are ignored.
  await page.goto('/admin/maps?page=40&sort=nope&size=7');
  await expect(pager(page).getByRole('button', { name: 'Page 1', exact: true })).toHaveAttribute('aria-current', 'page');
  await expect(page).toHaveURL((url) => !url.searchParams.has('page'));
  await expect(name).toHaveAttribute('aria-sort', 'none');
  await expect(page.getByLabel('Rows per page')).toHaveValue('10');
  await expect(tableRows(page, 'Maps')).toHaveCount(ascending.length);
});
