import { expect, test, type Locator, type Page, type TestInfo } from '@playwright/test';
import { tableRows } from '../support/admin';
import { CHAT_DEMO, createChannel, deleteChannel, expectNoAxeViolations, restFromPage, sendAs, signInAs, toast } from '../support/chat';
import { mainNav } from '../support/provider';
import { keepScreenshot } from '../support/screens';

// The moderation desk (docs/product.md "Moderation desk") as the demo moderator: the top bar's 'Moderation' link,
// the review lane, a report acted on with a mute, the mute revoked, their own actions in the audit log; what their
// role does not grant (account bans, others' audit records, direct messages) is neither shown nor callable.
// Players see no link and get the access-denied page; the admin keeps the console.

const ADA = CHAT_DEMO.ada;
const PIA = CHAT_DEMO.pia;
const desk = (page: Page) => page.getByRole('navigation', { name: 'Moderation desk' });

/** Presses Tab until `target` has the focus (a keyboard-only path), then Enter. */
async function tabToAndPress(page: Page, target: Locator, key = 'Enter') {
  await expect(target).toBeVisible();
  await expect
    .poll(
      async () => {
        await page.keyboard.press('Tab');
        return target.evaluate((element) => element === document.activeElement);
      },
      { timeout: 20_000, intervals: [0] },
    )
    .toBe(true);
  await page.keyboard.press(key);
}

async function look(page: Page, testInfo: TestInfo, name: string) {
  await keepScreenshot(page, testInfo, name);
  await expectNoAxeViolations(page);
}

/** A channel with a HOLD rule, a held message of Pia's and a report of Ada's message by Pia (set up over REST). */
async function seed(admin: Page, player: Page, tag: string) {
  const channelName = `E2E Desk ${tag}`;
  const channelId = await createChannel(admin, channelName);
  const rules = await restFromPage(admin, 'PUT', `/v1/channels/id/${channelId}/rules`, {
    channelId,
    rules: [{ kind: 'CONTENT_RULE_KIND_WORD', pattern: 'gold', action: 'CONTENT_RULE_ACTION_HOLD', message: 'A moderator will look at it.' }],
  });
  expect(rules.status).toBe(200);
  const offensive = `you all play like bots ${tag}`;
  expect((await sendAs(admin, channelId, ADA.id, offensive)).status).toBe(200);
  const found = await restFromPage(admin, 'GET', `/v1/chat-messages?channelId=${channelId}&text=${encodeURIComponent(offensive)}`);
  const messageId = found.json.messages[0].id as string;
  expect((await restFromPage(player, 'POST', '/v1/reports', { messageId, characterId: PIA.id, reason: 'REPORT_REASON_HARASSMENT' })).status).toBe(200);
  const held = `cheap gold for sale ${tag}`;
  expect((await sendAs(player, channelId, PIA.id, held)).status).toBe(200);
  return { channelId, channelName, offensive, held };
}

