import { expect, test, type Browser, type Locator, type Page, type TestInfo } from '@playwright/test';
import { tableRows } from '../support/admin';
import { CHAT_DEMO, expectNoAxeViolations, sendAs, signInAs, toast } from '../support/chat';
import { keepScreenshot } from '../support/screens';

// The player page (docs/product.md "Admin console", "Moderation desk"): the admin opens the demo player from the
// characters table by keyboard, reads their sanctions and sessions and ends one; the moderator reaches the same
// page from the desk's sanctions and sees neither e-mail nor sessions. Axe at 1440 and 375 px on both.

/** Presses Tab until `target` has the focus (a keyboard-only path), then Enter. */
async function tabToAndPress(page: Page, target: Locator) {
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
  await page.keyboard.press('Enter');
}

async function lookAtBothWidths(page: Page, testInfo: TestInfo, name: string) {
  for (const width of [1440, 375]) {
    await page.setViewportSize({ width, height: 900 });
    await keepScreenshot(page, testInfo, `${name}-${width}`);
    await expectNoAxeViolations(page);
  }
  await page.setViewportSize({ width: 1440, height: 900 });
}

const newPage = async (browser: Browser) => (await browser.newContext({ viewport: { width: 1440, height: 900 } })).newPage();

test('an admin opens a player from the characters table by keyboard, reads their sanctions and sessions, ends one', async ({ browser }, testInfo) => {
  test.setTimeout(180_000);
  // The demo player signs in twice: two sessions to see, one to end.
  const [player, playerAgain, admin] = await Promise.all([newPage(browser), newPage(browser), newPage(browser)]);
  await signInAs(player, '/account/sanctions', 'player');
  await signInAs(playerAgain, '/account/sanctions', 'player');
  await signInAs(admin, `/admin/characters?sort=name`, 'admin');
  // A channel message of the player's, for the page's recent messages.
  const said = `player page line ${Date.now() % 100_000}`;
  expect((await sendAs(player, CHAT_DEMO.channels.general, CHAT_DEMO.pia.id, said)).status).toBe(200);

  // Glitch Runner, the player's fourth character, is on the first page by name (Pia is on the third).
  const glitch = tableRows(admin, 'Characters').filter({ hasText: 'Glitch Runner' });
  await tabToAndPress(admin, glitch.getByRole('link', { name: 'player' }));
  await admin.waitForURL(/\/admin\/accounts\/[^/]+$/);
  await expect(admin.getByRole('heading', { level: 1, name: 'player' })).toBeVisible();
  await expect(admin.getByText('E-mail')).toBeVisible();
  const characters = admin.getByRole('list', { name: 'Characters' });
  await expect(characters.getByRole('link', { name: CHAT_DEMO.pia.name })).toBeVisible();
  // The demo mute of the player's fourth character, with the moderator who decided it.
  const sanctions = tableRows(admin, 'Sanctions of player');
  // Other specs sanction this player too (with reasons like 'Link spam …'): the demo mute is the row whose reason is 'Spam'.
  await expect(sanctions.filter({ has: admin.getByRole('cell', { name: 'Spam', exact: true }) })).toContainText('moderator');
  const sessions = admin.getByRole('list', { name: 'Sessions' });
  const ends = sessions.getByRole('button', { name: /^End this session from/ });
  // At least the two above (other specs on the same server may have left more of the player's).
  await expect.poll(() => ends.count()).toBeGreaterThanOrEqual(2);
  const before = await ends.count();
  // Reports made and received, and the audit records on the account, newest first: after a reload the first ones are
  // this visit's reads of the account and its sessions (the demo seeding's user.create is pages further on once the
  // other specs have acted on the player).
  const reports = admin.getByRole('region', { name: 'Reports' });
  await expect(reports.getByRole('heading', { name: /^Made \(\d+\)$/ })).toBeVisible();
  await expect(reports.getByRole('heading', { name: /^Received \(\d+\)$/ })).toBeVisible();
  await admin.reload();
  await expect(tableRows(admin, 'Actions on player').first()).toContainText(/user\.(sessions\.)?read/);
  await expect(tableRows(admin, 'Actions on player').first()).toContainText('admin');
  const recent = admin.getByRole('list', { name: 'Recent messages of player' }).getByTestId('account-message').filter({ hasText: said });
  await expect(recent).toContainText(`${CHAT_DEMO.pia.name} in General`);
  await lookAtBothWidths(admin, testInfo, 'player-page-admin');
  // "In context" opens the channel's messages around it.
  await recent.getByRole('link', { name: /^In context/ }).click();
  await admin.waitForURL(/\/admin\/messages\?/);
  await expect(admin.getByText(said)).toBeVisible();
  await admin.goBack();
  await expect(admin.getByRole('heading', { level: 1, name: 'player' })).toBeVisible();

  // Ending every session asks first; Cancel ends nothing (other specs share the player).
  await admin.getByRole('button', { name: 'End all sessions' }).click();
  const confirm = admin.getByRole('alertdialog', { name: 'End all sessions?' });
  await expect(confirm).toBeVisible();
  await keepScreenshot(admin, testInfo, 'player-page-end-all-1440');
  await expectNoAxeViolations(admin);
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(confirm).toHaveCount(0);
  await expect(ends).toHaveCount(before);

  // A name in the audit log leads to the player page too: the admin's own sign-in record names them.
  const back = admin.url();
  await admin.goto('/admin/audit?action=console.sign-in');
  const signIn = tableRows(admin, 'Audit log').first();
  await expect(signIn.getByRole('link', { name: 'admin', exact: true })).toHaveAttribute('href', /^\/admin\/accounts\/[^/]+$/);
  await admin.goto(back);
  await expect.poll(() => ends.count()).toBe(before);

  await tabToAndPress(admin, ends.last());
  await expect(toast(admin, 'Session ended')).toBeVisible();
  await expect(ends).toHaveCount(before - 1);
  await admin.context().close();
  await player.context().close();
  await playerAgain.context().close();
});

