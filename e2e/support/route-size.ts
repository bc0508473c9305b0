import { gzipSync } from 'node:zlib';
import type { Browser, BrowserContext, Page, Request, Response } from '@playwright/test';

/**
 * JavaScript per route as a browser sees it, counted like the landing route's budget (apps/web/scripts/landing-js.mjs):
 * every script of the page's origin, gzip level 9, kB of 1,000 bytes, until no script has been requested for
 * SETTLE_MS. Shared by the route-size spec (the budgets, in `npm test`) and `npm run bench -- size` (the table).
 */
export const ROUTE_BUDGETS_KB = { visitor: 90, firstAdmin: 150, furtherAdmin: 40, player: 120 } as const;
export const SETTLE_MS = 2000;
/** The cumulative layout shift a route may make while it loads (docs/performance.md). */
export const LAYOUT_SHIFT_BUDGET = 0.02;

export const FIRST_ADMIN_ROUTES = ['/admin', '/admin/dimensions', '/admin/maps', '/admin/characters', '/admin/chats'];
export const PLAYER_ROUTES = ['/account/chat', '/account/sanctions', '/account/reports'];

const demoId = (group: number, n: number) => `5e1d0000-0000-4000-8000-${String(group).padStart(4, '0')}${String(n).padStart(8, '0')}`;
const dimension = demoId(2, 1);
const map = demoId(1, 1);
const channel = demoId(3, 1);
const character = demoId(4, 1);
const player = '6f1c2a10-0000-4000-8000-000000000003';

/** Every admin screen a user reaches inside the console (ids of local mode's demo data). */
export const FURTHER_ADMIN_ROUTES = [
  '/admin',
  '/admin/dimensions',
  `/admin/dimensions/${dimension}`,
  `/admin/dimensions/${dimension}/edit`,
  '/admin/maps',
  `/admin/maps/${map}`,
  '/admin/maps/new',
  '/admin/players',
  '/admin/characters',
  `/admin/characters/${character}`,
  `/admin/characters/${character}/edit`,
  '/admin/chats',
  `/admin/chats/${channel}`,
  `/admin/chats/${channel}/connect`,
  `/admin/chats/${channel}/history`,
  '/admin/messages',
  '/admin/sanctions',
  '/admin/sanctions/settings',
  '/admin/moderation',
  '/admin/reports',
  '/admin/appeals',
  '/admin/approvals',
  `/admin/accounts/${player}`,
  '/admin/audit',
  '/admin/settings',
  '/admin/webhooks',
  '/admin/webhooks/new',
  '/admin/roles',
  '/admin/roles/new',
];
/** Where the further routes are measured from: a plain list screen, so the figure holds all a screen adds. */
export const FURTHER_FROM = '/admin/dimensions';

export const kB = (bytes: number) => bytes / 1000;

export interface RouteScript {
  path: string;
  gzipBytes: number;
}
export const totalKb = (scripts: RouteScript[]) => kB(scripts.reduce((sum, s) => sum + s.gzipBytes, 0));

/** Records the scripts a page fetches from its origin; `take()` returns those since the last take, once settled. */
export function recordScripts(page: Page, origin: string) {
  let pending = 0;
  let lastActivity = Date.now();
  let bodies: Promise<RouteScript>[] = [];
  const seen = new Set<string>();
  const isScript = (request: Request) => new URL(request.url()).origin === origin && request.resourceType() === 'script';
  const onRequest = (request: Request) => {
    if (!isScript(request)) return;
    pending += 1;
    lastActivity = Date.now();
  };
  const onDone = (request: Request) => {
    if (!isScript(request)) return;
    pending -= 1;
    lastActivity = Date.now();
  };
  const onResponse = (response: Response) => {
    if (!isScript(response.request())) return;
    const url = response.url();
    const path = new URL(url).pathname;
    // A body the browser no longer holds (the tab navigated or closed first) is the same static file: fetch it.
    const body = response.body().catch(async () => Buffer.from(await (await fetch(url)).arrayBuffer()));
    bodies.push(body.then((bytes) => ({ path, gzipBytes: gzipSync(bytes, { level: 9 }).length })));
  };
  page.on('request', onRequest);
  page.on('requestfinished', onDone);
  page.on('requestfailed', onDone);
  page.on('response', onResponse);
  return {
    /** Waits until no script is loading and none was requested for `settleMs`, then returns the new ones. */
    async take(settleMs = SETTLE_MS): Promise<RouteScript[]> {
      // Code loaded after first paint or on idle counts: what the user's action costs, not what blocks it.
      while (pending > 0 || Date.now() - lastActivity < settleMs) await page.waitForTimeout(100);
      const scripts = await Promise.all(bodies);
      bodies = [];
      const fresh = new Map<string, RouteScript>();
      for (const s of scripts) if (!seen.has(s.path)) fresh.set(s.path, s);
      for (const path of fresh.keys()) seen.add(path);
      return [...fresh.values()].sort((a, b) => b.gzipBytes - a.gzipBytes);
    },
    stop() {
      // Responses after the last take are not counted; their bodies must not fail unobserved.
      for (const body of bodies) body.catch(() => {});
      page.off('request', onRequest);
      page.off('requestfinished', onDone);
      page.off('requestfailed', onDone);
      page.off('response', onResponse);
    },
  };
}

