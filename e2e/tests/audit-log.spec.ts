import { readFile } from 'node:fs/promises';
import { expect, test, type Page } from '@playwright/test';
import { DEMO, expectNoAxeViolations, go, signInTo, tableRows, toast, uniqueName } from '../support/admin';
import { restFromPage, signInAs } from '../support/chat';
import { keepScreenshot } from '../support/screens';

// The audit log in the console against the real server — a write shows up newest first with its diff,
// filters narrow it, Export CSV downloads it, moderators see only their own actions.

const auditRows = (page: Page) => tableRows(page, 'Audit log');

/** Creates a map and edits its path through the console; returns its id. */
async function createAndEditMap(page: Page, name: string): Promise<string> {
  await go(page, '/admin/maps/new');
  await page.getByLabel('Name').fill(name);
  await page.getByLabel('Map Path').fill('/Game/Maps/Audit-Before');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page).toHaveURL(/\/admin\/maps$/);
  await tableRows(page, 'Maps')
    .filter({ hasText: name })
    .getByRole('link', { name: `Edit ${name}` })
    .click();
  await page.getByLabel('Map Path').fill('/Game/Maps/Audit-After');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(toast(page, 'Map update successful!')).toBeVisible();
  await expect(page).toHaveURL(/\/admin\/maps\/[0-9a-f-]{36}$/);
  return new URL(page.url()).pathname.split('/').at(-1)!;
}

test('an admin edit shows in the audit log newest first, with its diff, a filter and a CSV export', async ({ page }, testInfo) => {
  test.setTimeout(90_000);
  await page.setViewportSize({ width: 1440, height: 900 });
  await signInTo(page, '/admin');
  const name = uniqueName('Audit');
  const mapId = await createAndEditMap(page, name);

  // The map's page links its history: the edit first, then the create.
  await page.getByRole('link', { name: 'Audit history' }).click();
  await expect(page).toHaveURL((url) => url.pathname === '/admin/audit' && url.searchParams.get('target_id') === mapId);
  await expect(page.getByRole('heading', { name: 'Audit log', level: 1 })).toBeVisible();
  await expect(auditRows(page)).toHaveCount(2);
  await expect(auditRows(page).nth(0)).toContainText('map.edit');
  await expect(auditRows(page).nth(1)).toContainText('map.create');
  // The actor is named by username.
  await expect(auditRows(page).nth(0).locator('td').nth(2)).toContainText(/^admin/);
  await expect(page.getByText(/2 records match/)).toBeVisible();
  await keepScreenshot(page, testInfo, 'audit-log-1440');
  await expectNoAxeViolations(page);

  // The record: who, when, from where, and the changed field marked.
  await auditRows(page).nth(0).getByRole('link').first().click();
  await expect(page).toHaveURL(/\/admin\/audit\/[^/?]+$/);
  const changes = page.getByRole('table', { name: 'Changes' });
  const pathRow = changes.getByRole('row').filter({ hasText: 'Audit-After' });
  await expect(pathRow).toHaveAttribute('data-change', 'changed');
  await expect(pathRow).toContainText('/Game/Maps/Audit-Before');
  await expect(changes.getByRole('row').filter({ hasText: name })).toHaveAttribute('data-change', 'unchanged');
  await expect(page.getByText(/1 of \d+ fields? changed\./)).toBeVisible();
  await keepScreenshot(page, testInfo, 'audit-record-1440');
  await expectNoAxeViolations(page);

  // Filter by action: only map edits, ours the newest; the URL keeps it across a reload.
  await go(page, '/admin/audit');
  const action = page.getByRole('combobox', { name: 'Action' });
  await action.fill('map.');
  await page.getByRole('option', { name: 'map.', exact: true }).click();
  await expect(auditRows(page).first()).toContainText(mapId);
  await action.fill('map.edit');
  await expect(page).toHaveURL((url) => url.searchParams.get('action') === 'map.edit');
  await page.reload();
  await expect(action).toHaveValue('map.edit');
  await expect(auditRows(page).first()).toContainText(mapId);
  for (const row of await auditRows(page).all()) await expect(row).toContainText('map.edit');

  // Export CSV: the browser downloads the filtered set, our row in it.
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Export CSV' }).click()]);
  expect(download.suggestedFilename()).toMatch(/^audit-log-\d{4}-\d{2}-\d{2}T\d{2}-\d{2}-\d{2}Z\.csv$/);
  const csv = await readFile(await download.path(), 'utf8');
  const lines = csv.replace(/^\uFEFF/, '').split('\r\n');
  // No before/after in lists or the export: the record page shows them.
  expect(lines[0]).toBe('time,actor_id,actor_name,action,target_type,target_id,request_id,source_address');
  const ours = lines.find((line) => line.includes(mapId));
  expect(ours).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z,[^,]+,admin,map\.edit,map,/);
  expect(lines.filter((line) => line && !line.startsWith('time,')).every((line) => line.includes(',map.edit,'))).toBe(true);
  await expect(page.getByText(/^Exported \d+ records?\.$/)).toBeVisible();
});

