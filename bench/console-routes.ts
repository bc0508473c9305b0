import { chromium, type BrowserContext, type Page } from "playwright-core";
import { startServerProcess } from "../apps/server/src/test/server-process.js";
import { FIRST_ADMIN_ROUTES, FURTHER_ADMIN_ROUTES } from "../e2e/support/route-size.js";
import { fmt, percentiles } from "./load.js";

const LOADS = Number(process.env.BENCH_LOADS ?? 3);
const TARGET_WARM_MS = 300;
const CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update", "--disable-sync", "--no-first-run"];
const QUERY_CACHE_KEY = "sro.query-cache";

/**
 * Time to data of every admin route in Chromium against the built server (PGlite, demo data), signed in as the demo
 * admin, the browser's HTTP cache on (as for someone who has opened the console before):
 * - cold: a fresh tab with the persisted query cache removed (the session is restored through the provider too);
 * - warm: a reload of that tab, the query cache restored from localStorage.
 * "Data" is the route drawn: a heading, and no skeleton, busy region or loading status left (watched in the page
 * from before its first script, on every DOM change). Times are wall-clock from the navigation's start.
 */
export async function run() {
  const server = await startServerProcess({ LOG_LEVEL: "warn" }, "dist");
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium", args: CHROMIUM_ARGS });
  try {
    const context = await browser.newContext({ viewport: { width: 1440, height: 1000 } });
    context.setDefaultTimeout(60_000);
    await signIn(context, server.publicUrl);
    await context.addInitScript(watchForData);
    const routes = [...new Set([...FIRST_ADMIN_ROUTES, ...FURTHER_ADMIN_ROUTES])];
    // A tab kept open on the origin clears the persisted cache (localStorage is the context's) without touching the
    // measured tab's sessionStorage, so each measured tab starts with no session, as a new tab does.
    const control = await context.newPage();
    await control.goto(`${server.publicUrl}/`);
    const rows: { route: string; cold: number[]; warm: number[] }[] = [];
    for (const route of routes) {
      const cold: number[] = [];
      const warm: number[] = [];
      for (let i = 0; i < LOADS; i++) {
        await control.evaluate((key) => window.localStorage.removeItem(key), QUERY_CACHE_KEY);
        const page = await context.newPage();
        try {
          cold.push(await timeToData(page, () => page.goto(`${server.publicUrl}${route}`, { waitUntil: "commit" })));
          // Leaving the page writes the query cache at once (lib/query-persister.ts): the reload finds this visit's.
          warm.push(await timeToData(page, () => page.reload({ waitUntil: "commit" })));
        } finally {
          await page.close();
        }
      }
      rows.push({ route, cold, warm });
    }
    console.log(`\n## Admin routes in Chromium: time to data (ms, p50 of ${LOADS}), PGlite, demo data\n`);
    console.log(`| route | cold (fresh tab, empty query cache) | warm (reload) | warm ≤ ${TARGET_WARM_MS} ms |`);
    console.log("|---|---|---|---|");
    for (const r of rows) {
      const warm = percentiles(r.warm).p50;
      console.log(
        `| ${r.route.replace(/[0-9a-f]{8}-[0-9a-f-]{27}/, ":id")} | ${fmt(percentiles(r.cold).p50)} | ${fmt(warm)} | ${warm <= TARGET_WARM_MS ? "yes" : "**no**"} |`,
      );
    }
    await context.close();
    return rows;
  } finally {
    await browser.close();
    await server.stop();
  }
}

async function signIn(context: BrowserContext, baseUrl: string): Promise<void> {
  const page = await context.newPage();
  await page.goto(`${baseUrl}/admin`);
  await page.waitForURL(/\/realms\/default\//);
  await page.getByLabel("Username or email").fill("admin");
  await page.getByLabel("Password").fill("admin");
  await page.getByRole("button", { name: "Sign in" }).click();
  await page.waitForURL((url) => url.pathname === "/admin");
  await page.locator("h1").first().waitFor();
  await page.close();
}

/** Starts a navigation and waits for the page to say its data is drawn; the wall-clock time between the two. */
async function timeToData(page: Page, navigate: () => Promise<unknown>): Promise<number> {
  const started = Date.now();
  await navigate();
  try {
    const drawnAt = await page.waitForFunction(() => (window as unknown as { __dataAt?: number }).__dataAt, undefined, { polling: 100 });
    return ((await drawnAt.jsonValue()) as number) - started;
  } catch (error) {
    const left = await page.evaluate(() =>
      [...document.querySelectorAll('.skeleton, [aria-busy="true"], [data-testid="screen-skeleton"], [role="status"]')].map(
        (e) => `${e.tagName.toLowerCase()}.${e.className} ${e.textContent?.slice(0, 40)}`,
      ),
    );
    throw new Error(`${page.url()} was not drawn; still on it: ${left.join(" | ")}`, { cause: error });
  }
}

/**
 * In the page, from before any script: stamps `window.__dataAt` (wall clock) the first time the route is drawn. A
 * string: tsx's name helpers would not exist inside the page.
 */
const watchForData = `(() => {
  const drawn = () => {
    const heading = document.querySelector("h1");
    if (!heading || !heading.textContent.trim()) return false;
    if (document.querySelector('.skeleton, [aria-busy="true"], [data-testid="screen-skeleton"]')) return false;
    return ![...document.querySelectorAll('[role="status"]')].some((s) => /^(Loading|Checking your session)/.test(s.textContent || ""));
  };
  const observer = new MutationObserver(() => {
    if (window.__dataAt === undefined && drawn()) {
      window.__dataAt = Date.now();
      observer.disconnect();
    }
  });
  observer.observe(document, { childList: true, subtree: true, attributes: true, characterData: true });
})()`;
