import { expect, type Page } from '@playwright/test';
import { expectAxeClean } from './axe';
import { signInAtProvider } from './provider';

// Helpers of the chat specs: demo ids, sign-in, the REST game API called with the signed-in user's own token,
// and a player's chat client that runs inside the player's browser page (players may not open the console).

const demoId = (group: number, n: number) => `5e1d0000-0000-4000-8000-${String(group).padStart(4, '0')}${String(n).padStart(8, '0')}`;
/** Demo data of local mode (apps/server/src/demo/demo-data.ts). */
export const CHAT_DEMO = {
  channels: { general: demoId(3, 1) },
  /** Pia Nightshade: the player's first character. */
  pia: { id: demoId(4, 1), name: 'Pia Nightshade' },
  /** Ada Overwatch and Root Access: the admin's characters. */
  ada: { id: demoId(4, 5), name: 'Ada Overwatch' },
  root: { id: demoId(4, 6), name: 'Root Access' },
  /** Another player's characters, for filling a channel quickly (each has its own send rate limit). */
  fillers: [demoId(4, 12), demoId(4, 13), demoId(4, 15), demoId(4, 16)],
};

/** Opens `url` (a guarded page or '/' with Login) and signs in at the embedded provider as a demo account. */
export async function signInAs(page: Page, url: string, username: string): Promise<void> {
  await page.goto(url);
  if (new URL(url, 'http://x').pathname === '/') await page.getByRole('button', { name: 'Login' }).click();
  await signInAtProvider(page, username);
  await page.waitForURL((u) => u.pathname === new URL(url, 'http://x').pathname);
  await expect.poll(() => pageToken(page)).not.toBe('');
}

/** The access token the SPA holds for the signed-in user (oidc-client-ts keeps it in sessionStorage). */
export async function pageToken(page: Page): Promise<string> {
  return page.evaluate(() => {
    const key = Object.keys(sessionStorage).find((k) => k.startsWith('sro.oidc.user:'));
    return (JSON.parse(sessionStorage.getItem(key ?? '') ?? '{}') as { access_token?: string }).access_token ?? '';
  });
}

export interface RestResult {
  status: number;
  json: any;
}

/** A REST call of the game API from inside `page`, with that page's user's token. */
export async function restFromPage(page: Page, method: string, path: string, body?: unknown): Promise<RestResult> {
  const token = await pageToken(page);
  return page.evaluate(
    async ({ method, path, body, token }) => {
      const response = await fetch(path, {
        method,
        headers: { authorization: `Bearer ${token}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      const text = await response.text();
      return { status: response.status, json: text ? JSON.parse(text) : null };
    },
    { method, path, body, token },
  );
}

/** A public, global channel just for one spec (bans and floods stay out of the shared demo channels). */
export async function createChannel(adminPage: Page, name: string): Promise<string> {
  const created = await restFromPage(adminPage, 'POST', '/v1/channels', { name, dimensionId: '', public: true });
  expect(created.status).toBe(200);
  return created.json.id as string;
}

export async function deleteChannel(adminPage: Page, id: string): Promise<void> {
  await restFromPage(adminPage, 'DELETE', `/v1/channels/id/${id}`);
}

export const sendAs = (page: Page, channelId: string, characterId: string, content: string) =>
  restFromPage(page, 'PUT', `/v1/message/channel/id/${channelId}`, { chatMessage: { senderCharacterId: characterId, content } });

/** Picks the character to connect as in the connect view's server-side search select. */
export async function connectAs(page: Page, name: string): Promise<void> {
  await page.getByRole('button', { name: /^Connect as/ }).click();
  await page.getByRole('combobox', { name: 'Filter Connect as' }).fill(name);
  await page.getByRole('option', { name }).click();
  await expect(page.getByRole('button', { name: /^Connect as/ })).toContainText(name);
}

export const chatLog = (page: Page) => page.getByRole('log', { name: 'Messages' });
export const chatLines = (page: Page) => chatLog(page).getByTestId('chat-line');
export const toast = (page: Page, text: string | RegExp) => page.getByTestId('notification').filter({ hasText: text });

/** axe with the rules every screen is held to (support/axe.ts). */
export const expectNoAxeViolations = (page: Page) => expectAxeClean(page);
