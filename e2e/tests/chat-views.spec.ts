import { expect, test, type BrowserContext, type Page } from '@playwright/test';
import { CHAT_DEMO, chatLines, chatLog, connectAs, createChannel, deleteChannel, expectNoAxeViolations, sendAs, signInAs } from '../support/chat';
import { keepScreenshot, WIDTHS } from '../support/screens';

// One busy channel of its own: scrolling, accessibility (axe, WCAG 2.1 A/AA) and screenshots of the connect
// and history pages at both widths.

test.describe.configure({ mode: 'serial' });

let context: BrowserContext;
let admin: Page;
let channelId: string;
const FILLED = 36;
const scrollButton = () => admin.getByRole('button', { name: 'SCROLL TO BOTTOM' });
const lastLine = () => chatLines(admin).last();

test.beforeAll(async ({ browser }) => {
  test.setTimeout(90_000);
  context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  admin = await context.newPage();
  await signInAs(admin, '/admin/chats', 'admin');
  channelId = await createChannel(admin, `E2E Views ${Date.now() % 1_000_000}`);
  // Four senders take turns: each stays within its own send rate limit (a burst of 10).
  for (let n = 0; n < FILLED; n++) {
    const sender = CHAT_DEMO.fillers[n % CHAT_DEMO.fillers.length]!;
    expect((await sendAs(admin, channelId, sender, `Filler line ${n + 1}: status report from the grid`)).status).toBe(200);
  }
});

test.afterAll(async () => {
  await deleteChannel(admin, channelId);
  await context.close();
});

test("auto-scroll follows new messages; reading back pauses it behind 'SCROLL TO BOTTOM'", async ({}, testInfo) => {
  await admin.goto(`/admin/chats/${channelId}/connect`);
  await connectAs(admin, CHAT_DEMO.ada.name);
  await expect(chatLines(admin)).toHaveCount(FILLED);
  await expect(lastLine()).toBeInViewport();
  await expect(scrollButton()).toHaveCount(0);

  // Reading back: the button appears, and a new message does not pull the reader down.
  await chatLog(admin).hover();
  await admin.mouse.wheel(0, -1500);
  await expect(scrollButton()).toBeVisible();
  await sendAs(admin, channelId, CHAT_DEMO.root.id, 'news while reading back');
  await expect(chatLines(admin)).toHaveCount(FILLED + 1);
  await expect(lastLine()).not.toBeInViewport();
  await expect(scrollButton()).toBeVisible();
  await keepScreenshot(admin, testInfo, 'chat-scroll-to-bottom-1280');

  await scrollButton().click();
  await expect(lastLine()).toBeInViewport();
  await expect(scrollButton()).toHaveCount(0);

  // Within 75 px of the bottom the list keeps following; further up it pauses.
  // Resolves once the list has had the scroll event and two frames have rendered what it decided.
  const scrollToDistance = (px: number) =>
    chatLog(admin).evaluate(
      (box, distance) =>
        new Promise<void>((resolve) => {
          box.addEventListener('scroll', () => requestAnimationFrame(() => requestAnimationFrame(() => resolve())), { once: true });
          box.scrollTop = box.scrollHeight - box.clientHeight - distance;
        }),
      px,
    );
  await scrollToDistance(70);
  await expect(scrollButton()).toHaveCount(0);
  await scrollToDistance(200);
  await expect(scrollButton()).toBeVisible();
  await scrollToDistance(60);
  await expect(scrollButton()).toHaveCount(0);
  await sendAs(admin, channelId, CHAT_DEMO.root.id, 'followed again');
  await expect(lastLine()).toContainText('followed again');
  await expect(lastLine()).toBeInViewport();
});

test('leaving the connect view ends its chat stream on the server', async ({ request }) => {
  const openStreams = async () => {
    const metrics = await (await request.get('/metrics', { headers: { authorization: 'Bearer e2e-metrics-token-0123456789' } })).text();
    return Number(/sro_open_streams\{rpc="sro\.chat\.ChatService\/ConnectChatChannel"\} (\d+)/.exec(metrics)?.[1] ?? 0);
  };
  await admin.goto(`/admin/chats/${channelId}/connect`);
  await connectAs(admin, CHAT_DEMO.root.name);
  await expect(admin.getByTestId('chat-connection-status')).toHaveText('Connected');
  const whileConnected = await openStreams();
  expect(whileConnected).toBeGreaterThanOrEqual(1);
  await admin.getByRole('link', { name: 'History' }).click();
  await expect(admin.getByRole('table', { name: 'Chat history' })).toBeVisible();
  await expect.poll(openStreams).toBe(whileConnected - 1);
});

for (const width of WIDTHS) {
  test(`connect and history pages at ${width}px: no axe violations, screenshots`, async ({}, testInfo) => {
    // Four axe scans (now with best-practice rules) and four full-page screenshots: a limit that only catches hangs.
    test.setTimeout(120_000);
    await admin.setViewportSize({ width, height: width < 640 ? 800 : 900 });
    await admin.goto(`/admin/chats/${channelId}/connect`);
    await expect(admin.getByText('Select character to connect')).toBeVisible();
    await expectNoAxeViolations(admin);
    await keepScreenshot(admin, testInfo, `chat-connect-no-character-${width}`);
    await connectAs(admin, CHAT_DEMO.ada.name);
    await expect(chatLines(admin).first()).toBeVisible();
    await expect(admin.getByTestId('chat-connection-status')).toHaveText('Connected');
    await expectNoAxeViolations(admin);
    await keepScreenshot(admin, testInfo, `chat-connect-${width}`);

    await chatLog(admin).hover();
    await admin.mouse.wheel(0, -400);
    // The last line with a menu: the caller's own characters' lines have none. Opened by keyboard, which also
    // proves that path.
    const actions = chatLog(admin).getByRole('button', { name: /^Message actions for / });
    await actions.last().focus();
    await admin.keyboard.press('Enter');
    await expect(admin.getByRole('menu')).toBeVisible();
    await expectNoAxeViolations(admin);
    await keepScreenshot(admin, testInfo, `chat-connect-menu-${width}`);
    await admin.keyboard.press('Escape');

    await admin.getByRole('link', { name: 'History' }).click();
    await expect(admin.getByRole('table', { name: 'Chat history' })).toBeVisible();
    await expect(admin.getByText(/messages match, newest first/)).toBeVisible();
    await expectNoAxeViolations(admin);
    await keepScreenshot(admin, testInfo, `chat-history-${width}`);
  });
}
