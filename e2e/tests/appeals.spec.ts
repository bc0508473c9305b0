import { expect, test, type Page, type TestInfo } from '@playwright/test';
import { CHAT_DEMO, createChannel, deleteChannel, expectNoAxeViolations, restFromPage, sendAs, signInAs, toast } from '../support/chat';
import { keepScreenshot } from '../support/screens';

// Appeals (docs/moderation.md "Appeals"): the admin mutes Pia (over REST) from a line she sent, which the sanction
// keeps as evidence; the player appeals it from
// /account/sanctions; the demo moderator (not the issuer) revokes it from the desk's Appeals queue; the player reads
// the outcome and the moderators' reason, never who decided. The moderator claims it first; the admin sees who holds it. Axe and screenshots at 1440 and 375 px.

const REASON = `Link spam ${Date.now() % 100_000}`;
const APPEAL_TEXT = 'I was quoting the spammer to warn the others.';
const DECISION = 'Context checked: it was a warning, not spam.';
const SOURCE_LINE = `warning: that link is a scam ${Date.now() % 100_000}`;
// The demo player, Pia's owner (demo/demo-accounts.ts).
const PLAYER_ACCOUNT_ID = '6f1c2a10-0000-4000-8000-000000000003';

async function atBothWidths(page: Page, testInfo: TestInfo, name: string, ready: () => Promise<void>) {
  for (const width of [1440, 375]) {
    await page.setViewportSize({ width, height: 900 });
    await ready();
    await keepScreenshot(page, testInfo, `${name}-${width}`);
    await expectNoAxeViolations(page);
  }
  await page.setViewportSize({ width: 1440, height: 900 });
}

