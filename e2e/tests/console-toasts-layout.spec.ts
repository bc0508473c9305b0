import { expect, test, type Page } from '@playwright/test';
import { answerError, DEMO, failureToast, signInTo } from '../support/admin';
import { expectNotCovering } from '../support/geometry';
import { keepScreenshot } from '../support/screens';

// Toasts keep the documented positions (top-right, errors top-center) and 20 px offset, counted
// from below the header and the page's title row, so they cover neither the avatar, the search box nor page
// actions; the character edit page is one column with distinct buttons and visible checkboxes; the dashboard has
// one search box.

const VIEWPORTS = [
  { width: 1440, height: 900 },
  { width: 375, height: 812 },
];
const CHARACTERS = 'sro.character.CharacterService';
const toasts = (page: Page) => page.getByTestId('notification');
const headerControls = (page: Page) => [
  page.getByRole('banner').getByRole('button'),
  page.getByRole('banner').getByRole('searchbox'),
  page.locator('#admin-main h1'),
];

for (const viewport of VIEWPORTS) {
  test.describe(`at ${viewport.width} px`, () => {
    test.use({ viewport });

    test('three chat toasts leave the header, the title and its actions uncovered', async ({ page }, testInfo) => {
      await signInTo(page, `/admin/chats/${DEMO.channels.general}/connect`);
      await expect(page.locator('#admin-main h1')).toHaveText('General');
      const message = page.getByRole('textbox', { name: 'Message' });
      for (let n = 0; n < 3; n++) {
        await message.fill(`hello ${n}`);
        await message.press('Enter');
      }
      await expect(toasts(page)).toHaveCount(3);
      // Offset 20 from the right edge, top-right stack.
      const stack = page.locator('[data-position="top-right"]');
      const box = (await toasts(page).first().boundingBox())!;
      expect(Math.round(viewport.width - (box.x + box.width))).toBe(20);
      await expectNotCovering(stack.getByTestId('notification'), [...headerControls(page), page.getByRole('link', { name: 'History' })]);
      await keepScreenshot(page, testInfo, `toasts-chat-${viewport.width}`);
    });

    test('a top-center failure toast leaves the search box and the form title uncovered', async ({ page }, testInfo) => {
      await signInTo(page, `/admin/characters/${DEMO.characters.pia}/edit`);
      await answerError(page, `${CHARACTERS}/EditCharacter`, 3, 'nope');
      await page.getByRole('button', { name: /^Realm/ }).click();
      const other = page.getByRole('option', { name: /Human|Cyborg/ }).and(page.locator('[aria-selected="false"]'));
      await other.first().click();
      await page.getByRole('button', { name: 'Save', exact: true }).click();
      await expect(failureToast(page, 'nope')).toBeVisible();
      await expectNotCovering(failureToast(page, 'nope'), headerControls(page));
      await keepScreenshot(page, testInfo, `toasts-failure-${viewport.width}`);
    });

    test('the dashboard shows one search box, and a refresh toast leaves the avatar uncovered', async ({ page }) => {
      await signInTo(page, '/admin');
      await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
      await expect(page.getByRole('searchbox')).toHaveCount(1);
      await page.getByRole('button', { name: 'Refresh overview' }).click();
      await expect(toasts(page).first()).toBeVisible();
      await expectNotCovering(toasts(page), headerControls(page));
    });
  });
}

test.describe('character edit at 1440 px', () => {
  test.use({ viewport: { width: 1440, height: 900 } });

  test('form and channels share one width, buttons are distinct, unchecked boxes are visible', async ({ page }, testInfo) => {
    await signInTo(page, `/admin/characters/${DEMO.characters.pia}/edit`);
    const form = page.getByRole('form', { name: 'Edit character' });
    const channels = page.getByRole('region', { name: 'Authorized Chat Channels' });
    await expect(channels.getByRole('checkbox').first()).toBeVisible();
    const [f, c] = [(await form.boundingBox())!, (await channels.boundingBox())!];
    expect(Math.abs(f.width - c.width)).toBeLessThanOrEqual(2);
    expect(f.width).toBeLessThanOrEqual(800);

    const names = await page
      .locator('#admin-main')
      .getByRole('button')
      .evaluateAll((buttons) => buttons.map((b) => (b.getAttribute('aria-label') ?? b.textContent ?? '').trim()).filter((n) => /save/i.test(n)));
    expect(names.length).toBeGreaterThanOrEqual(2);
    expect(new Set(names).size).toBe(names.length);

    // An unchecked box's border against the panel behind it: at least 3:1 (WCAG 1.4.11, non-text contrast).
    const unchecked = channels.getByRole('checkbox', { checked: false }).first();
    const contrast = await unchecked.evaluate((box) => {
      // Computed colours may be oklch()/lab(): a canvas turns any CSS colour into sRGB bytes.
      const rgb = (c: string) => {
        const ctx = document.createElement('canvas').getContext('2d')!;
        ctx.fillStyle = c;
        ctx.fillRect(0, 0, 1, 1);
        return [...ctx.getImageData(0, 0, 1, 1).data].slice(0, 3);
      };
      const luminance = ([r, g, b]: number[]) => {
        const lin = (v: number) => ((v /= 255) <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4);
        return 0.2126 * lin(r!) + 0.7152 * lin(g!) + 0.0722 * lin(b!);
      };
      const style = getComputedStyle(box);
      if (style.appearance !== 'none') return 0; // the browser's own box: its dark-scheme grey is ~1.3:1 here
      const border = luminance(rgb(style.borderTopColor));
      const page = luminance(rgb('rgb(13, 11, 26)')); // night-900, the darkest panel the tables sit on
      return (Math.max(border, page) + 0.05) / (Math.min(border, page) + 0.05);
    });
    expect(contrast).toBeGreaterThanOrEqual(3);
    await keepScreenshot(page, testInfo, 'character-edit-1440');
  });
});
