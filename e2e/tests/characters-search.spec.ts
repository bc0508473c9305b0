import { expect, test, type Page } from '@playwright/test';
import { signInTo, tableRows } from '../support/admin';

// The characters search (header box and dashboard) covers what the table shows — name, owner username,
// realm, gender, dimension name, id — by case-insensitive substring, and 'text in:col1,col2' names columns by header
// label or id. Before, the placeholder's own example 'nova in:name' found nothing, nor did 'player', 'prime', 'hum'.

test.use({ viewport: { width: 1440, height: 900 } });

const rows = (page: Page) => tableRows(page, 'Characters');
const cellsOf = (page: Page, column: number) => rows(page).locator(`td:nth-child(${column})`).allInnerTexts();
const total = async (page: Page) => Number(/of (\d+) results/.exec(await page.getByText(/^Showing \d+ to \d+ of \d+ results$/).innerText())?.[1]);

async function searchFor(page: Page, box: string, text: string): Promise<void> {
  const response = page.waitForResponse(
    (r) =>
      r.url().endsWith('CharacterService/GetCharacters') &&
      r
        .request()
        .postDataBuffer()!
        .includes(Buffer.from(text.split(' ')[0]!)),
  );
  await page.getByRole('searchbox', { name: box }).fill(text);
  await response;
  await expect(rows(page).first()).toBeVisible();
}

test('the console search finds names, owners, realms and dimensions; in: names columns', async ({ page }) => {
  await signInTo(page, '/admin/characters');
  await expect(rows(page)).toHaveCount(10);
  const box = 'Search the table';

  await searchFor(page, box, 'nova in:name');
  await expect(rows(page)).toHaveCount(1);
  await expect(rows(page).first()).toContainText('Nova Blackwire');

  await searchFor(page, box, 'player');
  for (const owner of await cellsOf(page, 2)) expect(owner).toContain('player');

  await searchFor(page, box, 'human in:realm');
  const humans = await total(page);
  for (const realm of await cellsOf(page, 3)) expect(realm).toBe('Human');
  await searchFor(page, box, 'hum');
  expect(await total(page)).toBe(humans);

  await searchFor(page, box, 'prime in:dimension');
  for (const dimension of await cellsOf(page, 5)) expect(dimension).toBe('Prime');
  await searchFor(page, box, 'PRIME');
  expect(await total(page)).toBeGreaterThanOrEqual(await rows(page).count());
  for (const dimension of await cellsOf(page, 5)) expect(dimension).toBe('Prime');

  await searchFor(page, box, 'fem in:Gender');
  for (const gender of await cellsOf(page, 4)) expect(gender).toBe('Female');

  await page.getByRole('searchbox', { name: box }).fill('human in:nosuchcolumn');
  await expect(page.getByRole('table', { name: 'Characters' })).toContainText('No results found');
});

test("on the dashboard, the header's one search box filters the characters table with the same syntax", async ({ page }) => {
  await signInTo(page, '/admin');
  await expect(rows(page)).toHaveCount(10);
  await expect(page.getByRole('searchbox')).toHaveCount(1);
  await searchFor(page, 'Search the table', 'nova in:name');
  await expect(rows(page)).toHaveCount(1);
  await expect(rows(page).first()).toContainText('Nova Blackwire');
});
