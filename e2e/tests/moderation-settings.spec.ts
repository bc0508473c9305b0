import { expect, test } from '@playwright/test';
import { answerError, DEMO, expectNoAxeViolations, failureToast, go, signInTo, toast } from '../support/admin';
import { restFromPage } from '../support/chat';
import { keepScreenshot } from '../support/screens';

// Admins edit the reason templates and the escalation ladder in the console; the sanction dialog offers
// what they saved. The settings are the server's, shared by every test: each test puts back what it found.

test('an admin adds a reason template and changes a ladder step; the sanction dialog offers them', async ({ page }, testInfo) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1440, height: 900 });
  await signInTo(page, '/admin/sanctions', 'admin');
  const before = await restFromPage(page, 'GET', '/v1/moderation/settings');
  expect(before.status).toBe(200);
  try {
    await page.getByRole('link', { name: 'Reasons and ladder' }).click();
    await expect(page.getByRole('heading', { name: 'Moderation settings', level: 1 })).toBeVisible();
    const form = page.getByRole('form', { name: 'Moderation settings' });
    const templates = form.getByRole('group', { name: 'Reason templates' });
    // Counted once the saved settings are in the form (the demo has templates), not while they load.
    await expect(templates.getByRole('textbox').first()).toBeVisible();
    const count = await templates.getByRole('textbox').count();
    expect(count).toBeGreaterThan(0);

    // A repeated template is refused before anything is sent, naming the rule.
    await templates.getByRole('button', { name: 'Add template' }).click();
    const added = templates.getByRole('textbox', { name: `Template ${count + 1}` });
    await added.fill('Spam');
    await added.blur();
    await expect(templates.getByText('Template repeats an earlier one')).toBeVisible();
    await expect(form.getByRole('button', { name: 'Save' })).toBeDisabled();
    await added.fill('Scam link');

    // Step 1 becomes a 2-day mute.
    const step1 = form.getByRole('group', { name: 'Step 1' });
    await step1.getByRole('spinbutton', { name: 'Duration' }).fill('2');
    await step1.getByRole('button', { name: /Unit/ }).click();
    await page.getByRole('option', { name: 'days' }).click();
    await expect(step1.getByRole('button', { name: /Unit/ })).toContainText('days');
    await keepScreenshot(page, testInfo, 'moderation-settings-edited-1440');
    await form.getByRole('button', { name: 'Save' }).click();
    await expect(toast(page, 'Moderation settings saved')).toBeVisible();

    // The server kept it: a reload shows the saved values.
    await page.reload();
    await expect(templates.getByRole('textbox', { name: `Template ${count + 1}` })).toHaveValue('Scam link');
    await expect(form.getByRole('group', { name: 'Step 1' }).getByRole('spinbutton', { name: 'Duration' })).toHaveValue('2');
    await expect(form.getByRole('group', { name: 'Step 1' }).getByRole('button', { name: /Unit/ })).toContainText('days');
    await expect(form.getByRole('button', { name: 'Save' })).toBeDisabled();

    // The sanction dialog offers the new template.
    await go(page, `/admin/characters/${DEMO.characters.pia}`);
    await page.getByRole('button', { name: 'Sanction…' }).click();
    const dialog = page.getByRole('dialog', { name: /^Sanction / });
    await dialog.getByRole('combobox', { name: 'Reason' }).click();
    await expect(page.getByRole('option', { name: 'Scam link' })).toBeVisible();
    await page.keyboard.press('Escape');
  } finally {
    expect((await restFromPage(page, 'PUT', '/v1/moderation/settings', before.json)).status).toBe(200);
  }
});

test('a server refusal on save is shown and the form keeps the edits', async ({ page }) => {
  await signInTo(page, '/admin/sanctions/settings', 'admin');
  const form = page.getByRole('form', { name: 'Moderation settings' });
  await form.getByRole('group', { name: 'Step 1' }).getByRole('spinbutton', { name: 'Duration' }).fill('3');
  await answerError(page, 'sro.moderation.SanctionService/SetModerationSettings', 7, 'only admins change moderation settings');
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(failureToast(page, 'only admins change moderation settings')).toBeVisible();
  await expect(form.getByRole('group', { name: 'Step 1' }).getByRole('spinbutton', { name: 'Duration' })).toHaveValue('3');
});

for (const width of [1440, 375]) {
  test(`the moderation settings page fits ${width} px and passes axe`, async ({ page }, testInfo) => {
    await page.setViewportSize({ width, height: width < 500 ? 812 : 900 });
    await signInTo(page, '/admin/sanctions/settings', 'admin');
    await expect(page.getByRole('group', { name: 'Step 1' })).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    await keepScreenshot(page, testInfo, `moderation-settings-${width}`);
    await expectNoAxeViolations(page);
  });
}