test('a player appeals a mute; a moderator revokes it from the desk; the player sees the outcome', async ({ browser }, testInfo) => {
  test.setTimeout(180_000);
  const contexts = await Promise.all([0, 1, 2].map(() => browser.newContext({ viewport: { width: 1440, height: 900 } })));
  const [admin, player, moderator] = (await Promise.all(contexts.map((c) => c.newPage()))) as [Page, Page, Page];
  await signInAs(admin, '/admin', 'admin');
  // The player's page is open before the sanction: a reload must show it, not the cached list.
  await signInAs(player, '/account/sanctions', 'player');
  const channelId = await createChannel(admin, `E2E Appeal ${Date.now() % 1_000_000}`);
  const sent = await sendAs(player, channelId, CHAT_DEMO.pia.id, SOURCE_LINE);
  expect(sent.status).toBe(200);
  const found = await restFromPage(admin, 'GET', `/v1/chat-messages?channelId=${channelId}`);
  const sourceMessageId = (found.json.messages as { id: string }[])[0]!.id;
  const issued = await restFromPage(admin, 'POST', '/v1/sanctions', {
    kind: 'SANCTION_KIND_MUTE',
    scope: 'SANCTION_SCOPE_EVERYWHERE',
    characterId: CHAT_DEMO.pia.id,
    durationSeconds: '86400',
    reason: REASON,
    sourceMessageId,
  });
  expect(issued.status).toBe(200);
  const sanctionId = issued.json.id as string;
  try {
    // The player appeals from their sanctions page.
    await player.reload();
    const card = player.getByTestId('my-sanction').filter({ hasText: REASON });
    await card.getByRole('button', { name: 'Appeal' }).click();
    const dialog = player.getByRole('dialog', { name: 'Appeal this sanction' });
    await dialog.getByText('My words were taken out of context', { exact: true }).click();
    await dialog.getByRole('textbox', { name: 'Your explanation' }).fill(APPEAL_TEXT);
    await dialog.getByRole('button', { name: 'Send appeal' }).click();
    await expect(toast(player, 'Appeal sent. A moderator will review it.')).toBeVisible();
    await expect(card.getByTestId('appeal-status')).toContainText('Appeal pending');
    await expect(card.getByRole('button', { name: 'Appeal' })).toHaveCount(0);
    await atBothWidths(player, testInfo, 'appeal-pending', () => expect(card.getByTestId('appeal-status')).toBeVisible());

    // The moderator finds it in the desk's queue and revokes the mute.
    await signInAs(moderator, '/moderation/appeals', 'moderator');
    const entry = moderator.getByTestId('appeal').filter({ hasText: REASON });
    await expect(entry).toContainText(APPEAL_TEXT);
    await atBothWidths(moderator, testInfo, 'appeals-queue', () => expect(entry).toBeVisible());
    // The moderator claims it; the admin's queue shows who works it, with no Claim button.
    await entry.getByRole('button', { name: /^Claim the appeal of/ }).click();
    await expect(entry.getByTestId('claim')).toHaveText('Claimed by you');
    await admin.goto('/admin/appeals');
    const held = admin.getByTestId('appeal').filter({ hasText: REASON });
    await expect(held.getByTestId('claim')).toHaveText('Claimed by moderator');
    await expect(held.getByRole('button', { name: /^Claim the appeal of/ })).toHaveCount(0);
    await entry.getByRole('link', { name: /^Review the appeal/ }).click();
    await expect(moderator.getByRole('heading', { name: /^Appeal of / })).toBeVisible();
    // The evidence frozen with the sanction: the line it was issued from, marked.
    const sourceLine = moderator.getByRole('region', { name: 'Evidence' }).getByTestId('evidence-line').filter({ hasText: SOURCE_LINE });
    await expect(sourceLine).toHaveAttribute('aria-current', 'true');
    await expect(sourceLine).toContainText('Sanctioned');
    await expect(sourceLine).toContainText(CHAT_DEMO.pia.name);
    await atBothWidths(moderator, testInfo, 'appeal-page', () => expect(moderator.getByText(APPEAL_TEXT)).toBeVisible());
    await moderator.getByRole('button', { name: 'Decide…' }).click();
    const decide = moderator.getByRole('dialog', { name: 'Decide the appeal' });
    await decide.getByText('Revoke: lift it now', { exact: true }).click();
    await decide.getByRole('textbox', { name: 'Reason (the player reads it)' }).fill(DECISION);
    await expectNoAxeViolations(moderator);
    await decide.getByRole('button', { name: 'Decide' }).click();
    await expect(toast(moderator, 'Appeal accepted: the sanction was lifted. The player sees it now.')).toBeVisible();

    // Later (a new session: nothing cached), the player sees the outcome and the reason, never the moderator's name.
    const later = await browser.newContext({ viewport: { width: 1440, height: 900 } });
    contexts.push(later);
    const again = await later.newPage();
    await signInAs(again, '/account/sanctions', 'player');
    const history = again.getByRole('region', { name: 'History' }).getByTestId('my-sanction').filter({ hasText: REASON });
    await expect(history.getByTestId('appeal-status')).toContainText('Appeal accepted: the sanction was lifted');
    await expect(history.getByTestId('appeal-status')).toContainText(DECISION);
    await expect(history).not.toContainText(/\bmoderator\b/);
    await atBothWidths(again, testInfo, 'appeal-decided', () => expect(history).toBeVisible());

    // The player page (staff) lists the appeal with its outcome, who decided it and why.
    await admin.goto(`/admin/accounts/${PLAYER_ACCOUNT_ID}`);
    const onPage = admin.getByRole('region', { name: 'Appeals' }).getByTestId('account-appeal').filter({ hasText: REASON });
    await expect(onPage).toContainText('Appeal accepted: the sanction was lifted');
    await expect(onPage).toContainText('by moderator');
    await expect(onPage).toContainText(DECISION);
    await atBothWidths(admin, testInfo, 'player-page-appeals', () => expect(onPage).toBeVisible());
  } finally {
    await restFromPage(admin, 'POST', `/v1/sanctions/id/${sanctionId}/revoke`, { id: sanctionId, reason: 'e2e clean-up' });
    await deleteChannel(admin, channelId);
    await Promise.all(contexts.map((c) => c.close()));
  }
});
