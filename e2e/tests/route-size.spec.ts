import { expect, test, type BrowserContext } from '@playwright/test';
import {
  FIRST_ADMIN_ROUTES,
  FURTHER_ADMIN_ROUTES,
  FURTHER_FROM,
  measureFreshTab,
  measureNavigation,
  PLAYER_ROUTES,
  ROUTE_BUDGETS_KB,
  signedInContext,
  totalKb,
  type RouteScript,
} from '../support/route-size';

// JavaScript budgets per route (gzip, counted in Chromium like the landing route's, e2e/support/route-size.ts):
// the console's first screen from a fresh tab, every further screen navigated to inside it, the player's pages.
// The visitor's `/` is held by landing-size.spec.ts.
//
// Not met yet (docs/performance.md, "Web: JavaScript per route"): a first admin screen and a player's page carry the
// entry, the sign-in code and the protobuf/Connect runtime, already above those budgets before any screen, and some
// further screens (the forms with zod and react-hook-form, the chat views, the audit log) add more than 40 kB. Those
// routes are held to today's ceiling instead (the size measured on 2026-11-29 plus about 10 %), so they cannot grow
// while the budget is worked towards; the day one fits its budget, its entry here goes.
const CEILING_TODAY_KB = { firstAdmin: 245, player: 270 };
const FURTHER_CEILING_TODAY_KB: Record<string, number> = {
  '/dimensions/:id/edit': 125,
  '/maps/new': 55,
  '/characters/:id': 160,
  '/characters/:id/edit': 130,
  '/chats/:id': 60,
  '/chats/:id/connect': 100,
  '/chats/:id/history': 95,
  '/messages': 95,
  '/sanctions': 85,
  '/sanctions/settings': 130,
  '/audit': 95,
};
const pattern = (path: string) => path.replace(/^\/admin/, '').replace(/[0-9a-f]{8}-[0-9a-f-]{27}/, ':id');

const note = (label: string, scripts: RouteScript[]) =>
  test.info().annotations.push({ type: label, description: `${totalKb(scripts).toFixed(1)} kB gzip in ${scripts.length} scripts` });

test.describe('admin console', () => {
  let context: BrowserContext;
  test.beforeAll(async ({ browser, baseURL }) => {
    context = await signedInContext(browser, baseURL!, 'admin');
  });
  test.afterAll(async () => context.close());

  for (const path of FIRST_ADMIN_ROUTES) {
    const limit = CEILING_TODAY_KB.firstAdmin;
    test(`${path} from a fresh tab downloads at most ${limit} kB (budget ${ROUTE_BUDGETS_KB.firstAdmin})`, async ({ baseURL }) => {
      const scripts = await measureFreshTab(context, baseURL!, path);
      note(path, scripts);
      expect(totalKb(scripts)).toBeLessThanOrEqual(limit);
    });
  }

  for (const path of FURTHER_ADMIN_ROUTES) {
    const from = path === FURTHER_FROM ? '/admin' : FURTHER_FROM;
    const limit = FURTHER_CEILING_TODAY_KB[pattern(path)] ?? ROUTE_BUDGETS_KB.furtherAdmin;
    test(`navigating from ${from} to ${path} adds at most ${limit} kB`, async ({ baseURL }) => {
      const scripts = await measureNavigation(context, baseURL!, from, path);
      note(`${from} → ${path}`, scripts);
      expect(totalKb(scripts)).toBeLessThanOrEqual(limit);
    });
  }
});

test.describe("player's pages", () => {
  let context: BrowserContext;
  test.beforeAll(async ({ browser, baseURL }) => {
    context = await signedInContext(browser, baseURL!, 'player');
  });
  test.afterAll(async () => context.close());

  for (const path of PLAYER_ROUTES) {
    const limit = CEILING_TODAY_KB.player;
    test(`${path} from a fresh tab downloads at most ${limit} kB (budget ${ROUTE_BUDGETS_KB.player})`, async ({ baseURL }) => {
      const scripts = await measureFreshTab(context, baseURL!, path);
      note(path, scripts);
      expect(totalKb(scripts)).toBeLessThanOrEqual(limit);
    });
  }
});
