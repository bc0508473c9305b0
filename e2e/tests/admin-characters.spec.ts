import { expect, test, type Page } from '@playwright/test';
import { answerEmpty, DEMO, signInTo, tableRows, toast, uniqueName } from '../support/admin';

const CHARACTERS = 'sro.character.CharacterService';
test.use({ viewport: { width: 1280, height: 900 } });

const rows = (page: Page) => tableRows(page, 'Characters');
const showing = (page: Page) => page.getByText(/^Showing \d+ to \d+ of \d+ results$/);

test('pagination: the text, page buttons and rows per page come from the server total', async ({ page }) => {
  await signInTo(page, '/admin/characters');
  await expect(showing(page)).toHaveText(/^Showing 1 to 10 of \d+ results$/);
  const total = Number((await showing(page).textContent())!.match(/of (\d+)/)![1]);
  const pages = Math.ceil(total / 10);
  const pager = page.getByRole('navigation', { name: 'Pagination' });
  if (pages < 6) await expect(pager.getByRole('button', { name: /^Page \d+$/ })).toHaveCount(pages);
  await expect(rows(page)).toHaveCount(10);
  await pager.getByRole('button', { name: 'Page 2', exact: true }).click();
  await expect(showing(page)).toHaveText(`Showing 11 to ${Math.min(20, total)} of ${total} results`);
  await expect(pager.getByRole('button', { name: 'Page 2', exact: true })).toHaveAttribute('aria-current', 'page');
  await pager.getByRole('button', { name: 'Next' }).click();
  await expect(showing(page)).toHaveText(`Showing 21 to ${Math.min(30, total)} of ${total} results`);
  await page.getByLabel('Rows per page').selectOption('25');
  await expect(showing(page)).toHaveText(`Showing 1 to ${Math.min(25, total)} of ${total} results`);
  await expect(rows(page)).toHaveCount(Math.min(25, total));
});

test('server-side sort cycles none → asc → desc → none', async ({ page }) => {
  await signInTo(page, '/admin/characters');
  const names = () => rows(page).locator('td:first-child').allTextContents();
  await expect(rows(page)).toHaveCount(10);
  const header = page.getByRole('columnheader', { name: 'Username' });
  await header.getByRole('button').click();
  await expect(header).toHaveAttribute('aria-sort', 'ascending');
  await expect.poll(names).toEqual([...(await names())].sort((a, b) => a.localeCompare(b, 'en', { sensitivity: 'base' })));
  const firstAsc = (await names())[0];
  await header.getByRole('button').click();
  await expect(header).toHaveAttribute('aria-sort', 'descending');
  await expect.poll(async () => (await names())[0]).not.toBe(firstAsc);
  const playtime = page.getByRole('columnheader', { name: 'Playtime' });
  await playtime.getByRole('button').click();
  await expect(playtime).toHaveAttribute('aria-sort', 'ascending');
  await expect(header).toHaveAttribute('aria-sort', 'none');
  await playtime.getByRole('button').click();
  await playtime.getByRole('button').click();
  await expect(playtime).toHaveAttribute('aria-sort', 'none');
});

test("search runs on the server; owners resolve in one batch, with badges or 'Unknown ({ownerId})'", async ({ page }) => {
  const lookups: string[] = [];
  page.on('request', (r) => {
    if (r.url().includes('/admin/realms/default/users')) lookups.push(new URL(r.url()).pathname + new URL(r.url()).search);
  });
  await signInTo(page, '/admin/characters');
  await expect(rows(page)).toHaveCount(10);
  await expect(rows(page).first().locator('td').nth(1)).not.toBeEmpty();
  // One batch request for the page's owners, never one request per row.
  await expect.poll(() => lookups.filter((l) => l.includes('id=')).length).toBe(1);
  expect(lookups.filter((l) => /\/users\/[^/?]+/.test(l))).toEqual([]);

  const search = page.getByRole('searchbox', { name: 'Search the table' });
  const expectOwner = async (character: string, text: string, badge: string, tone: RegExp) => {
    await search.fill(character);
    await expect(rows(page)).toHaveCount(1);
    const owner = rows(page).first().locator('td').nth(1);
    await expect(owner).toContainText(text);
    await expect(owner.getByText(badge, { exact: true })).toHaveClass(tone);
  };
  await expectOwner('nightshade', 'player', 'Member', /indigo/);
  await expectOwner('Ben Outcast', 'banned', 'Banned', /rose/);
  await expectOwner('Ada Overwatch', 'admin', 'Admin', /emerald/);
  await expectOwner('max warden', 'moderator', 'Moderator', /slate/);

  await search.fill(DEMO.ownerWithoutAccount);
  await expect(rows(page).first()).toContainText(`Unknown (${DEMO.ownerWithoutAccount})`);
});