test('on a phone the log and a record fit the screen and pass axe', async ({ page }, testInfo) => {
  await page.setViewportSize({ width: 375, height: 812 });
  await signInTo(page, '/admin/audit');
  await expect(auditRows(page).first()).toBeVisible();
  await expect(page.locator('.skeleton')).toHaveCount(0);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  // The filters fold behind a button on a phone.
  await expect(page.getByLabel('Actor')).toBeHidden();
  await keepScreenshot(page, testInfo, 'audit-log-375');
  await expectNoAxeViolations(page);
  await expect(page.getByRole('button', { name: 'Clear filters' })).toBeHidden();
  await page.getByRole('button', { name: 'Filters', exact: true }).click();
  await expect(page.getByRole('button', { name: 'Filters', exact: true })).toHaveAttribute('aria-expanded', 'true');
  await page.getByLabel('Actor').fill('admin');
  await expect(page.getByRole('button', { name: 'Filters (1 active)' })).toBeVisible();
  await expect(
    auditRows(page)
      .locator('td:nth-child(3)')
      .filter({ hasNotText: /^admin/ }),
  ).toHaveCount(0);
  await keepScreenshot(page, testInfo, 'audit-log-filters-375');
  await auditRows(page).first().getByRole('link').first().click();
  await expect(page.getByRole('heading', { name: 'Changes' })).toBeVisible();
  await expect(page.locator('.skeleton')).toHaveCount(0);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  await keepScreenshot(page, testInfo, 'audit-record-375');
  await expectNoAxeViolations(page);
});

test('the filters work from the keyboard alone', async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await signInTo(page, '/admin/audit');
  await expect(auditRows(page).first()).toBeVisible();
  await page.getByLabel('Actor').focus();
  await page.keyboard.type('admin');
  await page.keyboard.press('Tab');
  await expect(page.getByRole('combobox', { name: 'Action' })).toBeFocused();
  await page.keyboard.type('console');
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Enter');
  await expect(page.getByRole('combobox', { name: 'Action' })).toHaveValue('console.sign-in');
  await expect(page).toHaveURL((url) => url.searchParams.get('action') === 'console.sign-in' && url.searchParams.get('actor') === 'admin');
  await expect(auditRows(page).first()).toContainText('console.sign-in');
});

test('dimension and chat channel pages link their audit history', async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await signInTo(page, `/admin/dimensions/${DEMO.dimensions.prime}`);
  await page.getByRole('link', { name: 'Audit history' }).click();
  await expect(page).toHaveURL((url) => url.pathname === '/admin/audit' && url.search === `?target_type=dimension&target_id=${DEMO.dimensions.prime}`);
  await expect(page.getByLabel('Target id')).toHaveValue(DEMO.dimensions.prime);
  await go(page, `/admin/chats/${DEMO.channels.primeRunners}`);
  await page.getByRole('link', { name: 'Audit history' }).click();
  await expect(page).toHaveURL(
    (url) => url.searchParams.get('target_type') === 'chat-channel' && url.searchParams.get('target_id') === DEMO.channels.primeRunners,
  );
  // The demo seeding wrote these: the system's records, or none when the seed predates the log.
  await expect(page.locator('#admin-main .skeleton')).toHaveCount(0);
  await expectNoAxeViolations(page);
});

test('a moderator gets only their own records from the audit API', async ({ page, browser }) => {
  // The admin writes something the moderator must not see.
  const admin = await browser.newPage();
  await signInTo(admin, '/admin');
  const mapId = await createAndEditMap(admin, uniqueName('Audit'));
  await admin.close();

  await signInAs(page, '/', 'moderator');
  const own = await restFromPage(page, 'GET', '/v1/audit?limit=200');
  expect(own.status).toBe(200);
  const records = own.json.records as { actorName: string; action: string }[];
  // Their own console sign-in is there, and every record is theirs.
  expect(records.map((r) => r.action)).toContain('console.sign-in');
  expect(new Set(records.map((r) => r.actorName))).toEqual(new Set(['moderator']));
  const others = await restFromPage(page, 'GET', `/v1/audit?target_id=${mapId}`);
  expect([others.status, Number(others.json.total ?? 0)]).toEqual([200, 0]);
});
