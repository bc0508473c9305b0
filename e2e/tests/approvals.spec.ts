import { expect, test, type Page } from '@playwright/test';
import { expectNoAxeViolations, restFromPage, signInAs, toast } from '../support/chat';
import { keepScreenshot } from '../support/screens';

// Four eyes (docs/moderation.md "Approvals"): the demo admin asks for a permanent account ban of ozzy (over REST, as
// the sanction dialog does); it is a request, not a ban, and its requester cannot approve it; the second demo admin,
// lead, finds it behind the console's Approvals count and approves it with a reason, by keyboard; the ban is then
// active, named after its requester and its approver. Screens and axe at 1440 and 375 px.

const OZZY = '5e1d0000-0000-4000-8000-000900000002';
const REASON = `Chargeback fraud, e2e ${Date.now() % 100_000}`;
const WHAT = 'permanent account ban of ozzy';

/** The Approvals link's accessible name with `n` requests waiting ('Approvals, 2 open'; no count at zero). */
const approvalsLink = (page: Page, n: number) => page.getByRole('link', { name: n === 0 ? 'Approvals' : `Approvals, ${n} open`, exact: true });

test('a permanent account ban waits for a second admin, who approves it', async ({ browser }, testInfo) => {
  test.setTimeout(180_000);
  const contexts = await Promise.all([0, 1].map(() => browser.newContext({ viewport: { width: 1440, height: 900 } })));
  const [admin, lead] = (await Promise.all(contexts.map((c) => c.newPage()))) as [Page, Page];
  let sanctionId = '';
  try {
    await signInAs(admin, '/admin/approvals', 'admin');
    const asked = await restFromPage(admin, 'POST', '/v1/sanctions', {
      kind: 'SANCTION_KIND_BAN',
      scope: 'SANCTION_SCOPE_EVERYWHERE',
      accountId: OZZY,
      durationSeconds: '-1',
      reason: REASON,
    });
    expect(asked.status).toBe(200);
    // A request: no id, not active, the request's id to follow.
    expect(asked.json).toMatchObject({ accountId: OZZY, pendingApprovalId: expect.any(String) });
    expect(asked.json.id ?? '').toBe('');
    expect(asked.json.active ?? false).toBe(false);
    const before = await restFromPage(admin, 'GET', `/v1/sanctions?accountId=${OZZY}`);
    expect(((before.json.sanctions ?? []) as { reason: string }[]).filter((s) => s.reason === REASON)).toHaveLength(0);

    // The requester sees it waiting, with no way to approve it.
    await admin.reload();
    const own = admin.getByTestId('approval').filter({ hasText: REASON });
    // A busy machine may take a while to draw the reloaded page; what is checked is what it shows.
    await expect(own).toContainText('Waiting for another staff member.', { timeout: 30_000 });
    await expect(own.getByRole('button')).toHaveCount(0);

    // The second admin: the count leads to it.
    await signInAs(lead, '/admin', 'lead');
    const counts = await restFromPage(lead, 'GET', '/v1/operations/queues');
    const waiting = (counts.json.approvals?.open as number | undefined) ?? 0;
    expect(waiting).toBeGreaterThanOrEqual(1);
    await approvalsLink(lead, waiting).click();
    await expect(lead).toHaveURL(/\/admin\/approvals$/);
    const entry = lead.getByTestId('approval').filter({ hasText: REASON });
    await expect(entry).toContainText('Permanent account ban of ozzy', { timeout: 30_000 });
    await expect(entry).toContainText('Requested by admin');
    for (const width of [1440, 375]) {
      await lead.setViewportSize({ width, height: 900 });
      await expect(entry.getByRole('button', { name: `Approve the ${WHAT}` })).toBeVisible();
      expect(await lead.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      await keepScreenshot(lead, testInfo, `approvals-${width}`);
      await expectNoAxeViolations(lead);
    }

    // By keyboard: the Approve button, the reason (required), the dialog's submit.
    await entry.getByRole('button', { name: `Approve the ${WHAT}` }).focus();
    await lead.keyboard.press('Enter');
    const dialog = lead.getByRole('dialog', { name: `Approve the ${WHAT}` });
    await expect(dialog).toBeVisible();
    await dialog.getByRole('button', { name: 'Approve' }).click();
    await expect(dialog.getByText('Give the reason')).toBeVisible();
    await dialog.getByRole('textbox', { name: /Reason/ }).fill('Checked the payment records: confirmed.');
    await keepScreenshot(lead, testInfo, 'approval-dialog-375');
    await expectNoAxeViolations(lead);
    await dialog.getByRole('textbox', { name: /Reason/ }).press('Tab');
    await lead.keyboard.press('Tab');
    await expect(dialog.getByRole('button', { name: 'Approve' })).toBeFocused();
    await lead.keyboard.press('Enter');
    await expect(toast(lead, `Approved: the ${WHAT} was carried out.`)).toBeVisible();
    await expect(dialog).toHaveCount(0);
    await expect(lead.getByTestId('approval').filter({ hasText: REASON })).toHaveCount(0);
    await lead.setViewportSize({ width: 1440, height: 900 });

    // The ban now stands, issued by its requester and approved by the second admin.
    const after = await restFromPage(admin, 'GET', `/v1/sanctions?accountId=${OZZY}`);
    const ban = ((after.json.sanctions ?? []) as { id: string; reason: string; active?: boolean; issuedByName: string; approvedByName: string }[]).find(
      (s) => s.reason === REASON,
    );
    expect(ban).toMatchObject({ active: true, issuedByName: 'admin', approvedByName: 'lead' });
    sanctionId = ban!.id;
    // Decided, it shows with who decided why when decided requests are included.
    await admin.goto('/admin/approvals');
    await admin.getByRole('checkbox', { name: 'Include decided' }).check();
    await expect(admin.getByTestId('approval').filter({ hasText: REASON })).toContainText('Approved by lead: Checked the payment records: confirmed.', {
      timeout: 30_000,
    });
  } finally {
    if (sanctionId) await restFromPage(admin, 'POST', `/v1/sanctions/id/${sanctionId}/revoke`, { id: sanctionId, reason: 'e2e clean-up' });
    await Promise.all(contexts.map((c) => c.close()));
  }
});