/** A context signed in at the embedded provider as `username`, with the HTTP cache off (every tab fetches anew). */
export async function signedInContext(browser: Browser, baseURL: string, username: string): Promise<BrowserContext> {
  const context = await browser.newContext({ viewport: { width: 1440, height: 1000 } });
  // A busy machine loads slowly; what is counted is bytes, never time.
  context.setDefaultTimeout(90_000);
  const page = await context.newPage();
  const target = username === 'admin' ? '/admin' : '/account/sanctions';
  await page.goto(`${baseURL}${target}`);
  await page.waitForURL(/\/realms\/default\//);
  await page.getByLabel('Username or email').fill(username);
  await page.getByLabel('Password').fill(username);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL((url) => url.pathname === target);
  await page.locator('h1').first().waitFor();
  await page.close();
  await context.addInitScript(recordLayoutShifts);
  // A routed request skips the browser cache: each tab downloads what it needs, as a fresh browser would.
  await context.route('**/*', (route) => route.continue());
  return context;
}

/** In the page: the layout shifts not caused by input add up in `window.__cls` (the CLS of a single-page visit). */
function recordLayoutShifts() {
  const w = window as unknown as { __cls: number };
  w.__cls = 0;
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean })[]) {
      if (!entry.hadRecentInput) w.__cls += entry.value;
    }
  }).observe({ type: 'layout-shift', buffered: true });
}

/** The layout shift the page has had since it loaded (or since the last `resetShift`). */
export const layoutShift = (page: Page) => page.evaluate(() => (window as unknown as { __cls: number }).__cls);
const resetShift = (page: Page) => page.evaluate(() => ((window as unknown as { __cls: number }).__cls = 0));

/** The page has drawn the route: its heading is shown and no loading status is left. */
export async function routeShown(page: Page): Promise<void> {
  await page.locator('h1').first().waitFor();
  await page
    .getByRole('status')
    .filter({ hasText: /^Loading|Checking your session/ })
    .first()
    .waitFor({ state: 'detached' });
}

/** A fresh tab of a signed-in browser opening `path`: the scripts it downloads. */
export async function measureFreshTab(context: BrowserContext, baseURL: string, path: string): Promise<RouteScript[] & { cls?: number }> {
  const page = await context.newPage();
  const recorder = recordScripts(page, new URL(baseURL).origin);
  try {
    await page.goto(`${baseURL}${path}`);
    await page.waitForURL((url) => url.pathname === path);
    await routeShown(page);
    const scripts: RouteScript[] & { cls?: number } = await recorder.take();
    scripts.cls = await layoutShift(page);
    return scripts;
  } finally {
    recorder.stop();
    await page.close();
  }
}

/** Navigates inside the SPA (no reload), as a link does. */
export async function navigateInApp(page: Page, path: string): Promise<void> {
  await page.evaluate((to) => {
    window.history.pushState({}, '', to);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, path);
  await page.waitForURL((url) => url.pathname === path);
}

/** A fresh tab opening `from`, then navigating inside the console to `to`: the scripts the navigation adds. */
export async function measureNavigation(context: BrowserContext, baseURL: string, from: string, to: string): Promise<RouteScript[] & { cls?: number }> {
  const page = await context.newPage();
  const recorder = recordScripts(page, new URL(baseURL).origin);
  try {
    await page.goto(`${baseURL}${from}`);
    await routeShown(page);
    await recorder.take();
    await resetShift(page);
    await navigateInApp(page, to);
    await routeShown(page);
    const scripts: RouteScript[] & { cls?: number } = await recorder.take();
    scripts.cls = await layoutShift(page);
    return scripts;
  } finally {
    recorder.stop();
    await page.close();
  }
}
