import { expect as baseExpect, test, type Page } from '@playwright/test';
import { answerError, DEMO, go, signInTo } from '../support/admin';
import { CHAT_DEMO, createChannel, deleteChannel, sendAs, signInAs } from '../support/chat';
import { keepScreenshot } from '../support/screens';

// What players and staff saw in the browser: who speaks in a player's chat, the header search, the sanction dialog's
// fold, the moderation page's error, a lost session and Delete on a phone.

// A busy two-core machine signs in and loads lazy chunks slowly: the conditions are awaited, the budget is generous.
test.describe.configure({ timeout: 180_000 });
const expect = baseExpect.configure({ timeout: 30_000 });

const inViewport = async (page: Page, name: string) => {
  const box = (await page.getByRole('button', { name, exact: true }).boundingBox())!;
  const view = page.viewportSize()!;
  return box.x >= 0 && box.y >= 0 && box.x + box.width <= view.width && box.y + box.height <= view.height;
};

test("a player's chat names other speakers by character name, and so does Report", async ({ browser }, testInfo) => {
  test.setTimeout(180_000);
  const adminContext = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  const playerContext = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  const admin = await adminContext.newPage();
  const player = await playerContext.newPage();
  await signInTo(admin, '/admin');
  const channelId = await createChannel(admin, `E2E Names ${Date.now().toString(36)}`);
  try {
    await signInAs(player, '/account/chat', 'player');
    await player.getByRole('button', { name: /^Character/ }).click();
    await player.getByRole('option', { name: CHAT_DEMO.pia.name }).click();
    await player.getByRole('button', { name: /^Channel/ }).click();
    await player.getByRole('combobox', { name: 'Filter Channel' }).fill('E2E Names');
    await player.getByRole('option', { name: /E2E Names/ }).click();
    await expect(player.getByTestId('chat-connection-status')).toHaveText('Connected');
    expect((await sendAs(admin, channelId, CHAT_DEMO.ada.id, 'hello from Ada')).status).toBe(200);
    const line = player.getByTestId('chat-line').filter({ hasText: 'hello from Ada' });
    await expect(line.getByTestId('chat-speaker')).toHaveText(CHAT_DEMO.ada.name);
    await expect(player.getByText(/Another player/)).toHaveCount(0);
    await line.getByRole('button', { name: `Report this message of ${CHAT_DEMO.ada.name}` }).click();
    await expect(player.getByRole('dialog')).toContainText(CHAT_DEMO.ada.name);
    await keepScreenshot(player, testInfo, 'player-chat-names-1440');
  } finally {
    await deleteChannel(admin, channelId);
    await adminContext.close();
    await playerContext.close();
  }
});

test('the header search is offered only where a table filters by it, and a filter that hides every row says so', async ({ page }, testInfo) => {
  test.setTimeout(180_000);
  await page.setViewportSize({ width: 1440, height: 900 });
  await signInTo(page, '/admin/audit');
  for (const path of ['/admin/audit', '/admin/sanctions', '/admin/messages', '/admin/reports', '/admin/moderation']) {
    await go(page, path);
    await expect(page.locator('#admin-main h1')).toBeVisible({ timeout: 30_000 });
    await expect(page.getByRole('searchbox', { name: 'Search the table' }), path).toHaveCount(0);
  }
  await go(page, `/admin/characters/${DEMO.characters.pia}`);
  const channels = page.getByRole('table', { name: /channels/i }).first();
  await expect(channels.getByRole('row').filter({ hasText: 'Prime Runners' })).toHaveCount(1);
  await page.getByRole('searchbox', { name: 'Search the table' }).fill('zz-no-such-channel');
  await expect(channels).toContainText('No results match');
  await expect(page.getByText('This character has no private channel authorizations')).toHaveCount(0);
  // Two tables, two pagination landmarks: each named for its table.
  const navNames = await page.getByRole('navigation').evaluateAll((navs) => navs.map((n) => n.getAttribute('aria-label')));
  expect(navNames.filter((n) => n === 'Pagination')).toEqual([]);
  expect(new Set(navNames).size).toBe(navNames.length);
  await keepScreenshot(page, testInfo, 'character-search-no-match-1440');
});

test("the sanction dialog's buttons stay in view at 900 px; templates filter and sit above the field; a character page defaults to its dimension", async ({
  page,
}, testInfo) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1440, height: 900 });
  await signInTo(page, `/admin/characters/${DEMO.characters.pia}`);
  await page.getByRole('button', { name: 'Sanction…' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByRole('radio', { name: 'A dimension' })).toBeChecked();
  expect(await inViewport(page, 'Issue sanction')).toBe(true);
  const reason = dialog.getByRole('combobox', { name: 'Reason' });
  await reason.fill('spam');
  const options = page.getByRole('listbox').getByRole('option');
  await expect(options.first()).toBeVisible();
  for (const text of await options.allTextContents()) expect(text.toLowerCase()).toContain('spam');
  const list = (await page.getByRole('listbox').boundingBox())!;
  // (While the list is open React Aria hides the rest from assistive tech: find the button by its text.)
  const issue = (await page.locator('button[type="submit"]', { hasText: 'Issue sanction' }).boundingBox())!;
  expect(list.y + list.height).toBeLessThanOrEqual(issue.y);
  await keepScreenshot(page, testInfo, 'sanction-dialog-templates-1440');
  await page.keyboard.press('Escape');
});

test('the moderation page fails like every other page: a title and Retry', async ({ page }, testInfo) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await answerError(page, 'sro.moderation.ChannelRulesService/ListHeldMessages', 14, 'rules store busy');
  await signInTo(page, '/admin/moderation');
  await expect(page.getByRole('heading', { name: 'Could not load held messages' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Retry' })).toBeVisible();
  await keepScreenshot(page, testInfo, 'moderation-error-1440');
});

test('a corrupted token: UNAUTHENTICATED signs in again and comes back to the same page', async ({ page }) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1440, height: 900 });
  await signInTo(page, '/admin/maps');
  await expect(page.getByRole('table', { name: 'Maps' })).toBeVisible();
  await page.evaluate(() => {
    const key = Object.keys(sessionStorage).find((k) => k.startsWith('sro.oidc.user:'))!;
    const user = JSON.parse(sessionStorage.getItem(key)!) as { access_token: string };
    sessionStorage.setItem(key, JSON.stringify({ ...user, access_token: `${user.access_token.slice(0, -8)}AAAAAAAA` }));
  });
  await page.reload();
  await page.waitForURL((url) => url.pathname === '/admin/maps');
  await expect(page.getByRole('table', { name: 'Maps' }).getByRole('row').filter({ hasText: 'Downtown' })).toHaveCount(1, { timeout: 30_000 });
  await expect(page.getByText(/UNAUTHENTICATED/)).toHaveCount(0);
});

test('/admin/messages keeps Delete on screen at 375 px', async ({ page }, testInfo) => {
  await page.setViewportSize({ width: 375, height: 812 });
  await signInTo(page, '/admin/messages');
  const deletes = page.getByRole('table').getByRole('button', { name: /^Delete/ });
  await expect(deletes.first()).toBeVisible({ timeout: 20_000 });
  const box = (await deletes.first().boundingBox())!;
  expect(box.x + box.width).toBeLessThanOrEqual(375);
  await keepScreenshot(page, testInfo, 'messages-delete-375');
});
