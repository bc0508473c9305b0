import { expect, test } from '@playwright/test';
import { answerEmpty, DEMO, failureToast, signInTo, tableRows, toast, uniqueName } from '../support/admin';

test.use({ viewport: { width: 1280, height: 900 } });

test('channels table: Public/Private badges, dimension name and id, or Global', async ({ page }) => {
  await signInTo(page, '/admin/chats');
  const general = tableRows(page, 'Chat channels').filter({ hasText: DEMO.channels.general });
  await expect(general).toContainText('General');
  await expect(general).toContainText('Public');
  await expect(general.locator('td').nth(1)).toHaveText('Global');
  const runners = tableRows(page, 'Chat channels').filter({ hasText: DEMO.channels.primeRunners });
  await expect(runners).toContainText('Private');
  await expect(runners.locator('td').nth(1)).toHaveText(`Prime (${DEMO.dimensions.prime})`);
});

test('create a public chat, edit name, dimension and visibility, then delete it', async ({ page }) => {
  const name = uniqueName('Chat');
  await signInTo(page, '/admin/chats');
  await page.getByRole('link', { name: 'New Chat' }).click();
  await page.getByLabel('Name').fill('ab');
  await expect(page.getByText('Name too short', { exact: true })).toBeVisible();
  await page.getByLabel('Name').fill(name);
  await page.getByRole('button', { name: /^Dimension/ }).click();
  await page.getByRole('option', { name: /Prime/ }).click();
  await page.getByLabel(/^Public/).check();
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(toast(page, new RegExp(`Chat channel ${name} \\([0-9a-f-]{36}\\) created!`))).toBeVisible();
  const row = tableRows(page, 'Chat channels').filter({ hasText: name });
  // The server stored 'public': the create request carried it.
  await expect(row).toContainText('Public');
  await expect(row).toContainText(`Prime (${DEMO.dimensions.prime})`);

  await row.getByRole('link', { name: `View ${name}` }).click();
  for (const label of ['Delete Chat', 'Edit Chat', 'Connect'])
    await expect(page.getByRole(label === 'Delete Chat' ? 'button' : 'link', { name: label })).toBeVisible();
  await page.getByRole('link', { name: 'Edit Chat' }).click();
  await page.getByLabel('Name').fill(`${name}-x`);
  await page.getByRole('button', { name: 'Clear Dimension' }).click();
  await page.getByLabel(/^Public/).uncheck();
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(toast(page, 'Chat update successful!')).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: `${name}-x` })).toBeVisible();
  await expect(page.getByText('Private')).toBeVisible();
  await expect(page.getByText('Global', { exact: true })).toBeVisible();

  await page.getByRole('button', { name: 'Delete Chat' }).click();
  await page.getByRole('alertdialog', { name: 'Delete chat' }).getByRole('button', { name: 'Delete' }).click();
  await expect(toast(page, 'The chat has been deleted successfully.')).toBeVisible();
  await expect(page).toHaveURL(/\/admin\/chats$/);
});

test('a double click on Save creates the channel once; Enter twice on an edit saves once', async ({ page }) => {
  test.slow(); // a whole journey: create, open, edit, delete
  const name = uniqueName('Chat');
  const calls: string[] = [];
  page.on('request', (request) => {
    const rpc = /ChatService\/(CreateChatChannel|EditChatChannel)$/.exec(request.url())?.[1];
    if (rpc) calls.push(rpc);
  });
  await signInTo(page, '/admin/chats/new');
  await page.getByLabel('Name').fill(name);
  await page.getByRole('button', { name: 'Save' }).dblclick();
  await expect(toast(page, new RegExp(`Chat channel ${name} \\([0-9a-f-]{36}\\) created!`))).toBeVisible();
  await expect(tableRows(page, 'Chat channels').filter({ hasText: name })).toHaveCount(1);
  expect(calls).toEqual(['CreateChatChannel']);

  await tableRows(page, 'Chat channels')
    .filter({ hasText: name })
    .getByRole('link', { name: `View ${name}` })
    .click();
  await page.getByRole('link', { name: 'Edit Chat' }).click();
  await page.getByLabel('Name').fill(`${name}-x`);
  // Two Enters back to back, within one Playwright action: the second comes before the save's answer.
  await page.getByLabel('Name').pressSequentially('\n\n');
  await expect(toast(page, 'Chat update successful!')).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: `${name}-x` })).toBeVisible();
  expect(calls).toEqual(['CreateChatChannel', 'EditChatChannel']);
  await expect(failureToast(page, /./)).toHaveCount(0);

  await page.getByRole('button', { name: 'Delete Chat' }).click();
  await page.getByRole('alertdialog', { name: 'Delete chat' }).getByRole('button', { name: 'Delete' }).click();
  await expect(toast(page, 'The chat has been deleted successfully.')).toBeVisible();
});

test("empty list: a 'Create a new chat' button links to the form", async ({ page }) => {
  await answerEmpty(page, 'sro.chat.ChatService/GetChatChannels');
  await signInTo(page, '/admin/chats');
  await page.getByRole('link', { name: 'Create a new chat' }).click();
  await expect(page).toHaveURL(/\/admin\/chats\/new$/);
});
