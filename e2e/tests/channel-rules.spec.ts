import { expect, test } from '@playwright/test';
import { expectNoAxeViolations, go } from '../support/admin';
import { CHAT_DEMO, chatLines, connectAs, createChannel, deleteChannel, signInAs, toast } from '../support/chat';
import { keepScreenshot } from '../support/screens';

// Channel rules and the review lane (docs/moderation.md): the admin (the console admits admins only, so
// the staff here is the admin; the server's moderator rules are tested there) adds a HOLD word rule, a BLOCK rule
// and slow mode on a channel's page; the demo player sends a matching message and sees it "held for review"; the
// admin allows it in /admin/moderation and it appears in the channel; the BLOCK rule refuses with its message.

const HELD_TEXT = 'selling gold, cheap';
const HOLD_MESSAGE = 'Trading talk is reviewed first';
const BLOCK_MESSAGE = 'No scams here';

test('an admin sets channel rules; a held message waits for review, is allowed and appears; a block refuses', async ({ browser }, testInfo) => {
  test.setTimeout(180_000);
  const adminContext = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  const playerContext = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  const admin = await adminContext.newPage();
  const player = await playerContext.newPage();
  await signInAs(admin, '/admin/chats', 'admin');
  const channelName = `E2E Rules ${Date.now() % 1_000_000}`;
  const channelId = await createChannel(admin, channelName);
  try {
    // The channel's page: slow mode, a HOLD word rule and a BLOCK word rule.
    await go(admin, `/admin/chats/${channelId}`);
    const form = admin.getByRole('form', { name: 'Channel rules' });
    await expect(form).toBeVisible();
    await form.getByRole('spinbutton', { name: /^Slow mode/ }).fill('5');
    await form.getByRole('button', { name: 'Add rule' }).click();
    await form.getByRole('textbox', { name: 'Rule 1 word or pattern' }).fill('gold');
    await form.getByRole('combobox', { name: 'Rule 1 action' }).selectOption('hold');
    await form.getByRole('textbox', { name: 'Rule 1 message to the sender' }).fill(HOLD_MESSAGE);
    await form.getByRole('button', { name: 'Add rule' }).click();
    await form.getByRole('textbox', { name: 'Rule 2 word or pattern' }).fill('scam');
    await form.getByRole('combobox', { name: 'Rule 2 action' }).selectOption('block');
    await form.getByRole('textbox', { name: 'Rule 2 message to the sender' }).fill(BLOCK_MESSAGE);
    // A bad rule is named by the server next to its field.
    await form.getByRole('button', { name: 'Add rule' }).click();
    await form.getByRole('combobox', { name: 'Rule 3 kind' }).selectOption('pattern');
    await form.getByRole('textbox', { name: 'Rule 3 word or pattern' }).fill('(unclosed');
    await form.getByRole('button', { name: 'Save rules' }).click();
    await expect(form.getByText(/is not a valid regular expression/)).toBeVisible();
    await form.getByRole('button', { name: 'Remove rule 3' }).click();
    await form.getByRole('button', { name: 'Save rules' }).click();
    await expect(toast(admin, 'Channel rules saved.')).toBeVisible();
    await keepScreenshot(admin, testInfo, 'channel-rules-1440');
    await expectNoAxeViolations(admin);

    // The player's chat page: the held message shows as their own line, "held for review".
    await signInAs(player, '/', 'player');
    await player.goto('/account/chat');
    await player.getByRole('button', { name: /^Character/ }).click();
    await player.getByRole('option', { name: CHAT_DEMO.pia.name }).click();
    await player.getByRole('button', { name: /^Channel/ }).click();
    await player.getByRole('combobox', { name: 'Filter Channel' }).fill(channelName);
    await player.getByRole('option', { name: channelName }).click();
    await expect(player.getByTestId('chat-connection-status')).toHaveText('Connected');
    // BLOCK first (block rules are judged before slow mode, so this uses no slow-mode slot).
    await player.getByRole('textbox', { name: 'Message' }).fill('a total scam');
    await player.keyboard.press('Enter');
    await expect(toast(player, BLOCK_MESSAGE)).toContainText('this channel does not allow this message');
    await player.getByRole('textbox', { name: 'Message' }).fill(HELD_TEXT);
    await player.keyboard.press('Enter');
    const heldLine = chatLines(player).filter({ hasText: HELD_TEXT });
    await expect(heldLine.getByTestId('held-mark')).toHaveText(`held for review · ${HOLD_MESSAGE}`);
    await keepScreenshot(player, testInfo, 'player-held-1440');
    await expectNoAxeViolations(player);

    // The review lane: the admin allows it.
    await go(admin, '/admin/moderation');
    const item = admin.getByTestId('held-message').filter({ hasText: HELD_TEXT });
    await expect(item).toContainText(CHAT_DEMO.pia.name);
    await expect(item).toContainText(channelName);
    await keepScreenshot(admin, testInfo, 'moderation-1440');
    await expectNoAxeViolations(admin);
    await item.getByRole('button', { name: /^Allow/ }).click();
    await expect(toast(admin, `Delivered to ${channelName}.`)).toBeVisible();
    await expect(item).toHaveCount(0);

    // Delivered: the player's line is now the real message (no mark), and the channel shows it to others.
    await expect(heldLine).toHaveCount(1);
    await expect(heldLine.getByTestId('held-mark')).toHaveCount(0);
    await go(admin, `/admin/chats/${channelId}/connect`);
    await connectAs(admin, CHAT_DEMO.ada.name);
    await expect(chatLines(admin).filter({ hasText: HELD_TEXT })).toContainText(CHAT_DEMO.pia.name);

    // Phones: the rules form and the review lane at 375 px.
    await admin.setViewportSize({ width: 375, height: 812 });
    await go(admin, `/admin/chats/${channelId}`);
    await expect(admin.getByRole('form', { name: 'Channel rules' })).toBeVisible();
    await keepScreenshot(admin, testInfo, 'channel-rules-375');
    await expectNoAxeViolations(admin);
    await go(admin, '/admin/moderation');
    await expect(admin.getByRole('heading', { name: 'Moderation' })).toBeVisible();
    await keepScreenshot(admin, testInfo, 'moderation-375');
    await expectNoAxeViolations(admin);
  } finally {
    await deleteChannel(admin, channelId);
    await adminContext.close();
    await playerContext.close();
  }
});
