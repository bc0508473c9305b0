import { expect, test, type Page } from '@playwright/test';
import { DEMO, expectNoAxeViolations, go, signInTo } from '../support/admin';
import { CHAT_DEMO, chatLines, connectAs, createChannel, deleteChannel, restFromPage, signInAs, toast } from '../support/chat';
import { PlayerChat } from '../support/player-chat';
import { keepScreenshot } from '../support/screens';

// The console side (the console admits '/Moderator/Admin' only, docs/product.md#states-and-transitions, so the staff here is the admin;
// what a moderator may not do is the server's rule, tested there): the admin sanctions a sender from the chat view, the player sees why, the sanction
// shows in /admin/sanctions and on the character's page, and a revoke lets the player send again.

/** The demo data's active mute of Glitch Runner (apps/server/src/demo/demo-data.ts). */
const DEMO_MUTE_ID = '5e1d0000-0000-4000-8000-000500000001';
const ADA = CHAT_DEMO.ada.name; // the admin's own character
const PLAYER_MESSAGE = 'Cool off for an hour, please.';

/** Picks a reason template in the dialog's combo box. */
async function chooseReason(page: Page, template: string) {
  await page.getByRole('combobox', { name: 'Reason' }).click();
  await page.getByRole('option', { name: template }).click();
  await expect(page.getByRole('combobox', { name: 'Reason' })).toHaveValue(template);
}

