import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { expect, test } from '@playwright/test';
import { startServerProcess, type ServerProcess } from '../../apps/server/src/test/server-process.js';
import { DEMO, holdRequests, toast } from '../support/admin';
import { signInAtProvider } from '../support/provider';
import { keepScreenshot } from '../support/screens';

// Step-up (docs/identity.md "Step-up"): an account ban needs a sign-in at most 5 minutes old. A server of this spec's
// own runs with a clock that jumps 6 minutes ahead when told (support/shifted-clock.mjs): no waiting.
const SIX_MINUTES_MS = 6 * 60_000;
const characterPath = `/admin/characters/${DEMO.characters.pia}`;
let server: ServerProcess;
let clockAck: string;

test.beforeAll(async () => {
  test.setTimeout(200_000);
  clockAck = join(mkdtempSync(join(tmpdir(), 'sro-clock-')), 'offset');
  const preload = pathToFileURL(new URL('../support/shifted-clock.mjs', import.meta.url).pathname).href;
  server = await startServerProcess(
    { LOG_LEVEL: 'silent', NODE_OPTIONS: `--import=${preload}`, SHIFTED_CLOCK_STEP_MS: String(SIX_MINUTES_MS), SHIFTED_CLOCK_ACK: clockAck },
    'dist',
    { readyWithinMs: 180_000 },
  );
});
test.afterAll(() => server?.stop());

test('an admin signed in 6 minutes ago bans an account: signs in again, the form comes back, the ban is issued', async ({ page }, testInfo) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto(`${server.publicUrl}${characterPath}`);
  await signInAtProvider(page, 'admin');
  await page.waitForURL((url) => url.pathname === characterPath);
  await expect(page.getByRole('button', { name: 'Sanction…' })).toBeVisible();

  // Six minutes pass on the server. The console's next tokens come from the same provider session: their sign-in
  // (auth_time) stays 6 minutes old.
  process.kill(server.child.pid!, 'SIGUSR2');
  await expect.poll(() => (existsSync(clockAck) ? readFileSync(clockAck, 'utf8') : '')).toBe(String(SIX_MINUTES_MS));
  await page.evaluate(() => sessionStorage.clear());
  await page.reload();
  await page.waitForURL((url) => url.pathname === characterPath);

  await page.getByRole('button', { name: 'Sanction…' }).click();
  const dialog = page.getByRole('dialog', { name: /^Sanction / });
  await expect(dialog.getByText(/^Suggested from history|^No earlier sanctions/)).toBeVisible();
  for (const [group, choice] of [
    ['Kind', 'Account ban'],
    ['Duration', 'Permanent'],
  ] as const) {
    await dialog.getByRole('radiogroup', { name: group }).getByText(choice, { exact: true }).click();
    await expect(dialog.getByRole('radio', { name: choice })).toBeChecked();
  }
  await dialog.getByRole('combobox', { name: 'Reason' }).fill('Chargeback fraud');
  await page.keyboard.press('Escape');
  await dialog.getByRole('textbox', { name: /Player message/ }).fill('Your account is closed for payment fraud.');
  await dialog.getByRole('button', { name: 'Issue sanction' }).click();

  // Refused for the old sign-in: the provider asks for the password again, though its session is alive.
  await page.waitForURL(/\/realms\/default\/login-actions\//);
  const released = await holdRequests(page, 'sro.moderation.SanctionService/IssueSanction');
  await signInAtProvider(page, 'admin');
  await page.waitForURL((url) => url.pathname === characterPath);

  // Back on the character page: the dialog as it was, the ban on its way (held here to look at it).
  await expect(dialog.getByRole('status')).toHaveText('You signed in again. Issuing the sanction as you filled it in.');
  await expect(dialog.getByRole('radio', { name: 'Account ban' })).toBeChecked();
  await expect(dialog.getByRole('radio', { name: 'Permanent' })).toBeChecked();
  await expect(dialog.getByRole('combobox', { name: 'Reason' })).toHaveValue('Chargeback fraud');
  await expect(dialog.getByRole('textbox', { name: /Player message/ })).toHaveValue('Your account is closed for payment fraud.');
  await keepScreenshot(page, testInfo, 'step-up-restored-1440');
  await page.setViewportSize({ width: 375, height: 812 });
  await keepScreenshot(page, testInfo, 'step-up-restored-375');
  released();

  // A permanent account ban waits for another admin (docs/moderation.md "Approvals"): sent, not issued.
  await expect(toast(page, /: permanent account ban sent for approval\. /)).toBeVisible();
  await expect(dialog).toHaveCount(0);
  await page.goto(`${server.publicUrl}/admin/approvals`);
  const request = page.getByTestId('approval').filter({ hasText: 'Chargeback fraud' });
  await expect(request).toContainText('Waiting for another staff member.');

  // The audit log records the step-up.
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto(`${server.publicUrl}/admin/audit?action=console.step-up`);
  await expect(page.getByRole('table').getByText('console.step-up').first()).toBeVisible();
});
