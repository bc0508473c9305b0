import type { Page } from '@playwright/test';
import { expectAxeClean } from './axe';
import { signInAtProvider } from './provider';

// Demo data of local mode (apps/server/src/demo/demo-data.ts): fixed ids the admin specs can name.
const demoId = (group: number, n: number) => `5e1d0000-0000-4000-8000-${String(group).padStart(4, '0')}${String(n).padStart(8, '0')}`;
export const DEMO = {
  dimensions: { prime: demoId(2, 1), shadow: demoId(2, 2) },
  maps: { downtown: demoId(1, 1) },
  channels: { general: demoId(3, 1), primeRunners: demoId(3, 4) },
  characters: { pia: demoId(4, 1) },
  /** An owner id with no account at the identity provider: shown as 'Unknown ({ownerId})'. */
  ownerWithoutAccount: demoId(9, 1),
};

/** Opens `path` and signs in at the embedded provider (demo accounts: password = username). */
export async function signInTo(page: Page, path = '/admin', username = 'admin'): Promise<void> {
  await page.goto(path);
  await signInAtProvider(page, username);
  await page.waitForURL((url) => url.pathname === path);
}

/** Navigates inside the SPA (no reload, so the session and query cache stay). */
export async function go(page: Page, path: string): Promise<void> {
  await page.evaluate((to) => {
    window.history.pushState({}, '', to);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, path);
  await page.waitForURL((url) => url.pathname === path);
}

export const toast = (page: Page, text: string | RegExp) => page.getByTestId('notification').filter({ hasText: text });

/** The table's body rows (skeleton rows excluded). */
export const tableRows = (page: Page, name: string) => page.getByRole('table', { name }).locator('tbody tr:not([data-testid="skeleton-row"])');

/** axe on the page as it is now, with the rules every screen is held to (support/axe.ts). */
export const expectNoAxeViolations = (page: Page, options?: { soft?: boolean }) => expectAxeClean(page, options);

const grpcFrame = (flag: number, payload: Buffer) => {
  const head = Buffer.alloc(5);
  head.writeUInt8(flag, 0);
  head.writeUInt32BE(payload.length, 1);
  return Buffer.concat([head, payload]);
};

/**
 * Answers one gRPC-web method with an empty message (every field at its default), e.g. an
 * empty map list, to show the empty states without deleting the shared demo data.
 */
export async function answerEmpty(page: Page, method: string): Promise<void> {
  await page.route(`**/${method}`, (route) =>
    route.fulfill({
      status: 200,
      headers: { 'content-type': 'application/grpc-web+proto' },
      body: Buffer.concat([grpcFrame(0x00, Buffer.alloc(0)), grpcFrame(0x80, Buffer.from('grpc-status: 0\r\n'))]),
    }),
  );
}

/** Fails one gRPC-web method with a status code (3 = INVALID_ARGUMENT, 5 = NOT_FOUND, …) and message. */
export async function answerError(page: Page, method: string, code: number, message: string): Promise<void> {
  const trailer = Buffer.from(`grpc-status: ${code}\r\ngrpc-message: ${encodeURIComponent(message)}\r\n`);
  await page.route(`**/${method}`, (route) =>
    route.fulfill({ status: 200, headers: { 'content-type': 'application/grpc-web+proto' }, body: grpcFrame(0x80, trailer) }),
  );
}

/** Holds one method's requests until the returned release() is called (to see 'Saving...'). */
export async function holdRequests(page: Page, method: string): Promise<() => void> {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(`**/${method}`, async (route) => {
    await released;
    await route.continue();
  });
  return release;
}

/** The persistent, top-center failure toast (docs/product.md#texts-and-errors). */
export const failureToast = (page: Page, text: string | RegExp) =>
  page.locator('[data-position="top-center"]').getByTestId('notification').filter({ hasText: text });

/** A name unique to this run, within the 3..64 letters/digits/dashes rule. */
export const uniqueName = (prefix: string) => `${prefix}-${Date.now().toString(36)}`;
