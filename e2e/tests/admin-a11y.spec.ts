import { expect, test } from '@playwright/test';
import { DEMO, expectNoAxeViolations, go, signInTo } from '../support/admin';
import { keepScreenshot, WIDTHS } from '../support/screens';

// Every admin route, checked with axe (support/axe.ts) and kept as a screenshot at 1280 and 375 px; then the
// public and account pages as a signed-in user sees them (the avatar menu is on every one).
const ROUTES = [
  '/admin',
  '/admin/dimensions',
  '/admin/dimensions/new',
  `/admin/dimensions/${DEMO.dimensions.prime}`,
  `/admin/dimensions/${DEMO.dimensions.prime}/edit`,
  '/admin/maps',
  '/admin/maps/new',
  `/admin/maps/${DEMO.maps.downtown}`,
  `/admin/maps/${DEMO.maps.downtown}/edit`,
  '/admin/characters',
  '/admin/characters/new',
  `/admin/characters/${DEMO.characters.pia}`,
  `/admin/characters/${DEMO.characters.pia}/edit`,
  '/admin/chats',
  '/admin/chats/new',
  `/admin/chats/${DEMO.channels.primeRunners}`,
  `/admin/chats/${DEMO.channels.primeRunners}/edit`,
  '/admin/sanctions',
  '/admin/sanctions/settings',
  '/admin/messages',
  '/admin/moderation',
  '/admin/reports',
  `/admin/chats/${DEMO.channels.primeRunners}/history`,
  '/admin/audit',
  '/admin/settings',
  `/admin/chats/${DEMO.channels.primeRunners}/connect`,
  '/admin/no-such-page',
];

/** Pages whose ids only the running server knows: the first detail link of these lists. */
const DETAIL_OF = [
  { list: '/admin/sanctions', link: /^\/admin\/sanctions\/[0-9a-f-]{36}$/ },
  { list: '/admin/audit', link: /^\/admin\/audit\/[^/?]+$/ },
];

const SIGNED_IN_PAGES = ['/', '/blog', '/blog/7', '/nope', '/account/sanctions', '/account/reports', '/account/chat'];

const shotName = (path: string, width: number) =>
  `admin${path
    .replace(/^\/admin/, '')
    .replace(/[0-9a-f]{8}(-[0-9a-f]{4}){3}-[0-9a-f]{12}/, 'id')
    .replace(/\//g, '-')}-${width}`;

for (const width of WIDTHS) {
  test(`every admin route at ${width} px has no WCAG 2.1 A/AA violations`, async ({ page }, testInfo) => {
    test.setTimeout(300_000);
    await page.setViewportSize({ width, height: width < 500 ? 812 : 900 });
    await signInTo(page, '/admin');
    const details: string[] = [];
    for (const { list, link } of DETAIL_OF) {
      await go(page, list);
      const firstLink = () =>
        page
          .locator('#admin-main a[href]')
          .evaluateAll((links) => links.map((a) => a.getAttribute('href') ?? ''))
          .then((hrefs) => hrefs.find((href) => link.test(href)));
      await expect.poll(firstLink, { message: `a detail link on ${list}`, timeout: 30_000 }).toBeTruthy();
      details.push((await firstLink())!);
    }
    for (const path of [...ROUTES, ...details]) {
      await go(page, path);
      // Settled: the page's heading is up, no skeletons and no pending data.
      await expect(page.locator('#admin-main h1')).toBeVisible();
      await expect(page.locator('.skeleton')).toHaveCount(0, { timeout: 10_000 });
      await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
      // Wide tables scroll inside their box; the page itself never scrolls sideways.
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      await keepScreenshot(page, testInfo, shotName(path, width));
      await test.step(`axe ${path}`, () => expectNoAxeViolations(page, { soft: true }));
    }
    for (const path of SIGNED_IN_PAGES) {
      await go(page, path);
      await expect(page.locator('main h1').first()).toBeVisible();
      await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
      await test.step(`axe ${path} signed in`, () => expectNoAxeViolations(page, { soft: true }));
    }
  });

  test(`the delete confirmation and a form with errors pass axe at ${width} px`, async ({ page }, testInfo) => {
    await page.setViewportSize({ width, height: width < 500 ? 812 : 900 });
    await signInTo(page, `/admin/maps/${DEMO.maps.downtown}`);
    await page.getByRole('button', { name: 'Delete' }).click();
    await expect(page.getByRole('alertdialog')).toBeVisible();
    await keepScreenshot(page, testInfo, `admin-delete-modal-${width}`);
    await expectNoAxeViolations(page);
    await page.getByRole('button', { name: 'Cancel' }).click();

    await go(page, '/admin/dimensions/new');
    await page.getByLabel('Name').fill('a!');
    await page.getByLabel('Version').focus();
    await page.getByLabel('Location').focus();
    await page.getByLabel('Name').focus();
    await expect(page.getByText('Location cannot be empty.')).toBeVisible();
    await keepScreenshot(page, testInfo, `admin-form-errors-${width}`);
    await expectNoAxeViolations(page);
  });
}