test('a moderator reaches the player page from the desk and sees only what their role allows', async ({ browser }, testInfo) => {
  test.setTimeout(120_000);
  const moderator = await newPage(browser);
  await signInAs(moderator, '/moderation/sanctions', 'moderator');
  const row = tableRows(moderator, 'Sanctions').filter({ has: moderator.getByRole('cell', { name: 'Spam', exact: true }) });
  await tabToAndPress(moderator, row.getByRole('link', { name: 'player', exact: true }));
  await moderator.waitForURL(/\/moderation\/accounts\/[^/]+$/);
  await expect(moderator.getByRole('heading', { level: 1, name: 'player' })).toBeVisible();
  await expect(tableRows(moderator, 'Sanctions of player').filter({ has: moderator.getByRole('cell', { name: 'Spam', exact: true }) })).toBeVisible();
  // The desk has no character page: the names are text. No e-mail, no sessions, no button that would be refused.
  await expect(moderator.getByRole('list', { name: 'Characters' }).getByText(CHAT_DEMO.pia.name)).toBeVisible();
  await expect(moderator.getByRole('list', { name: 'Characters' }).getByRole('link')).toHaveCount(0);
  await expect(moderator.getByText('E-mail')).toHaveCount(0);
  await expect(moderator.getByRole('heading', { name: 'Sessions' })).toHaveCount(0);
  await expect(moderator.getByRole('button', { name: /End/ })).toHaveCount(0);
  // The queue's view of the account, and only the moderator's own actions from the audit log.
  await expect(moderator.getByRole('region', { name: 'Reports' }).getByRole('heading', { name: /^Received \(\d+\)$/ })).toBeVisible();
  await expect(moderator.getByRole('region', { name: 'Your actions' })).toBeVisible();
  await expect(moderator.getByRole('region', { name: 'Staff actions' })).toHaveCount(0);
  await lookAtBothWidths(moderator, testInfo, 'player-page-desk');
  await moderator.context().close();
});
