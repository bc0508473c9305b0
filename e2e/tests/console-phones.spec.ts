import { expect, test, type Locator, type Page } from '@playwright/test';
import { DEMO, expectNoAxeViolations, go, signInTo, tableRows } from '../support/admin';
import { keepScreenshot } from '../support/screens';

// On a 375x812 phone: every row's first cell leads to its detail; row actions are on screen
// without scrolling sideways; long ids shorten with a middle ellipsis (full id in the tooltip and the text, copy
// button on detail pages); 'Unknown (uuid)' owners and id breadcrumbs stay on one line.

test.use({ viewport: { width: 375, height: 812 }, permissions: ['clipboard-read', 'clipboard-write'] });

const LISTS = [
  { path: '/admin/characters', table: 'Characters', detail: /^\/admin\/characters\/[0-9a-f-]{36}$/ },
  { path: '/admin/dimensions', table: 'Dimensions', detail: /^\/admin\/dimensions\/[0-9a-f-]{36}$/ },
  { path: '/admin/maps', table: 'Maps', detail: /^\/admin\/maps\/[0-9a-f-]{36}$/ },
  { path: '/admin/chats', table: 'Chat channels', detail: /^\/admin\/chats\/[0-9a-f-]{36}$/ },
];

/** The element's lines of text: its height over its line height. */
const lineCount = (locator: Locator) => locator.evaluate((el) => Math.round(el.getBoundingClientRect().height / parseFloat(getComputedStyle(el).lineHeight)));

async function expectWithinScreen(page: Page, locator: Locator): Promise<void> {
  const box = (await locator.boundingBox())!;
  const width = page.viewportSize()!.width;
  expect(box.x, `${String(locator)} starts on screen`).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width, `${String(locator)} ends on screen`).toBeLessThanOrEqual(width);
}

test('lists: the first cell links to the detail and every row action is on screen', async ({ page }, testInfo) => {
  test.setTimeout(90_000);
  await signInTo(page, '/admin');
  for (const list of LISTS) {
    await go(page, list.path);
    const rows = tableRows(page, list.table);
    await expect(rows.first()).toBeVisible();
    const count = await rows.count();
    for (let i = 0; i < count; i++) {
      const row = rows.nth(i);
      const first = row.locator('td').first().getByRole('link');
      await expect(first).toHaveAttribute('href', list.detail);
      for (const action of await row.getByRole('link', { name: /^(View|Edit) / }).all()) await expectWithinScreen(page, action);
    }
    // The page itself never scrolls sideways.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await keepScreenshot(page, testInfo, `phone-${list.table.toLowerCase().replace(/ /g, '-')}`);
    const href = await rows.first().locator('td').first().getByRole('link').getAttribute('href');
    await rows.first().locator('td').first().getByRole('link').click();
    await expect(page).toHaveURL((url) => url.pathname === href);
    await expect(page.locator('#admin-main h1')).toBeVisible();
  }
});

test("an 'Unknown (uuid)' owner is one line with the id shortened, full id in text and tooltip", async ({ page }) => {
  await signInTo(page, '/admin/characters');
  await page.getByRole('searchbox', { name: 'Search the table' }).fill(DEMO.ownerWithoutAccount);
  const owner = tableRows(page, 'Characters').first().locator('td').nth(1);
  await expect(owner).toContainText(`Unknown (${DEMO.ownerWithoutAccount})`);
  const label = owner.getByText(/^Unknown \(/);
  expect(await lineCount(label)).toBe(1);
  const id = owner.locator(`[title="${DEMO.ownerWithoutAccount}"]`);
  await expect(id).toBeVisible();
  const shown = await id.evaluate((el) => getComputedStyle(el, '::before').content);
  expect(shown).toContain('5e1d0000…000900000001');
});

test('id breadcrumbs stay on one line; detail pages copy the full id', async ({ page }, testInfo) => {
  await signInTo(page, `/admin/characters/${DEMO.characters.pia}/edit`);
  const crumbs = page.getByRole('navigation', { name: 'Breadcrumb' });
  await expect(crumbs.getByRole('link', { name: DEMO.characters.pia })).toBeVisible();
  expect(await lineCount(crumbs.locator('ol'))).toBe(1);
  await expectWithinScreen(page, crumbs.getByText('Edit', { exact: true }));
  // The current page's name is whole, not cut to "E…" (the id level gives way first).
  const current = crumbs.locator('[aria-current="page"]');
  expect(await current.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
  await keepScreenshot(page, testInfo, 'phone-character-edit');

  await crumbs.getByRole('link', { name: DEMO.characters.pia }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Pia Nightshade' })).toBeVisible();
  const facts = page.locator('dl');
  await expect(facts).toContainText(DEMO.characters.pia);
  await facts.getByRole('button', { name: 'Copy id' }).last().click();
  await expect(facts.getByRole('button', { name: 'Copied' })).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(DEMO.characters.pia);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  await expectNoAxeViolations(page);
  await keepScreenshot(page, testInfo, 'phone-character-detail');
});
