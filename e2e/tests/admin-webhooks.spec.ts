import { createHmac } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, test, type Page } from '@playwright/test';
import { expectNoAxeViolations, signInTo, tableRows, toast } from '../support/admin';
import { keepScreenshot } from '../support/screens';

// An admin registers an endpoint that points at a receiver this spec runs, sends a test, sees it delivered in the
// log, and deletes the endpoint, by keyboard only; the screens pass axe at 1440 and 375 px.

interface Received {
  headers: IncomingHttpHeaders;
  body: string;
}

let receiver: Server;
let receiverUrl = '';
const received: Received[] = [];

test.beforeAll(async () => {
  receiver = createServer((req, res) => {
    let body = '';
    req.setEncoding('utf8');
    req.on('data', (chunk: string) => (body += chunk));
    req.on('end', () => {
      received.push({ headers: req.headers, body });
      res.writeHead(204).end();
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hooks/sro?token=e2e-receiver-token`;
});

test.afterAll(async () => {
  await new Promise((resolve) => receiver.close(resolve));
});

/** Standard Webhooks: v1 is base64 HMAC-SHA256 of "id.timestamp.body" under the secret's base64 bytes. */
function signatureOf(secret: string, r: Received): string {
  const key = Buffer.from(secret.replace(/^whsec_/, ''), 'base64');
  return createHmac('sha256', key)
    .update(`${String(r.headers['webhook-id'])}.${String(r.headers['webhook-timestamp'])}.${r.body}`)
    .digest('base64');
}

/** Tabs (or Shift+Tabs) until the control has focus, then presses `key`: the keyboard's way to a control. */
async function pressOn(page: Page, locator: ReturnType<Page['getByRole']>, key = 'Enter', tab = 'Tab') {
  for (let i = 0; i < 80 && !(await locator.evaluate((el) => el === document.activeElement)); i++) await page.keyboard.press(tab);
  await expect(locator).toBeFocused();
  await page.keyboard.press(key);
}

test('an admin registers a webhook, sends a test, sees it delivered and deletes it, by keyboard', async ({ page }, testInfo) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1440, height: 900 });
  await signInTo(page, '/admin/webhooks', 'admin');
  await expect(page.getByRole('heading', { name: 'Webhooks', level: 1 })).toBeVisible();
  await pressOn(page, page.getByRole('link', { name: 'Register endpoint' }));

  await expect(page.getByRole('heading', { name: 'Register webhook', level: 1 })).toBeVisible();
  const form = page.getByRole('form', { name: 'Register webhook' });
  await pressOn(page, form.getByRole('textbox', { name: 'URL' }), 'End');
  await page.keyboard.type('ftp://nowhere.example.test');
  await page.keyboard.press('Tab');
  await expect(form.getByText('URL must be an absolute http or https URL')).toBeVisible();
  await expectNoAxeViolations(page);
  await page.keyboard.press('Shift+Tab');
  await page.keyboard.press('ControlOrMeta+A');
  await page.keyboard.type(receiverUrl);
  await pressOn(page, form.getByRole('checkbox', { name: /Account banned/ }), 'Space');
  await pressOn(page, form.getByRole('checkbox', { name: /Report filed/ }), 'Space');
  await keepScreenshot(page, testInfo, 'webhook-register-1440');
  await page.setViewportSize({ width: 375, height: 812 });
  await expectNoAxeViolations(page);
  await keepScreenshot(page, testInfo, 'webhook-register-375');
  await page.setViewportSize({ width: 1440, height: 900 });
  await pressOn(page, form.getByRole('button', { name: 'Register' }));

  const secret = page.getByTestId('webhook-secret');
  await expect(secret).toHaveText(/^whsec_/);
  const secretText = (await secret.textContent())!;
  await expectNoAxeViolations(page);
  await keepScreenshot(page, testInfo, 'webhook-secret-1440');
  await pressOn(page, page.getByRole('link', { name: 'I have stored it: open the endpoint' }));

  await expect(page.getByRole('heading', { name: /^http:\/\/127\.0\.0\.1:\d+\/…$/, level: 1 })).toBeVisible();
  await expect(page.getByText('No deliveries yet: send a test, or wait for an event.')).toBeVisible();
  // The signing secret is gone for good once the page it was shown on is left; the token in the URL never shows.
  await expect(page.getByText(secretText)).toHaveCount(0);
  await expect(page.getByText(/e2e-receiver-token/)).toHaveCount(0);
  await pressOn(page, page.getByRole('button', { name: 'Send test' }));
  await expect(page.getByRole('status').filter({ hasText: 'Test delivered: the receiver answered HTTP 204.' })).toBeVisible();
  const rows = tableRows(page, 'Delivery log');
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText('Test');
  await expect(rows.first()).toContainText('Delivered');
  await expect(rows.first()).toContainText('HTTP 204');

  // The receiver got one signed test event, verifiable with the secret shown at registration.
  expect(received).toHaveLength(1);
  expect(JSON.parse(received[0]!.body)).toMatchObject({ type: 'webhook.test' });
  expect(String(received[0]!.headers['webhook-signature'])).toBe(`v1,${signatureOf(secretText, received[0]!)}`);
  await expectNoAxeViolations(page);
  await keepScreenshot(page, testInfo, 'webhook-detail-1440');

  await page.setViewportSize({ width: 375, height: 812 });
  await expectNoAxeViolations(page);
  await keepScreenshot(page, testInfo, 'webhook-detail-375');
  await page.setViewportSize({ width: 1440, height: 900 });
  await pressOn(page, page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Webhooks' }), 'Enter', 'Shift+Tab');
  await expect(page.getByRole('heading', { name: 'Webhooks', level: 1 })).toBeVisible();
  const list = tableRows(page, 'Webhooks');
  await expect(list).toHaveCount(1);
  await expect(list.first()).toContainText('Delivered');
  await expectNoAxeViolations(page);
  await keepScreenshot(page, testInfo, 'webhooks-list-1440');
  await page.setViewportSize({ width: 375, height: 812 });
  await expectNoAxeViolations(page);
  await keepScreenshot(page, testInfo, 'webhooks-list-375');
  await page.setViewportSize({ width: 1440, height: 900 });

  await pressOn(page, list.first().getByRole('link', { name: /^View / }));
  await pressOn(page, page.getByRole('button', { name: 'Delete' }));
  const dialog = page.getByRole('alertdialog');
  await expect(dialog).toContainText('Delete the endpoint http://127.0.0.1:');
  await expect(dialog.getByRole('button', { name: 'Cancel' })).toBeFocused();
  await expectNoAxeViolations(page);
  await page.keyboard.press('Tab');
  await expect(dialog.getByRole('button', { name: 'Delete' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(toast(page, 'Webhook deleted')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Register the first endpoint' })).toBeVisible();
});
