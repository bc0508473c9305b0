import { expect, test, type Locator, type Page, type TestInfo } from '@playwright/test';
import { expectNoAxeViolations, signInTo, toast } from '../support/admin';
import { signInAs } from '../support/chat';
import { keepScreenshot } from '../support/screens';

// The roles screen (docs/permissions.md "Roles and mappings") as the demo admin, by keyboard: a read-only role
// "Support" created, a group mapped to it, both listed, then removed; and the navigation a moderator gets links
// only screens that open for them.

const adminNav = (page: Page) => page.getByRole('navigation', { name: 'Admin' });

/** Presses Tab until `target` has the focus (a keyboard-only path). */
async function tabTo(page: Page, target: Locator) {
  await expect(target).toBeVisible();
  await expect
    .poll(
      async () => {
        await page.keyboard.press('Tab');
        return target.evaluate((element) => element === document.activeElement);
      },
      { timeout: 30_000, intervals: [0] },
    )
    .toBe(true);
}

async function look(page: Page, testInfo: TestInfo, name: string) {
  await keepScreenshot(page, testInfo, name);
  await expectNoAxeViolations(page);
}

test('an admin creates a read-only role, maps a group to it, sees both listed and removes them, by keyboard', async ({ page }, testInfo) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1440, height: 900 });
  await signInTo(page, '/admin/roles');
  await expect(page.getByRole('heading', { name: 'Roles', level: 1 })).toBeVisible();
  await expect(adminNav(page).getByRole('link', { name: 'Roles' })).toHaveAttribute('aria-current', 'page');
  await expect(page.getByRole('heading', { name: /^admin/, level: 3 })).toContainText('Built-in');
  await look(page, testInfo, 'roles-1440');

  await tabTo(page, page.getByRole('link', { name: 'New Role' }));
  await page.keyboard.press('Enter');
  await page.waitForURL('**/admin/roles/new');
  await tabTo(page, page.getByRole('textbox', { name: 'Name' }));
  await page.keyboard.type('Support');
  await tabTo(page, page.getByRole('textbox', { name: 'Description' }));
  await page.keyboard.type('Reads sanctions, changes nothing');
  await tabTo(page, page.getByRole('group', { name: 'Sanctions' }).getByRole('checkbox', { name: 'sanctions.read', exact: true }));
  await page.keyboard.press('Space');
  await look(page, testInfo, 'role-new-1440');
  await tabTo(page, page.getByRole('button', { name: 'Save' }));
  await page.keyboard.press('Enter');
  await page.waitForURL('**/admin/roles');
  await expect(toast(page, 'Role "Support" created')).toBeVisible();
  const support = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: 'Support', level: 3 }) });
  await expect(support.getByRole('list', { name: 'Capabilities of Support' })).toHaveText('sanctions.read');

  const mapping = page.getByRole('form', { name: 'Add mapping' });
  await tabTo(page, mapping.getByRole('textbox', { name: 'Group' }));
  await page.keyboard.type('/Support');
  await tabTo(page, mapping.getByRole('checkbox', { name: 'Support' }));
  await page.keyboard.press('Space');
  await tabTo(page, mapping.getByRole('button', { name: 'Add mapping' }));
  await page.keyboard.press('Enter');
  await expect(toast(page, 'Group "/Support" mapped')).toBeVisible();
  const mapped = page.getByRole('listitem').filter({ has: page.getByText('/Support', { exact: true }) });
  await expect(mapped).toContainText('Support');
  await page.setViewportSize({ width: 375, height: 800 });
  await look(page, testInfo, 'roles-375');
  await page.setViewportSize({ width: 1440, height: 900 });

  await tabTo(page, mapped.getByRole('button', { name: 'Remove /Support' }));
  await page.keyboard.press('Enter');
  await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).press('Enter');
  await expect(page.getByText('/Support', { exact: true })).toHaveCount(0);
  await tabTo(page, support.getByRole('button', { name: 'Delete' }));
  await page.keyboard.press('Enter');
  await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).press('Enter');
  await expect(toast(page, 'Role "Support" deleted')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Support', level: 3 })).toHaveCount(0);
});

test("a moderator's desk links only screens that open for them, and the console stays closed", async ({ page }, testInfo) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1440, height: 900 });
  await signInAs(page, '/moderation', 'moderator');
  const desk = page.getByRole('navigation', { name: 'Moderation desk' });
  await expect(desk.getByRole('link').first()).toBeVisible();
  const hrefs = await desk.getByRole('link').evaluateAll((links) => links.map((l) => l.getAttribute('href') ?? ''));
  expect(hrefs.length).toBeGreaterThan(0);
  for (const href of hrefs) {
    await desk.locator(`a[href="${href}"]`).first().click();
    await page.waitForURL((url) => url.pathname + url.search === href || url.pathname === href);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Access denied' })).toHaveCount(0);
  }
  await look(page, testInfo, 'moderator-desk-1440');
  await page.goto('/admin/roles');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(adminNav(page)).toHaveCount(0);
});