test('a moderator works the desk by keyboard and mouse: review lane, a report with a mute, its revocation, their own actions', async ({
  browser,
}, testInfo) => {
  test.setTimeout(240_000);
  const contexts = await Promise.all([0, 1, 2].map(() => browser.newContext({ viewport: { width: 1440, height: 900 } })));
  const [admin, player, moderator] = await Promise.all(contexts.map((c) => c.newPage()));
  await signInAs(admin!, '/admin/chats', 'admin');
  await signInAs(player!, '/', 'player');
  const tag = String(Date.now() % 1_000_000);
  const { channelId, channelName, offensive, held } = await seed(admin!, player!, tag);
  const mod = moderator!;
  try {
    // Signed in on the home page: 'Moderation' in the top bar, no 'Admin'; keyboard only to the review lane.
    await signInAs(mod, '/', 'moderator');
    await expect(mainNav(mod).getByRole('link', { name: 'Moderation' })).toBeVisible();
    await expect(mainNav(mod).getByRole('link', { name: 'Admin' })).toHaveCount(0);
    await tabToAndPress(mod, mainNav(mod).getByRole('link', { name: 'Moderation' }));
    await mod.waitForURL('**/moderation');
    await expect(mod.getByRole('heading', { name: 'Live operations' })).toBeVisible();
    await expect(desk(mod).getByRole('link', { name: 'Your actions' })).toBeVisible();
    await look(mod, testInfo, 'desk-operations-1440');

    await tabToAndPress(mod, desk(mod).getByRole('link', { name: 'Review lane' }));
    const item = mod.getByTestId('held-message').filter({ hasText: held });
    await expect(item).toContainText(PIA.name);
    await expect(item).toContainText(channelName);
    await look(mod, testInfo, 'desk-review-1440');
    await tabToAndPress(mod, item.getByRole('button', { name: /^Allow/ }));
    await expect(toast(mod, `Delivered to ${channelName}.`)).toBeVisible();
    await expect(item).toHaveCount(0);

    // The report: sanction the sender with a mute; no account-ban option is offered.
    await desk(mod).getByRole('link', { name: 'Reports' }).click();
    const entry = mod.getByTestId('reported-message').filter({ hasText: offensive });
    await expect(entry).toContainText('Harassment');
    await look(mod, testInfo, 'desk-reports-1440');
    await entry.getByRole('link', { name: /^Review/ }).click();
    await expect(mod).toHaveURL(/\/moderation\/reports\//);
    await expect(mod.getByRole('heading', { level: 1, name: `Message of ${ADA.name}` })).toBeVisible();
    await mod.getByRole('button', { name: 'Sanction sender…' }).click();
    const dialog = mod.getByRole('dialog', { name: `Sanction ${ADA.name}` });
    const kinds = dialog.getByRole('radiogroup', { name: 'Kind' });
    await expect(kinds.getByRole('radio')).toHaveCount(2);
    await expect(kinds.getByText('Account ban')).toHaveCount(0);
    await kinds.getByText('Mute', { exact: true }).click();
    await dialog.getByRole('radiogroup', { name: 'Duration' }).getByText('1 hour', { exact: true }).click();
    await dialog.getByRole('combobox', { name: 'Reason' }).click();
    await mod.getByRole('option', { name: 'Harassment' }).click();
    await look(mod, testInfo, 'desk-sanction-dialog-1440');
    await dialog.getByRole('button', { name: 'Issue sanction' }).click();
    await expect(toast(mod, `${ADA.name}: mute issued (channel).`)).toBeVisible();
    await expect(dialog).toHaveCount(0);

    // The mute, in the desk, revoked.
    await mod.getByRole('link', { name: 'View the sanction' }).click();
    await expect(mod).toHaveURL(/\/moderation\/sanctions\/[0-9a-f-]+$/);
    await expect(mod.getByRole('heading', { level: 1, name: `Mute of ${ADA.name}` })).toBeVisible();
    expect((await sendAs(admin!, channelId, ADA.id, 'muted?')).status).toBe(403);
    await mod.getByRole('button', { name: 'Revoke' }).click();
    const revoke = mod.getByRole('dialog', { name: 'Revoke sanction' });
    await revoke.getByRole('textbox', { name: 'Reason for revoking' }).fill('Apologised in chat.');
    await revoke.getByRole('button', { name: 'Revoke' }).click();
    await expect(toast(mod, `Sanction revoked for ${ADA.name}.`)).toBeVisible();
    await expect(revoke).toHaveCount(0);
    await expect(mod.locator('dd').getByText('Apologised in chat.')).toBeVisible();
    await look(mod, testInfo, 'desk-sanction-1440');

    // Their own actions: the review, the resolution, the issue and the revoke; no actor filter (nobody else to see).
    await desk(mod).getByRole('link', { name: 'Your actions' }).click();
    await expect(mod.getByRole('heading', { level: 1, name: 'Your actions' })).toBeVisible();
    const rows = tableRows(mod, 'Audit log');
    for (const action of ['chat-held-message.allow', 'sanction.issue', 'sanction.revoke']) await expect(rows.filter({ hasText: action }).first()).toBeVisible();
    await expect(mod.getByRole('textbox', { name: /^Actor/ })).toHaveCount(0);
    const actors = await rows.evaluateAll((trs) => trs.map((tr) => tr.textContent ?? ''));
    expect(actors.length).toBeGreaterThan(0);
    for (const text of actors) expect(text).toContain('moderator');
    await look(mod, testInfo, 'desk-audit-1440');

    // Neither shown nor callable: the settings page, the console, and (through the API) account bans, others'
    // audit records and direct messages.
    await desk(mod).getByRole('link', { name: 'Sanctions' }).click();
    await expect(mod.getByRole('heading', { level: 1, name: 'Sanctions' })).toBeVisible();
    await expect(mod.getByRole('link', { name: 'Reasons and ladder' })).toHaveCount(0);
    await mod.goto('/moderation/sanctions/settings');
    await expect(mod.getByRole('heading', { name: 'Access denied' })).toBeVisible();
    await mod.goto('/admin');
    await expect(mod.getByRole('heading', { name: 'Access denied' })).toBeVisible();

    const caps = await restFromPage(mod, 'GET', '/v1/me/capabilities');
    expect(caps.status).toBe(200);
    const names = (caps.json.capabilities as { name: string; scope: string }[]).map((c) => `${c.name}:${c.scope}`);
    expect(names).toEqual(expect.arrayContaining(['sanctions.issue:all', 'audit.read:own', 'held-messages.review:all', 'reports.work:all']));
    expect(names.some((n) => n.startsWith('sanctions.account-ban') || n.startsWith('chat.direct-messages'))).toBe(false);

    const ban = await restFromPage(mod, 'POST', '/v1/sanctions', {
      kind: 'SANCTION_KIND_BAN',
      scope: 'SANCTION_SCOPE_EVERYWHERE',
      accountId: '5e1d0000-0000-4000-8000-000900000001',
      durationSeconds: '-1',
      reason: 'Cheating',
    });
    expect(ban.status).toBe(403);
    expect(ban.json).toMatchObject({ code: 7, message: expect.stringContaining('only admins issue or revoke account bans') }); // PERMISSION_DENIED
    const dm = await restFromPage(mod, 'PUT', `/v1/message/character/id/${PIA.id}`, { chatMessage: { senderCharacterId: ADA.id, content: 'psst' } });
    expect(dm.status).toBe(403);
    expect(dm.json.code).toBe(7); // PERMISSION_DENIED
    // Others' audit records: the admin's channel creation is not among the moderator's, asked for by actor or by id.
    const adminRecords = await restFromPage(admin!, 'GET', `/v1/audit?targetId=${channelId}`);
    const created = (adminRecords.json.records as { id: string; action: string }[]).find((r) => r.action === 'chat-channel.create')!;
    expect(created).toBeTruthy();
    const byActor = await restFromPage(mod, 'GET', `/v1/audit?targetId=${channelId}`);
    expect(((byActor.json.records ?? []) as { id: string }[]).map((r) => r.id)).not.toContain(created.id);
    const byId = await restFromPage(mod, 'GET', `/v1/audit/id/${created.id}`);
    expect(byId.status).toBe(404);
  } finally {
    await deleteChannel(admin!, channelId);
    await Promise.all(contexts.map((c) => c.close()));
  }
});

/** The open reports the caller's GET /v1/operations/queues counts now. */
async function openReports(page: Page): Promise<number> {
  const counts = await restFromPage(page, 'GET', '/v1/operations/queues');
  expect(counts.status).toBe(200);
  return (counts.json.reports?.open as number | undefined) ?? 0;
}

/** The Reports link's accessible name for `n` open reported messages ('Reports, 3 open'; no count at zero). */
const reportsLinkName = (n: number) => (n === 0 ? 'Reports' : `Reports, ${n} open`);

test("the desk's Reports count goes up when a player reports a message and down when the moderator dismisses it", async ({ browser }, testInfo) => {
  test.setTimeout(180_000);
  const contexts = await Promise.all([0, 1, 2].map(() => browser.newContext({ viewport: { width: 1440, height: 900 } })));
  const [admin, player, mod] = (await Promise.all(contexts.map((c) => c.newPage()))) as [Page, Page, Page];
  await signInAs(admin, '/admin/chats', 'admin');
  await signInAs(player, '/', 'player');
  await signInAs(mod, '/moderation/reports', 'moderator');
  const tag = String(Date.now() % 1_000_000);
  const channelId = await createChannel(admin, `E2E Desk Counts ${tag}`);
  try {
    const before = await openReports(mod);
    const reportsLink = desk(mod).getByRole('link', { name: reportsLinkName(before), exact: true });
    await expect(reportsLink).toBeVisible();

    const rude = `counted rudeness ${tag}`;
    expect((await sendAs(admin, channelId, ADA.id, rude)).status).toBe(200);
    const found = await restFromPage(admin, 'GET', `/v1/chat-messages?channelId=${channelId}&text=${encodeURIComponent(rude)}`);
    const messageId = found.json.messages[0].id as string;
    expect((await restFromPage(player, 'POST', '/v1/reports', { messageId, characterId: PIA.id, reason: 'REPORT_REASON_HARASSMENT' })).status).toBe(200);

    // The moderator comes back to the window: the counts are asked again at once.
    await mod.evaluate(() => window.dispatchEvent(new Event('visibilitychange')));
    const raised = desk(mod).getByRole('link', { name: reportsLinkName(before + 1), exact: true });
    await expect(raised).toBeVisible();
    for (const width of [1440, 375]) {
      await mod.setViewportSize({ width, height: 900 });
      await expect(raised).toBeVisible();
      await look(mod, testInfo, `desk-counts-${width}`);
    }
    await mod.setViewportSize({ width: 1440, height: 900 });

    // The queue's list may come from the cache for a moment; the report's own page is the item itself.
    await mod.goto(`/moderation/reports/${messageId}`);
    await mod.getByRole('button', { name: 'Dismiss…' }).click();
    const dismiss = mod.getByRole('dialog', { name: 'Dismiss the reports' });
    await dismiss.getByRole('textbox').fill('Counted, then dismissed.');
    await dismiss.getByRole('button', { name: 'Dismiss' }).click();
    await expect(toast(mod, 'Reports dismissed: 1 report closed.')).toBeVisible();
    // Acting on the item asks for the counts again, without waiting for the next poll.
    await expect(desk(mod).getByRole('link', { name: reportsLinkName(before), exact: true })).toBeVisible();
  } finally {
    await deleteChannel(admin, channelId);
    await Promise.all(contexts.map((c) => c.close()));
  }
});

test('at 375 px the moderator reaches every desk screen from the menu', async ({ browser }, testInfo) => {
  test.setTimeout(180_000);
  const context = await browser.newContext({ viewport: { width: 375, height: 812 } });
  const mod = await context.newPage();
  try {
    // Signed in through a desk URL (the phone's Login sits in the menu), then from the home page's menu.
    await signInAs(mod, '/moderation/reports', 'moderator');
    await mod.goto('/');
    await mod.getByRole('button', { name: 'Open main menu' }).click();
    await mod.locator('#mobile-menu').getByRole('link', { name: 'Moderation' }).click();
    await expect(mod.getByRole('heading', { name: 'Live operations' })).toBeVisible();
    await look(mod, testInfo, 'desk-operations-375');
    for (const [link, heading] of [
      ['Review lane', 'Moderation'],
      ['Reports', 'Reports'],
      ['Sanctions', 'Sanctions'],
      ['Messages', 'Messages'],
      ['Your actions', 'Your actions'],
    ] as const) {
      await desk(mod).getByRole('link', { name: link }).click();
      await expect(desk(mod).getByRole('link', { name: link })).toHaveAttribute('aria-current', 'page');
      await expect(mod.getByRole('heading', { level: 1, name: heading })).toBeVisible();
      await look(mod, testInfo, `desk-${link.toLowerCase().replace(/ /g, '-')}-375`);
    }
  } finally {
    await context.close();
  }
});

test('a player sees no Moderation link and is refused at the desk; the admin keeps the console', async ({ browser }) => {
  test.setTimeout(120_000);
  const contexts = await Promise.all([0, 1].map(() => browser.newContext({ viewport: { width: 1440, height: 900 } })));
  const [player, admin] = await Promise.all(contexts.map((c) => c.newPage()));
  try {
    await signInAs(player!, '/', 'player');
    await expect(mainNav(player!).getByRole('link', { name: 'Dev Log' })).toBeVisible();
    await player!.goto('/moderation');
    await expect(player!.getByRole('heading', { name: 'Access denied' })).toBeVisible();
    await expect(mainNav(player!).getByRole('link', { name: 'Moderation' })).toHaveCount(0);
    await expectNoAxeViolations(player!);

    await signInAs(admin!, '/', 'admin');
    await expect(mainNav(admin!).getByRole('link', { name: 'Admin' })).toBeVisible();
    await expect(mainNav(admin!).getByRole('link', { name: 'Moderation' })).toBeVisible();
    await mainNav(admin!).getByRole('link', { name: 'Admin' }).click();
    await expect(
      admin!
        .getByRole('navigation', { name: 'Sidebar' })
        .or(admin!.getByRole('link', { name: 'Admin dashboard home' }))
        .first(),
    ).toBeVisible();
    await expect(admin!.getByText('Number of characters')).toBeVisible();
  } finally {
    await Promise.all(contexts.map((c) => c.close()));
  }
});
