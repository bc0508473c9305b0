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
 * "Data" is the route drawn: a heading, and no skeleton or loading status left (watched in the page from before its
 * first script, on every DOM change); "refreshed" also waits for no busy region, i.e. for the reads a warm reload
 * makes behind the cached data to answer. Times are wall-clock from the navigation's start.
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
    const rows: { route: string; cold: number[]; warm: number[]; refreshed: number[] }[] = [];
    for (const route of routes) {
      const cold: number[] = [];
      const warm: number[] = [];
      const refreshed: number[] = [];
      for (let i = 0; i < LOADS; i++) {
        await control.evaluate((key) => window.localStorage.removeItem(key), QUERY_CACHE_KEY);
        const page = await context.newPage();
        try {
          cold.push((await timeToData(page, () => page.goto(`${server.publicUrl}${route}`, { waitUntil: "commit" }))).refreshed);
          // Leaving the page writes the query cache at once (lib/query-persister.ts): the reload finds this visit's.
          const reload = await timeToData(page, () => page.reload({ waitUntil: "commit" }));
          warm.push(reload.drawn);
          refreshed.push(reload.refreshed);
        } finally {
          await page.close();
        }
      }
      rows.push({ route, cold, warm, refreshed });
    }
    console.log(`\n## Admin routes in Chromium: time to data (ms, p50 of ${LOADS}), PGlite, demo data\n`);
    console.log(`| route | cold (fresh tab, empty query cache) | warm (reload): data drawn | warm: refreshed | warm ≤ ${TARGET_WARM_MS} ms |`);
    console.log("|---|---|---|---|---|");
    for (const r of rows) {
      const warm = percentiles(r.warm).p50;
      const route = r.route.replace(/[0-9a-f]{8}-[0-9a-f-]{27}/, ":id");
      console.log(
        `| ${route} | ${fmt(percentiles(r.cold).p50)} | ${fmt(warm)} | ${fmt(percentiles(r.refreshed).p50)} | ${warm <= TARGET_WARM_MS ? "yes" : "**no**"} |`,
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

/** Starts a navigation and waits for the page to say its data is drawn and refreshed; the wall-clock times to each. */
async function timeToData(page: Page, navigate: () => Promise<unknown>): Promise<{ drawn: number; refreshed: number }> {
  const started = Date.now();
  await navigate();
  try {
    const stamps = await page.waitForFunction(
      () => {
        const w = window as unknown as { __drawnAt?: number; __dataAt?: number };
        return w.__dataAt !== undefined && { drawn: w.__drawnAt ?? w.__dataAt, refreshed: w.__dataAt };
      },
      undefined,
      { polling: 100 },
    );
    const { drawn, refreshed } = (await stamps.jsonValue()) as { drawn: number; refreshed: number };
    return { drawn: drawn - started, refreshed: refreshed - started };
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
 * In the page, from before any script: stamps `window.__drawnAt` (wall clock) the first time the route is drawn, and
 * `window.__dataAt` the first time it is drawn with no busy region. A string: tsx's name helpers would not exist
 * inside the page.
 */
const watchForData = `(() => {
  const drawn = () => {
    const heading = document.querySelector("h1");
    if (!heading || !heading.textContent.trim()) return false;
    if (document.querySelector('.skeleton, [data-testid="screen-skeleton"]')) return false;
    return ![...document.querySelectorAll('[role="status"]')].some((s) => /^(Loading|Checking your session)/.test(s.textContent || ""));
  };
  const observer = new MutationObserver(() => {
    if (window.__drawnAt === undefined && drawn()) window.__drawnAt = Date.now();
    if (window.__drawnAt !== undefined && !document.querySelector('[aria-busy="true"]') && drawn()) {
      window.__dataAt = Date.now();
      observer.disconnect();
    }
  });
  observer.observe(document, { childList: true, subtree: true, attributes: true, characterData: true });
})()`;
