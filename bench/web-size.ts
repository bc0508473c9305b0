import { chromium, type Browser } from "@playwright/test";
import { startServerProcess } from "../apps/server/src/test/server-process.js";
import { kB, LANDING_JS_BUDGET_KB, landingScripts, totalGzipBytes, type LandingScript } from "../apps/web/scripts/landing-js.mjs";
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
} from "../e2e/support/route-size.js";

/**
 * JavaScript of the landing route, measured in Chromium against the built server: every script the browser
 * fetches while loading `/` until the network is idle (and 2 s more), gzip level 9, kB of 1,000 bytes
 * (apps/web/scripts/landing-js.mjs, shared with `npm run size -w apps/web` and the e2e landing-size spec).
 * Two cases: a visitor without a session (budget ≤ 90 kB), and a user who signed in through the embedded provider
 * (demo account) and reloads `/` (reported: restoring the session needs the sign-in code).
 * Then every route's figure (e2e/support/route-size.ts, the budgets the route-size spec holds in `npm test`): the
 * console's first screens from a fresh tab, every further screen navigated to inside it, the player's pages.
 */
export async function run() {
  const server = await startServerProcess({ LOG_LEVEL: "warn" }, "dist");
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
    args: ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update", "--disable-sync", "--no-first-run"],
  });
  try {
    // The provider's redirect URIs are registered for PUBLIC_URL's origin.
    const home = `${server.publicUrl}/`;
    const visitor = await measureVisitor(browser, home);
    const signedIn = await measureSignedIn(browser, home);

    console.log(`\n## Landing route JavaScript in Chromium (gzip), budget ${LANDING_JS_BUDGET_KB} kB for a visitor\n`);
    const paths = [...new Set([...visitor, ...signedIn].map((s) => s.path))];
    const size = (list: LandingScript[], path: string) => {
      const hit = list.find((s) => s.path === path);
      return hit ? kB(hit.gzipBytes).toFixed(1) : "–";
    };
    console.log("| script | visitor without a session, kB | signed-in user reloading /, kB |\n|---|---|---|");
    for (const path of paths) console.log(`| ${path} | ${size(visitor, path)} | ${size(signedIn, path)} |`);
    const visitorKb = kB(totalGzipBytes(visitor));
    const signedInKb = kB(totalGzipBytes(signedIn));
    console.log(`| **total** | **${visitorKb.toFixed(1)}** | **${signedInKb.toFixed(1)}** |`);
    if (visitorKb > LANDING_JS_BUDGET_KB) {
      throw new Error(`a visitor downloads ${visitorKb.toFixed(1)} kB gzip of JavaScript on /, over ${LANDING_JS_BUDGET_KB} kB`);
    }
    const routes = await routeTable(browser, server.publicUrl);
    return { visitorKb, signedInKb, routes };
  } finally {
    await browser.close();
    await server.stop();
  }
}

async function measureVisitor(browser: Browser, home: string): Promise<LandingScript[]> {
  const context = await browser.newContext();
  try {
    const page = await context.newPage();
    const scripts = await landingScripts(page, home);
    if (!(await page.getByRole("button", { name: "Login" }).first().isVisible())) throw new Error("visitor: no Login button on /");
    return scripts;
  } finally {
    await context.close();
  }
}

async function measureSignedIn(browser: Browser, home: string): Promise<LandingScript[]> {
  const context = await browser.newContext();
  try {
    const page = await context.newPage();
    await page.goto(home);
    await page.getByRole("button", { name: "Login" }).first().click();
    await page.waitForURL(/\/realms\/default\//);
    await page.getByLabel("Username or email").fill("player");
    await page.getByLabel("Password").fill("player");
    await page.getByRole("button", { name: "Sign in" }).click();
    await page.getByRole("button", { name: /open user menu/ }).waitFor();
    // A fresh load of the same tab: the browser cache is off for the measurement, so every script is fetched again.
    await context.route("**/*", (route) => route.continue());
    const scripts = await landingScripts(page, home);
    if (!(await page.getByRole("button", { name: /open user menu/ }).isVisible())) throw new Error("signed in: no user menu after reload");
    return scripts;
  } finally {
    await context.close();
  }
}

interface RouteFigure {
  kind: string;
  route: string;
  kb: number;
  scripts: number;
  budget: number;
  cls: number;
}

export async function routeTable(browser: Browser, baseURL: string): Promise<RouteFigure[]> {
  const figures: RouteFigure[] = [];
  const admin = await signedInContext(browser, baseURL, "admin");
  try {
    for (const route of FIRST_ADMIN_ROUTES) {
      const scripts = await measureFreshTab(admin, baseURL, route);
      figures.push({
        kind: "first admin route, fresh tab",
        route,
        kb: totalKb(scripts),
        scripts: scripts.length,
        budget: ROUTE_BUDGETS_KB.firstAdmin,
        cls: scripts.cls ?? 0,
      });
    }
    for (const route of FURTHER_ADMIN_ROUTES) {
      const from = route === FURTHER_FROM ? "/admin" : FURTHER_FROM;
      const scripts = await measureNavigation(admin, baseURL, from, route);
      figures.push({
        kind: `further, from ${from}`,
        route,
        kb: totalKb(scripts),
        scripts: scripts.length,
        budget: ROUTE_BUDGETS_KB.furtherAdmin,
        cls: scripts.cls ?? 0,
      });
    }
  } finally {
    await admin.close();
  }
  const player = await signedInContext(browser, baseURL, "player");
  try {
    for (const route of PLAYER_ROUTES) {
      const scripts = await measureFreshTab(player, baseURL, route);
      figures.push({ kind: "player, fresh tab", route, kb: totalKb(scripts), scripts: scripts.length, budget: ROUTE_BUDGETS_KB.player, cls: scripts.cls ?? 0 });
    }
  } finally {
    await player.close();
  }
  console.log("\n## JavaScript per route in Chromium (gzip), signed in, HTTP cache off\n");
  console.log("| case | route | kB | scripts | budget kB | | layout shift |\n|---|---|---|---|---|---|---|");
  const short = (route: string) => route.replace(/[0-9a-f]{8}-[0-9a-f-]{27}/, ":id");
  for (const f of figures) {
    console.log(
      `| ${f.kind} | ${short(f.route)} | ${f.kb.toFixed(1)} | ${f.scripts} | ${f.budget} | ${f.kb <= f.budget ? "ok" : "**over**"} | ${f.cls.toFixed(3)} |`,
    );
  }
  return figures;
}
