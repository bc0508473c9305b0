import { expect, test, type Page } from '@playwright/test';
import { expectNoAxeViolations, go, tableRows } from '../support/admin';
import { CHAT_DEMO, chatLines, connectAs, createChannel, deleteChannel, sendAs, signInAs, toast } from '../support/chat';
import { keepScreenshot } from '../support/screens';

// History, deletion and purge (docs/moderation.md): staff search the history by text,
// delete a message with a reason while a chat view is open (it disappears there at once), find the deletion in the
// audit log, and purge a sender. The console admits admins only, so the staff here is the admin; what a moderator
// may not do (purge a whole account) is the server's rule, tested there.

const PIA = CHAT_DEMO.pia;

/** `go` with a query string: SPA navigation (no reload), waiting on the path. */
async function goTo(page: Page, url: string): Promise<void> {
  await page.evaluate((to) => {
    window.history.pushState({}, '', to);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, url);
  await page.waitForURL((u) => u.pathname + u.search === url);
}
const ADA = CHAT_DEMO.ada.name;

test('staff search history, delete a message live, see it in the audit log, and purge a sender', async ({ browser }, testInfo) => {
  test.setTimeout(180_000);
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  const consoleContext = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  const chat = await context.newPage();
  const console_ = await consoleContext.newPage();
  await signInAs(chat, '/admin/chats', 'admin');
  const tag = Date.now() % 1_000_000;
  const channelId = await createChannel(chat, `E2E History ${tag}`);
  const spam = `buy gold ${tag} at spam.example`;
  try {
    for (const content of [spam, `hello there ${tag}`, `second ad ${tag} cheap gold`])
      expect((await sendAs(chat, channelId, PIA.id, content)).status).toBe(200);

    // A chat view is open on the channel, connected as the admin's own character.
    await go(chat, `/admin/chats/${channelId}/connect`);
    await connectAs(chat, ADA);
    await expect(chat.getByTestId('chat-connection-status')).toHaveText('Connected');
    await expect(chatLines(chat).filter({ hasText: spam })).toHaveCount(1);

    // History by text: case-insensitive, newest first.
    await signInAs(console_, `/admin/chats/${channelId}/history`, 'admin');
    await console_.getByRole('searchbox', { name: 'Text' }).fill(`GOLD ${tag}`);
    await expect(tableRows(console_, 'Chat history')).toHaveCount(1);
    await expect(tableRows(console_, 'Chat history').first()).toContainText(spam);
    await console_.getByRole('searchbox', { name: 'Text' }).fill('gold');
    await expect(tableRows(console_, 'Chat history')).toHaveCount(2);
    await expect(tableRows(console_, 'Chat history').first()).toContainText(`second ad ${tag}`);
    await keepScreenshot(console_, testInfo, 'chat-history-text-1440');
    await expectNoAxeViolations(console_);

    // Delete from the history with a reason: the open chat view drops the line at once.
    await tableRows(console_, 'Chat history').filter({ hasText: spam }).getByRole('button', { name: 'Delete' }).click();
    const dialog = console_.getByRole('dialog', { name: 'Delete message' });
    await expect(dialog.locator('blockquote')).toContainText(spam);
    await dialog.getByRole('button', { name: 'Delete message' }).click();
    await expect(dialog.getByText('A reason is required')).toBeVisible();
    await dialog.getByRole('textbox', { name: 'Reason' }).fill('Gold-selling spam');
    await keepScreenshot(console_, testInfo, 'delete-dialog-1440');
    await expectNoAxeViolations(console_);
    await dialog.getByRole('button', { name: 'Delete message' }).click();
    await expect(toast(console_, `Message from ${PIA.name} deleted`)).toBeVisible();
    await expect(tableRows(console_, 'Chat history')).toHaveCount(1);
    await expect(chatLines(chat).filter({ hasText: spam })).toHaveCount(0);
    await expect(chatLines(chat).filter({ hasText: `hello there ${tag}` })).toHaveCount(1);

    // The chat view's own menu deletes too.
    const second = chatLines(chat).filter({ hasText: `second ad ${tag}` });
    await second.getByRole('button', { name: `Message actions for ${PIA.name}` }).click();
    await chat.getByRole('menuitem', { name: 'Delete message…' }).click();
    const chatDialog = chat.getByRole('dialog', { name: 'Delete message' });
    await chatDialog.getByRole('textbox', { name: 'Reason' }).fill('Spam again');
    await chatDialog.getByRole('button', { name: 'Delete message' }).click();
    await expect(second).toHaveCount(0);

    // The audit log keeps who, why and the old text.
    await goTo(console_, '/admin/audit?action=chat-message.delete');
    const record = tableRows(console_, 'Audit log').first();
    await expect(record).toContainText('chat-message.delete');
    await record.getByRole('link').first().click();
    await expect(console_.getByText('Gold-selling spam').or(console_.getByText('Spam again')).first()).toBeVisible();

    // /admin/messages: across channels; purge the sender (this character, the whole history).
    await goTo(console_, `/admin/messages?channel=${channelId}`);
    await expect(tableRows(console_, 'Messages')).toHaveCount(1);
    await keepScreenshot(console_, testInfo, 'messages-1440');
    await expectNoAxeViolations(console_);
    await console_.getByRole('button', { name: 'Purge sender…' }).click();
    const purge = console_.getByRole('dialog', { name: 'Purge sender' });
    await purge.getByRole('button', { name: /^Sender/ }).click();
    await console_.getByRole('combobox', { name: 'Filter Sender' }).fill(PIA.name);
    await console_.getByRole('option', { name: PIA.name }).click();
    await purge.getByRole('textbox', { name: 'Reason' }).fill('Spam wave');
    await expect(purge.getByRole('radio', { name: /Every character of its account/ })).toBeEnabled();
    await keepScreenshot(console_, testInfo, 'purge-dialog-1440');
    await expectNoAxeViolations(console_);
    await purge.getByRole('button', { name: 'Purge messages' }).click();
    await expect(purge.getByTestId('purge-result')).toHaveText(/^\d+ messages? deleted$/);
    await purge.getByRole('button', { name: 'Close' }).click();
    await expect(console_.getByText('No messages match these filters.')).toBeVisible();
    await expect(chatLines(chat).filter({ hasText: `hello there ${tag}` })).toHaveCount(0);

    // Phones: the pages hold together at 375 px.
    await console_.setViewportSize({ width: 375, height: 800 });
    await go(console_, '/admin/messages');
    await expect(console_.getByRole('table', { name: 'Messages' })).toBeVisible();
    await keepScreenshot(console_, testInfo, 'messages-375');
    await expectNoAxeViolations(console_);
    await go(console_, `/admin/chats/${channelId}/history`);
    await keepScreenshot(console_, testInfo, 'chat-history-375');
    await expectNoAxeViolations(console_);
  } finally {
    await deleteChannel(chat, channelId);
    await Promise.all([context.close(), consoleContext.close()]);
  }
});