test('detail shows owner, dimension, gender, realm, unique id and authorized channels', async ({ page }) => {
  await signInTo(page, `/admin/characters/${DEMO.characters.pia}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Pia Nightshade' })).toBeVisible();
  const facts = page.locator('dl');
  for (const text of ['player', 'Member', 'Prime', DEMO.dimensions.prime, 'Female', 'Human', DEMO.characters.pia]) {
    await expect(facts).toContainText(text);
  }
  await expect(page.getByRole('table', { name: 'Authorized chat channels' })).toContainText('Prime Runners');
});

test('create with validation, edit only changed fields, authorize channels, delete', async ({ page }) => {
  const name = uniqueName('Char');
  await signInTo(page, '/admin/characters/new');
  const nameField = page.getByLabel('Name');
  await nameField.fill('No');
  await expect(page.getByText('Name too short', { exact: true })).toBeVisible();
  await nameField.fill('n'.repeat(65));
  await expect(page.getByText('Name too long', { exact: true })).toBeVisible();
  await nameField.fill('Nova@7');
  await expect(page.getByText('Name can only contain letters, numbers and dashes')).toBeVisible();
  await nameField.fill(name);
  const choose = async (label: string, option: string) => {
    await page.getByRole('button', { name: new RegExp(`^${label}`) }).click();
    await page.getByRole('option', { name: new RegExp(option) }).click();
  };
  await choose('Owner', 'player');
  await choose('Gender', 'Female');
  await choose('Realm', 'Cyborg');
  await expect(page.getByRole('button', { name: 'Save' })).toBeDisabled(); // dimension still missing
  await choose('Dimension', 'Shadow Test');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(toast(page, new RegExp(`Character ${name} \\([0-9a-f-]{36}\\) created!`))).toBeVisible();
  await expect(page).toHaveURL(/\/admin\/characters$/);

  await page.getByRole('searchbox', { name: 'Search the table' }).fill(name);
  await expect(rows(page)).toHaveCount(1);
  await rows(page)
    .first()
    .getByRole('link', { name: `Edit ${name}` })
    .click();
  await expect(page.getByRole('heading', { level: 1, name: `Edit ${name}` })).toBeVisible();

  // Only the realm changes: the request names only 'realm' in its field mask.
  await choose('Realm', 'Human');
  const edit = page.waitForRequest((r) => r.url().endsWith(`${CHARACTERS}/EditCharacter`));
  await page.getByRole('button', { name: 'Save' }).first().click();
  const body = (await edit).postDataBuffer()!.toString('latin1');
  expect(body).toContain('realm');
  for (const other of ['dimension_id', 'owner_id', 'gender', name]) expect(body).not.toContain(other);
  await expect(toast(page, 'Character update successful!')).toBeVisible();
  await expect(page.locator('dl')).toContainText('Human');

  // Authorized Chat Channels: selection with select-all (indeterminate when some), own Save.
  await page.getByRole('link', { name: 'Edit' }).click();
  const section = page.getByRole('region', { name: 'Authorized Chat Channels' });
  const all = section.getByRole('checkbox', { name: 'Select all rows' });
  await expect(all).not.toBeChecked();
  await section.getByRole('row', { name: /Staff/ }).getByRole('checkbox').check();
  await expect(all).toHaveAttribute('aria-checked', 'mixed');
  await all.check();
  await expect(section.getByRole('checkbox', { checked: false })).toHaveCount(0);
  await all.uncheck();
  await section.getByRole('row', { name: /Staff/ }).getByRole('checkbox').check();
  await section.getByRole('button', { name: 'Save' }).click();
  await expect(toast(page, 'Chat channels updated')).toBeVisible();
  await page
    .getByRole('navigation', { name: 'Breadcrumb' })
    .getByRole('link', { name: /^[0-9a-f-]{36}$/ })
    .click();
  await expect(page.getByRole('table', { name: 'Authorized chat channels' })).toContainText('Staff');

  await page.getByRole('button', { name: 'Delete' }).click();
  await page.getByRole('alertdialog', { name: 'Delete character' }).getByRole('button', { name: 'Delete' }).click();
  await expect(toast(page, 'The character has been deleted successfully.')).toBeVisible();
  await expect(page).toHaveURL(/\/admin\/characters$/);
});

test("empty: a dashed 'Create a new character' button links to the form", async ({ page }) => {
  await answerEmpty(page, `${CHARACTERS}/GetCharacterStats`);
  await signInTo(page, '/admin/characters');
  await page.getByRole('link', { name: 'Create a new character' }).click();
  await expect(page).toHaveURL(/\/admin\/characters\/new$/);
});
