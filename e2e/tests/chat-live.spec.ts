import { expect, test } from '@playwright/test';
import { CHAT_DEMO, chatLines, connectAs, createChannel, deleteChannel, signInAs, toast } from '../support/chat';
import { PlayerChat } from '../support/player-chat';
import { keepScreenshot } from '../support/screens';

// Two browser contexts with real sign-ins at the embedded provider: the admin in the connect view as one of their
// characters, the player (denied the console) with a minimal chat client in their own page, as Pia.

test('an admin and a player chat live; the admin bans the player from the message menu', async ({ browser }, testInfo) => {
  test.setTimeout(120_000);
  const adminContext = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const playerContext = await browser.newContext();
  const admin = await adminContext.newPage();
  const player = await playerContext.newPage();
  await signInAs(admin, '/admin/chats', 'admin');
  const channelId = await createChannel(admin, `E2E Live ${Date.now() % 1_000_000}`);
  try {
    await admin.goto(`/admin/chats/${channelId}/connect`);
    await expect(admin.getByText('Select character to connect')).toBeVisible();
    await connectAs(admin, CHAT_DEMO.ada.name);

    await signInAs(player, '/', 'player');
    const pia = await PlayerChat.open(player, channelId, CHAT_DEMO.pia.id);

    // Player → admin.
    expect((await pia.send('Hello from Pia')).status).toBe(200);
    const piaLine = chatLines(admin).filter({ hasText: 'Hello from Pia' });
    await expect(piaLine).toContainText(CHAT_DEMO.pia.name);
    await expect(piaLine.locator('time')).toHaveText(/\d{1,2}:\d{2}/);

    // Admin → player, with Enter and with the send icon; the input clears each time.
    const input = admin.getByRole('textbox', { name: 'Message' });
    await input.fill('Welcome, runner');
    await input.press('Enter');
    await expect(input).toHaveValue('');
    await input.fill('Keep it civil');
    await admin.getByRole('button', { name: 'Send message' }).click();
    await expect(input).toHaveValue('');
    await expect.poll(() => pia.messages()).toEqual(['Hello from Pia', 'Welcome, runner', 'Keep it civil']);
    await expect(chatLines(admin).filter({ hasText: 'Keep it civil' })).toContainText(CHAT_DEMO.ada.name);

    // A one-minute ban from the message menu is a channel chat ban: no sending, and the player's stream ends.
    await piaLine.getByRole('button', { name: `Message actions for ${CHAT_DEMO.pia.name}` }).click();
    await admin.getByRole('menuitem', { name: 'Ban for 1 minute' }).click();
    await expect(toast(admin, `${CHAT_DEMO.pia.name} is banned from this chat for 60s (1 minute).`)).toBeVisible();
    const muted = await pia.send('am I muted?');
    expect(muted.status).toBe(403);
    expect(JSON.stringify(muted.json)).toContain('banned from this channel');
    await expect.poll(async () => (await pia.state()).ended, { timeout: 3000 }).toBe(true);
    expect(JSON.stringify((await pia.state()).error)).toContain('banned from this channel');
    await admin.getByRole('textbox', { name: 'Message' }).fill('You are on a timeout');
    await admin.keyboard.press('Enter');
    await expect(chatLines(admin).filter({ hasText: 'You are on a timeout' })).toContainText(CHAT_DEMO.ada.name);
    await keepScreenshot(admin, testInfo, 'chat-live-1280');

    // A permanent ban with the keyboard only replaces it: sends are refused for good.
    const menuButton = piaLine.getByRole('button', { name: `Message actions for ${CHAT_DEMO.pia.name}` });
    await menuButton.focus();
    await admin.keyboard.press('Enter');
    await expect(admin.getByRole('menuitem', { name: 'Ban for 1 minute' })).toBeFocused();
    await admin.keyboard.press('Escape');
    await expect(admin.getByRole('menu')).toHaveCount(0);
    await expect(menuButton).toBeFocused();
    await admin.keyboard.press('ArrowDown');
    // The last items are 'Sanction…' (the full dialog) and 'Delete message…'; the permanent
    // ban sits just above them.
    await admin.keyboard.press('End');
    await expect(admin.getByRole('menuitem', { name: 'Delete message…' })).toBeFocused();
    await admin.keyboard.press('ArrowUp');
    await expect(admin.getByRole('menuitem', { name: 'Sanction…' })).toBeFocused();
    await admin.keyboard.press('ArrowUp');
    await expect(admin.getByRole('menuitem', { name: 'Ban permanently' })).toBeFocused();
    await admin.keyboard.press('Enter');
    await expect(toast(admin, `${CHAT_DEMO.pia.name} is banned from this chat permanently.`)).toBeVisible();
    const refused = await pia.send('let me back in');
    expect(refused.status).toBe(403);
    expect(JSON.stringify(refused.json)).toMatch(/permanently/);
    // The admin's own session is untouched by the player's ban.
    await expect(admin.getByTestId('chat-connection-status')).toHaveText('Connected');
  } finally {
    await deleteChannel(admin, channelId);
    await adminContext.close();
    await playerContext.close();
  }
});