test('staff mute a sender from the chat view; the player sees why; history shows it; a revoke lifts it', async ({ browser }, testInfo) => {
  test.setTimeout(180_000);
  const modContext = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  const playerContext = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  const mod = await modContext.newPage();
  const player = await playerContext.newPage();
  await signInAs(mod, '/admin/chats', 'admin');
  const channelId = await createChannel(mod, `E2E Sanction ${Date.now() % 1_000_000}`);
  try {
    await go(mod, `/admin/chats/${channelId}/connect`);
    await connectAs(mod, ADA);
    await expect(mod.getByTestId('chat-connection-status')).toHaveText('Connected');

    await signInAs(player, '/', 'player');
    const pia = await PlayerChat.open(player, channelId, CHAT_DEMO.pia.id);
    expect((await pia.send('buy gold at spam.example')).status).toBe(200);
    const line = chatLines(mod).filter({ hasText: 'buy gold at spam.example' });
    await expect(line).toContainText(CHAT_DEMO.pia.name);

    // The message menu: the seed's four bans, then 'Sanction…' with the message, sender and channel.
    await line.getByRole('button', { name: `Message actions for ${CHAT_DEMO.pia.name}` }).click();
    await expect(mod.getByRole('menuitem')).toHaveText([
      'Ban for 1 minute',
      'Ban for 1 hour',
      'Ban for 1 day',
      'Ban permanently',
      'Sanction…',
      'Delete message…',
    ]);
    await mod.getByRole('menuitem', { name: 'Sanction…' }).click();
    const dialog = mod.getByRole('dialog', { name: `Sanction ${CHAT_DEMO.pia.name}` });
    await expect(dialog).toBeVisible();
    await expect(dialog.locator('blockquote')).toHaveText('buy gold at spam.example');
    await expect(dialog.getByText(/^Suggested from history: /)).toBeVisible();
    await expect(dialog.getByRole('radio', { name: 'This channel' })).toBeChecked();
    // 'Account ban' is offered to admins (only).
    await expect(dialog.getByRole('radio', { name: 'Account ban' })).toBeVisible();

    // Without a reason: the field says so and nothing is sent.
    // Pointer users press the segment's label (the radio input itself is visually hidden).
    for (const [group, choice] of [
      ['Kind', 'Mute'],
      ['Duration', '1 hour'],
    ] as const) {
      await dialog.getByRole('radiogroup', { name: group }).getByText(choice, { exact: true }).click();
      await expect(dialog.getByRole('radio', { name: choice })).toBeChecked();
    }
    await dialog.getByRole('button', { name: 'Issue sanction' }).click();
    await expect(dialog.getByText('Reason is required')).toBeVisible();
    await chooseReason(mod, 'Spam');
    await dialog.getByRole('textbox', { name: /Player message/ }).fill(PLAYER_MESSAGE);
    await keepScreenshot(mod, testInfo, 'sanction-dialog-1440');
    await expectNoAxeViolations(mod);
    await dialog.getByRole('button', { name: 'Issue sanction' }).click();
    await expect(toast(mod, `${CHAT_DEMO.pia.name}: mute issued (channel).`)).toBeVisible();
    await expect(dialog).toHaveCount(0);

    // The player: the send is refused with the moderators' message; the stream stays (a mute lets them read).
    const refused = await pia.send('am I muted?');
    expect(refused.status).toBe(403);
    expect(JSON.stringify(refused.json)).toContain(PLAYER_MESSAGE);
    expect((await pia.state()).ended).toBe(false);

    // The player's account page lists it with the message and the end time.
    await player.getByRole('button', { name: /open user menu/ }).click();
    await player.getByRole('menuitem', { name: 'Your sanctions' }).click();
    await expect(player).toHaveURL(/\/account\/sanctions$/);
    const active = player.getByRole('region', { name: 'Active' });
    // (The demo data's mute of Glitch Runner is there too.)
    const card = active.getByTestId('my-sanction').filter({ hasText: PLAYER_MESSAGE });
    await expect(card).toHaveCount(1);
    await expect(card).toContainText(CHAT_DEMO.pia.name);
    await expect(card).toContainText(/Until .*\d/);
    await expect(card).toContainText('Spam');
    // The line it was issued from travels with it: the player unfolds the messages that led to it, names only.
    await card.getByText(/^The messages that led to it \(\d+\)$/).click();
    await expect(card.getByTestId('evidence-line').filter({ hasText: 'buy gold at spam.example' })).toContainText('This message');
    await expect(card.getByTestId('evidence-line').getByRole('link')).toHaveCount(0);
    await keepScreenshot(player, testInfo, 'account-sanctions-1440');
    await expectNoAxeViolations(player);

    // The player's own chat view: the send is refused with what, where, until when and the message.
    await player.getByRole('link', { name: 'Open the chat' }).click();
    await expect(player).toHaveURL(/\/account\/chat$/);
    await player.getByRole('button', { name: /^Character/ }).click();
    await player.getByRole('option', { name: CHAT_DEMO.pia.name }).click();
    await player.getByRole('button', { name: /^Channel/ }).click();
    await player.getByRole('combobox', { name: 'Filter Channel' }).fill('E2E Sanction');
    await player.getByRole('option', { name: /E2E Sanction/ }).click();
    await expect(player.getByTestId('chat-connection-status')).toHaveText('Connected');
    await player.getByRole('textbox', { name: 'Message' }).fill('can anyone hear me?');
    await player.keyboard.press('Enter');
    const refusalText = new RegExp(
      `^You are muted in (this channel|the channel .+) until .+\\. Message from the moderators: ${PLAYER_MESSAGE.replace(/[.,]/g, '\\$&')}$`,
    );
    await expect(player.getByTestId('chat-send-refusal')).toHaveText(refusalText);
    await keepScreenshot(player, testInfo, 'player-chat-refusal-1440');
    await expectNoAxeViolations(player);

    // The chat view, connected as the muted character: the refusal says what, where, until when and the message.
    await connectAs(mod, CHAT_DEMO.pia.name);
    await expect(mod.getByTestId('chat-connection-status')).toHaveText('Connected');
    await mod.getByRole('textbox', { name: 'Message' }).fill('as Pia');
    await mod.keyboard.press('Enter');
    await expect(mod.getByTestId('chat-send-refusal')).toHaveText(refusalText);
    await keepScreenshot(mod, testInfo, 'chat-refusal-1440');

    // History: the list and the character's page.
    await go(mod, '/admin/sanctions');
    const row = mod.getByRole('table', { name: 'Sanctions' }).getByRole('row').filter({ hasText: 'Spam' }).filter({ hasText: CHAT_DEMO.pia.name }).first();
    await expect(row).toContainText('Mute');
    await expect(row).toContainText('Active');
    await expect(row).toContainText('admin');
    await go(mod, `/admin/characters/${CHAT_DEMO.pia.id}`);
    const section = mod.getByRole('region', { name: 'Sanctions' });
    await expect(
      section
        .getByRole('table', { name: `Sanctions of ${CHAT_DEMO.pia.name}` })
        .getByRole('row')
        .filter({ hasText: 'Active' })
        .first(),
    ).toContainText('Spam');
    await expect(mod.getByRole('link', { name: 'History' })).toHaveAttribute('href', `/admin/audit?target_type=character&target_id=${CHAT_DEMO.pia.id}`);

    // Revoke from the detail page, with a reason; the player can send again.
    await section
      .getByRole('table', { name: `Sanctions of ${CHAT_DEMO.pia.name}` })
      .getByRole('row')
      .filter({ hasText: 'Active' })
      .first()
      .getByRole('link')
      .click();
    await expect(mod).toHaveURL(/\/admin\/sanctions\/[^/]+$/);
    await expect(mod.locator('#admin-main dd').getByText(PLAYER_MESSAGE, { exact: true })).toBeVisible();
    // Its evidence: the chat line it was issued from, frozen with the sanction and marked.
    const evidence = mod.getByRole('region', { name: 'Evidence' });
    const sourceLine = evidence.getByTestId('evidence-line').filter({ hasText: 'buy gold at spam.example' });
    await expect(sourceLine).toHaveAttribute('aria-current', 'true');
    await expect(sourceLine).toContainText('Sanctioned');
    await expect(sourceLine.getByRole('link', { name: CHAT_DEMO.pia.name })).toHaveAttribute('href', /^\/admin\/accounts\//);
    await keepScreenshot(mod, testInfo, 'sanction-evidence-1440');
    await expectNoAxeViolations(mod);
    await mod.setViewportSize({ width: 375, height: 800 });
    await sourceLine.scrollIntoViewIfNeeded();
    expect(await mod.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await keepScreenshot(mod, testInfo, 'sanction-evidence-375');
    await mod.setViewportSize({ width: 1440, height: 900 });
    await mod.getByRole('button', { name: 'Revoke' }).click();
    const revoke = mod.getByRole('dialog', { name: 'Revoke sanction' });
    await revoke.getByRole('button', { name: 'Revoke' }).click();
    await expect(revoke.getByText('Reason is required')).toBeVisible();
    await keepScreenshot(mod, testInfo, 'revoke-dialog-1440');
    await expectNoAxeViolations(mod);
    await revoke.getByRole('textbox', { name: 'Reason for revoking' }).fill('Apologised in a ticket');
    await revoke.getByRole('button', { name: 'Revoke' }).click();
    await expect(toast(mod, `Sanction revoked for ${CHAT_DEMO.pia.name}.`)).toBeVisible();
    await expect(mod.locator('#admin-main dd').getByText('Apologised in a ticket', { exact: true })).toBeVisible();
    await expect(mod.getByRole('button', { name: 'Revoke' })).toHaveCount(0);
    await keepScreenshot(mod, testInfo, 'sanction-revoked-1440');
    await expect.poll(async () => (await pia.send('thanks, back again')).status).toBe(200);
    await expect.poll(() => pia.messages()).toContain('thanks, back again');
    // In the player's chat view too: the kept text goes out and the refusal goes away.
    await player.getByRole('textbox', { name: 'Message' }).press('Enter');
    await expect(player.getByTestId('chat-send-refusal')).toHaveCount(0);
    await expect(player.getByTestId('chat-line').filter({ hasText: 'can anyone hear me?' })).toContainText(CHAT_DEMO.pia.name);
  } finally {
    await deleteChannel(mod, channelId);
    await modContext.close();
    await playerContext.close();
  }
});

for (const width of [1440, 375]) {
  test(`the sanction pages fit ${width} px and pass axe`, async ({ page }, testInfo) => {
    test.setTimeout(120_000);
    await page.setViewportSize({ width, height: width < 500 ? 812 : 900 });
    await signInTo(page, '/admin/sanctions', 'admin');
    const settle = async () => {
      await expect(page.locator('#admin-main h1')).toBeVisible();
      await expect(page.locator('.skeleton')).toHaveCount(0, { timeout: 10_000 });
      await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    };
    await settle();
    await keepScreenshot(page, testInfo, `admin-sanctions-${width}`);
    await expectNoAxeViolations(page);

    // A filter narrows the list on the server and stays in the URL.
    await page.getByRole('button', { name: /^State/ }).click();
    await page.getByRole('option', { name: /Active/ }).click();
    await expect(page).toHaveURL(/state=active/);
    await settle();

    await go(page, `/admin/sanctions/${DEMO_MUTE_ID}`);
    await settle();
    await expect(page.getByRole('heading', { name: 'Mute of Glitch Runner', level: 1 })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Revoke' })).toBeVisible();
    await keepScreenshot(page, testInfo, `admin-sanction-detail-${width}`);
    await expectNoAxeViolations(page);

    await go(page, `/admin/characters/${DEMO.characters.pia}`);
    await settle();
    await expect(page.getByRole('heading', { name: 'Sanctions', level: 2 })).toBeVisible();
    await keepScreenshot(page, testInfo, `admin-character-sanctions-${width}`);
    await expectNoAxeViolations(page);

    // The dialog, opened from the character page by keyboard.
    await page.getByRole('button', { name: 'Sanction…' }).focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: /^Sanction / });
    await expect(dialog.getByText(/^Suggested from history: /)).toBeVisible();
    await dialog.getByRole('button', { name: 'Issue sanction' }).click();
    await expect(dialog.getByText('Reason is required')).toBeVisible();
    await keepScreenshot(page, testInfo, `sanction-dialog-${width}`);
    await expectNoAxeViolations(page);
    await page.keyboard.press('Escape');
    await expect(dialog).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Sanction…' })).toBeFocused();
  });
}

test('a player reaches their sanctions from the mobile menu at 375 px', async ({ page }, testInfo) => {
  await signInAs(page, '/', 'player');
  await page.setViewportSize({ width: 375, height: 812 });
  await page.getByRole('button', { name: 'Open main menu' }).click();
  await page.getByRole('link', { name: 'Your sanctions' }).click();
  await expect(page.getByRole('heading', { name: 'Your sanctions', level: 1 })).toBeVisible();
  await expect(page.locator('.skeleton')).toHaveCount(0);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  await keepScreenshot(page, testInfo, 'account-sanctions-375');
  await expectNoAxeViolations(page);
  // The server answers the same list over REST.
  expect((await restFromPage(page, 'GET', '/v1/account/sanctions')).status).toBe(200);
});
