import { expect, test, type Page } from '@playwright/test';
import { expectNoAxeViolations } from '../support/admin';
import { CHAT_DEMO, connectAs, createChannel, deleteChannel, sendAs, signInAs } from '../support/chat';
import { keepScreenshot } from '../support/screens';

// The live operations wall on the dashboard (docs/moderation.md "Operations wall"): it polls the server
// every 3 s, so a stream opened and a message sent elsewhere show up without a reload.

const cell = (page: Page, channelId: string, column: string) => page.locator(`tr[data-channel-id="${channelId}"] td[data-column="${column}"]`);

test('an admin watches a stream open and a message arrive on the wall, without reloading', async ({ browser }, testInfo) => {
  test.setTimeout(90_000);
  const context = await browser.newContext({ viewport: { width: 1440, height: 1000 } });
  const dashboard = await context.newPage();
  await signInAs(dashboard, '/admin', 'admin');
  const channelId = await createChannel(dashboard, `E2E Wall ${Date.now() % 1_000_000}`);
  try {
    await expect(dashboard.getByRole('heading', { name: 'Live operations', level: 2 })).toBeVisible();
    // The new channel appears on a later poll, with nothing open yet.
    await expect(cell(dashboard, channelId, 'Open streams')).toHaveText('0', { timeout: 10_000 });
    await expect(cell(dashboard, channelId, 'Messages / min')).toHaveText('0');

    // Another page of the same admin opens a chat stream in the console's connect view.
    const chat = await context.newPage();
    await chat.goto(`/admin/chats/${channelId}/connect`);
    await connectAs(chat, CHAT_DEMO.ada.name);
    await expect(cell(dashboard, channelId, 'Open streams')).toHaveText('1', { timeout: 10_000 });

    expect((await sendAs(chat, channelId, CHAT_DEMO.ada.id, 'Hello, wall')).status).toBe(200);
    await expect(cell(dashboard, channelId, 'Messages / min')).toHaveText('1', { timeout: 10_000 });
    await expect(cell(dashboard, channelId, 'Delivery p99')).toHaveText(/ms$/);
    expect((await sendAs(chat, channelId, CHAT_DEMO.ada.id, 'And again')).status).toBe(200);
    await expect(cell(dashboard, channelId, 'Messages / min')).toHaveText('2', { timeout: 10_000 });

    // The charts are named figures; their text alternative is the table.
    await expect(dashboard.getByRole('figure', { name: /^Open streams:/ })).toBeVisible();
    await expect(dashboard.getByRole('figure', { name: /^Messages per minute:/ })).toBeVisible();
    await expect(dashboard.getByRole('figure', { name: /^Delivery p99/ })).toBeVisible();
    await expect(dashboard.getByTestId('operations-status')).toContainText('1 node');
    await dashboard.getByRole('heading', { name: 'Live operations' }).scrollIntoViewIfNeeded();
    await keepScreenshot(dashboard, testInfo, 'operations-wall-live-1440');
    await chat.close();
    await expect(cell(dashboard, channelId, 'Open streams')).toHaveText('0', { timeout: 10_000 });
  } finally {
    await deleteChannel(dashboard, channelId);
    await context.close();
  }
});

for (const width of [1440, 375]) {
  test(`the wall fits ${width} px, is keyboard reachable and passes axe`, async ({ browser }, testInfo) => {
    test.setTimeout(60_000);
    const context = await browser.newContext({ viewport: { width, height: width < 500 ? 812 : 1000 } });
    const page = await context.newPage();
    await signInAs(page, '/admin', 'admin');
    const region = page.getByRole('region', { name: 'Operations by channel' });
    await expect(region).toBeVisible({ timeout: 10_000 });
    await expect(page.getByRole('figure', { name: /^Open streams:/ }).locator('canvas')).toBeVisible();
    // Local mode (the suite's server): who plays now cannot be told, and the wall says why as the character page does.
    await expect(page.getByTestId('online-now')).toContainText(
      'Players online now: Unknown: the game-server registry is off: this server runs with GAMESERVER_MODE=local',
    );
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    // The table's scroller takes the keyboard focus (it scrolls sideways on a phone).
    await region.focus();
    await expect(region).toBeFocused();
    await region.screenshot({ path: testInfo.outputPath(`operations-wall-table-${width}.png`) });
    // The moderation figures (their own chunk, loaded when scrolled to) answer for the window picked with the keyboard.
    // The characters' heading comes right after them: scrolling to it brings their place into view.
    await page.getByRole('heading', { name: 'Characters', exact: true }).scrollIntoViewIfNeeded();
    const figures = page.getByRole('region', { name: 'Moderation figures' });
    await expect(figures.getByTestId('repeat-offences')).toContainText('Repeat offences:', { timeout: 10_000 });
    await figures.getByRole('radio', { name: 'Last 24 hours' }).focus();
    await page.keyboard.press('ArrowRight');
    await expect(figures.getByRole('radio', { name: 'Last 7 days' })).toBeChecked();
    await expect(figures.getByRole('rowheader', { name: 'Held messages' })).toBeVisible();
    await expect(figures.getByTestId('ban-disconnect')).toContainText('Ban to disconnect:');
    await figures.screenshot({ path: testInfo.outputPath(`moderation-figures-${width}.png`) });
    await page.getByRole('heading', { name: 'Live operations' }).scrollIntoViewIfNeeded();
    await keepScreenshot(page, testInfo, `operations-wall-${width}`);
    await expectNoAxeViolations(page);
    await context.close();
  });
}
