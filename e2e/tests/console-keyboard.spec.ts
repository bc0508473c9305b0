import { expect, test, type Locator, type Page } from '@playwright/test';
import { DEMO, signInTo } from '../support/admin';
import { CHAT_DEMO, chatLines, createChannel, deleteChannel, sendAs, signInAs } from '../support/chat';
import { keepScreenshot } from '../support/screens';

// With the keyboard only: the chat's 30 messages are one tab stop (the composer is a few Tabs
// away), arrows move between messages; the select opens on ArrowDown; the profile panel takes focus when it opens;
// no ban menu on the connected character's own messages.

const MESSAGES = 30;

/**
 * Keyboard focus is visible: React Aria marks the control focus-visible and the browser draws an outline (Tailwind v4's
 * `outline-none` once left the ring's style at none, so nothing showed).
 */
async function expectVisibleFocusRing(control: Locator): Promise<void> {
  await expect(control).toBeFocused();
  await expect(control).toHaveAttribute('data-focus-visible', 'true');
  const outline = await control.evaluate((el) => {
    const style = getComputedStyle(el);
    return { style: style.outlineStyle, width: parseFloat(style.outlineWidth) };
  });
  expect(outline.style).not.toBe('none');
  expect(outline.width).toBeGreaterThan(0);
}

/** Presses Tab until `done` holds, at most `max` times; returns the number of presses. */
async function tabUntil(page: Page, done: () => Promise<boolean>, max = 60): Promise<number> {
  for (let presses = 1; presses <= max; presses++) {
    await page.keyboard.press('Tab');
    if (await done()) return presses;
  }
  return Infinity;
}

test('30 chat messages are one tab stop; arrows move between them; own lines offer no ban', async ({ page }) => {
  test.setTimeout(90_000);
  await signInAs(page, '/admin/chats', 'admin');
  const channelId = await createChannel(page, `E2E Keys ${Date.now() % 1_000_000}`);
  try {
    expect((await sendAs(page, channelId, CHAT_DEMO.ada.id, 'my own words')).status).toBe(200);
    for (let n = 1; n < MESSAGES; n++) {
      const sender = CHAT_DEMO.fillers[n % CHAT_DEMO.fillers.length]!;
      expect((await sendAs(page, channelId, sender, `line ${n}`)).status).toBe(200);
    }
    await page.goto(`/admin/chats/${channelId}/connect`);
    await expect(page.getByText('Select character to connect')).toBeVisible();

    // The character select, by keyboard: ArrowDown opens it with focus in its filter.
    const select = page.getByRole('button', { name: /^Connect as/ });
    await select.focus();
    await page.keyboard.press('ArrowDown');
    const filter = page.getByRole('combobox', { name: 'Filter Connect as' });
    await expect(filter).toBeFocused();
    await page.keyboard.type('Ada Overwatch');
    await expect(page.getByRole('option', { name: CHAT_DEMO.ada.name })).toBeVisible();
    await expect(page.getByRole('listbox').getByRole('option')).toHaveCount(1);
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    await expect(select).toContainText(CHAT_DEMO.ada.name);
    await expect(chatLines(page)).toHaveCount(MESSAGES);

    // No ban menu on Ada's own line; every other sender's line has one.
    const own = chatLines(page).filter({ hasText: 'my own words' });
    await expect(own.getByRole('button')).toHaveCount(0);
    await expect(chatLines(page).getByRole('button', { name: /^Message actions for / })).toHaveCount(MESSAGES - 1);

    // From the select to the composer: the log, one message, its menu button, the composer.
    await select.focus();
    const composer = page.getByRole('textbox', { name: 'Message' });
    // The clear button, the log, the newest message, its menu button, the composer (was 33 with every menu a stop).
    const presses = await tabUntil(page, () => composer.evaluate((el) => el === document.activeElement));
    expect(presses).toBeLessThanOrEqual(5);
    await expect(composer).toBeFocused();

    // Back to the messages: the newest line is the tab stop; ArrowUp moves to the one before.
    await page.keyboard.press('Shift+Tab');
    await page.keyboard.press('Shift+Tab');
    await expect(chatLines(page).last()).toBeFocused();
    await page.keyboard.press('ArrowUp');
    await expect(chatLines(page).nth(MESSAGES - 2)).toBeFocused();
    await page.keyboard.press('Home');
    await expect(chatLines(page).first()).toBeFocused();
  } finally {
    await deleteChannel(page, channelId);
  }
});

test('a select opens on ArrowDown; Escape closes it and keeps the value', async ({ page }, testInfo) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await signInTo(page, `/admin/characters/${DEMO.characters.pia}/edit`);
  const realm = page.getByRole('button', { name: /^Realm/ });
  await expect(realm).toContainText(/Human|Cyborg/);
  const before = await realm.textContent();
  await realm.focus();
  await page.keyboard.press('ArrowDown');
  await expect(page.getByRole('combobox', { name: 'Filter Realm' })).toBeFocused();
  await expect(page.getByRole('listbox').getByRole('option')).toHaveCount(2);
  await keepScreenshot(page, testInfo, 'select-open-1440');
  await page.keyboard.press('Escape');
  await expect(page.getByRole('listbox')).toHaveCount(0);
  await expect(realm).toBeFocused();
  await expect(realm).toHaveText(before!);
});

test('the profile panel takes focus when opened from the keyboard, and gives it back on Escape', async ({ page }, testInfo) => {
  await signInTo(page, '/admin');
  const button = page.getByRole('button', { name: 'Open profile panel' });
  await button.focus();
  await page.keyboard.press('Enter');
  const panel = page.getByRole('dialog', { name: 'Profile' });
  await expect(panel).toBeVisible();
  await keepScreenshot(page, testInfo, 'profile-panel');
  await expect.poll(() => panel.evaluate((el) => el.contains(document.activeElement))).toBe(true);
  await page.keyboard.press('Tab');
  await expect.poll(() => panel.evaluate((el) => el.contains(document.activeElement))).toBe(true);
  await page.keyboard.press('Escape');
  await expect(panel).toHaveCount(0);
  await expect(button).toBeFocused();
});

test('the owner select and the user menu button show a focus ring when reached with Tab', async ({ page }) => {
  await signInTo(page, `/admin/characters/${DEMO.characters.pia}/edit`);
  const owner = page.getByRole('button', { name: /^Owner/ });
  await expect(owner).toBeEnabled({ timeout: 20_000 });
  // From the control before it, Tab: keyboard focus, as a keyboard user gets there.
  await owner.focus();
  await page.keyboard.press('Shift+Tab');
  await page.keyboard.press('Tab');
  await expectVisibleFocusRing(owner);

  await page.goto('/');
  const userMenu = page.getByRole('button', { name: /open user menu/ });
  await expect(userMenu).toBeVisible();
  const presses = await tabUntil(page, () => userMenu.evaluate((el) => el === document.activeElement));
  expect(presses).toBeLessThan(Infinity);
  await expectVisibleFocusRing(userMenu);
});
