import { expect, test, type Page } from '@playwright/test';
import { answerError, DEMO, holdRequests, signInTo, tableRows } from '../support/admin';
import { CHAT_DEMO, connectAs } from '../support/chat';

// No contradictory states. A failed list shows its error with Retry — not also 'No results found' and
// 'Showing 0 to 0 of 0 results'; loading shows skeletons only; a refused chat connection says why instead of
// 'Connecting…' forever; an unknown id on a detail, edit or connect route says 'Item with ID {id} not found' with a
// way back.

test.use({ viewport: { width: 1280, height: 900 } });

const UNAVAILABLE = 14;
const PERMISSION_DENIED = 7;
const UNAUTHENTICATED = 16;
const noContradictions = async (page: Page) => {
  await expect(page.getByText('No results found')).toHaveCount(0);
  await expect(page.getByText(/^Showing \d+ to \d+ of \d+ results$/)).toHaveCount(0);
};

for (const [path, method, table] of [
  ['/admin/maps', 'sro.gameserver.MapService/GetMaps', 'Maps'],
  ['/admin/characters', 'sro.character.CharacterService/GetCharacters', 'Characters'],
] as const) {
  test(`a failed ${table} list shows the error and Retry, nothing else; Retry loads it`, async ({ page }) => {
    await answerError(page, method, UNAVAILABLE, 'storage is down');
    await signInTo(page, path);
    const alert = page.getByRole('alert').filter({ hasText: 'storage is down' });
    await expect(alert).toBeVisible();
    await noContradictions(page);
    await expect(page.getByRole('table', { name: table })).toHaveCount(0);
    await page.unroute(`**/${method}`);
    await alert.getByRole('button', { name: 'Retry' }).click();
    await expect(tableRows(page, table).first()).toBeVisible();
    await expect(page.getByText(/^Showing 1 to \d+ of \d+ results$/)).toBeVisible();
    await expect(alert).toHaveCount(0);
  });
}

test('while a list loads: skeleton rows only, no empty-result footer', async ({ page }) => {
  await signInTo(page, '/admin/dimensions');
  await page.evaluate(() => window.localStorage.removeItem('sro.query-cache'));
  const release = await holdRequests(page, 'sro.gameserver.MapService/GetMaps');
  await page.goto('/admin/maps');
  await expect(page.getByTestId('skeleton-row').first()).toBeVisible();
  await noContradictions(page);
  release();
  await expect(page.getByText(/^Showing 1 to \d+ of \d+ results$/)).toBeVisible();
  await expect(page.getByTestId('skeleton-row')).toHaveCount(0);
});

for (const [code, text] of [
  [PERMISSION_DENIED, 'You do not have permission to access this chat'],
  [UNAUTHENTICATED, 'You are not authenticated'],
] as const) {
  test(`a chat connection refused with code ${code} says so in the pane, not 'Connecting…' forever`, async ({ page }) => {
    await answerError(page, 'sro.chat.ChatService/ConnectChatChannel', code, 'refused');
    await signInTo(page, `/admin/chats/${DEMO.channels.general}/connect`);
    await connectAs(page, CHAT_DEMO.ada.name);
    const pane = page.getByRole('region', { name: 'Live chat' });
    await expect(pane.getByRole('alert')).toHaveText(text);
    await expect(page.getByTestId('chat-connection-status')).toHaveText('Disconnected');
    await expect(pane.getByText('Connecting…')).toHaveCount(0);
  });
}

test("every detail, edit, connect and history route with an unknown id: 'Item with ID {id} not found' and a way back", async ({ page }) => {
  // Ten page loads in one journey: on a slow 2-core VM they took more than the default 30 s.
  test.slow();
  const id = '00000000-0000-4000-8000-00000000dead';
  const routes: [string, string, string][] = [
    [`/admin/characters/${id}`, 'Back to characters', '/admin/characters'],
    [`/admin/characters/${id}/edit`, 'Back to characters', '/admin/characters'],
    [`/admin/dimensions/${id}`, 'Back to dimensions', '/admin/dimensions'],
    [`/admin/dimensions/${id}/edit`, 'Back to dimensions', '/admin/dimensions'],
    [`/admin/maps/${id}`, 'Back to maps', '/admin/maps'],
    [`/admin/maps/${id}/edit`, 'Back to maps', '/admin/maps'],
    [`/admin/chats/${id}`, 'Back to chats', '/admin/chats'],
    [`/admin/chats/${id}/edit`, 'Back to chats', '/admin/chats'],
    [`/admin/chats/${id}/connect`, 'Back to chats', '/admin/chats'],
    [`/admin/chats/${id}/history`, 'Back to chats', '/admin/chats'],
  ];
  await signInTo(page, '/admin');
  for (const [path, back, to] of routes) {
    await page.goto(path);
    const alert = page.getByRole('alert').filter({ hasText: `Item with ID ${id} not found` });
    await expect(alert, path).toBeVisible();
    await expect(alert.getByRole('link', { name: back }), path).toHaveAttribute('href', to);
    // Nothing else claims the item is there or still loading.
    await expect(page.getByRole('region', { name: 'Live chat' }), path).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Save' }), path).toHaveCount(0);
  }
});
