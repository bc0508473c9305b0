import { chromium, type Page } from "playwright-core";
import { startServerProcess } from "../apps/server/src/test/server-process.js";
import { BENCH_DATABASE, seedUpTo } from "./bench-characters-database.js";
import { benchDatabaseUrl } from "./bench-database.js";
import { fmt, percentiles } from "./load.js";

const TARGET_ROWS = Number(process.env.BENCH_CHARACTERS ?? 1_000_000);
const SAMPLES = Number(process.env.BENCH_SAMPLES ?? 30);
const LOADS = Number(process.env.BENCH_LOADS ?? 5);
const TARGET_FIRST_RENDER_MS = 1000;
const TARGET_P95_MS = 300;
const CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update", "--disable-sync", "--no-first-run"];

/**
 * The admin characters screen in Chromium against 1,000,000 characters in PostgreSQL. The built server
 * runs in its own process (embedded identity, demo admin); the browser signs in once, then:
 * - first render: a cold load of /admin/characters (persisted query cache cleared) until the first page of rows shows;
 * - sort, filter, page: from the user's action until the new rows are on screen (measured in the page).
 * Filter times start at the last keystroke, so they include the table's search debounce (CHARACTER_SEARCH_DEBOUNCE_MS,
 * 100 ms; 150 ms before 2026-11-22 07:10).
 */
export async function run() {
  console.log(`\n## Admin characters screen in Chromium over ${TARGET_ROWS.toLocaleString("en")} characters (PostgreSQL)\n`);
  if (!process.env.DATABASE_URL) {
    console.log("skipped: set DATABASE_URL=postgres://… (a PostgreSQL server where a database may be created) to run it");
    return;
  }
  const url = await benchDatabaseUrl(process.env.DATABASE_URL, BENCH_DATABASE);
  await seedUpTo(url, TARGET_ROWS);
  const server = await startServerProcess(
    {
      DATABASE_URL: url,
      SEED_DEMO: "true",
      ...(process.env.WEB_DIST_DIR ? { WEB_DIST_DIR: process.env.WEB_DIST_DIR } : {}),
      // BENCH_SERVER_LOG_LEVEL=info: the server logs each rpc with its time, to set beside the browser's figures.
      ...(process.env.BENCH_SERVER_LOG_LEVEL ? { LOG_LEVEL: process.env.BENCH_SERVER_LOG_LEVEL } : {}),
    },
    "dist",
  );
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium", args: CHROMIUM_ARGS });
  try {
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    await signIn(page, `${server.publicUrl}/admin/characters`);
    const firstRender = await measureFirstRenders(page, `${server.publicUrl}/admin/characters`);
    await reload(page, `${server.publicUrl}/admin/characters`);
    const sort = await measureSorts(page);
    const paging = await measurePageChanges(page);
    // Searches with the default order, then with the table sorted by name (the server's costlier plan).
    await reload(page, `${server.publicUrl}/admin/characters`);
    const filter = await measureFilters(page);
    await timeChange(page, () => page.getByRole("columnheader", { name: "Username", exact: true }).getByRole("button").click());
    const filterByName = await measureFilters(page);
    const rows: [string, number[], number, string][] = [
      ["first table render (cold load)", firstRender, TARGET_FIRST_RENDER_MS, "p50 / p95"],
      ["sort change", sort, TARGET_P95_MS, "p50 / p95"],
      ["filter change, default order (incl. debounce)", filter, TARGET_P95_MS, "p50 / p95"],
      ["filter change, sorted by name (incl. debounce)", filterByName, TARGET_P95_MS, "p50 / p95"],
      ["page change", paging, TARGET_P95_MS, "p50 / p95"],
    ];
    console.log(`| measure | samples | p50 ms | p95 ms | max ms | target | met |`);
    console.log("|---|---|---|---|---|---|---|");
    for (const [label, values, target] of rows) {
      const { p50, p95 } = percentiles(values);
      const max = Math.max(...values);
      console.log(`| ${label} | ${values.length} | ${fmt(p50)} | ${fmt(p95)} | ${fmt(max)} | ≤ ${target} | ${p95 <= target ? "yes" : "**no**"} |`);
    }
  } finally {
    await browser.close();
    await server.stop();
  }
}

async function signIn(page: Page, target: string): Promise<void> {
  await page.goto(target);
  await page.waitForURL(/\/realms\/default\//);
  await page.getByLabel("Username or email").fill("admin");
  await page.getByLabel("Password").fill("admin");
  await page.getByRole("button", { name: "Sign in" }).click();
  await page.waitForURL((u) => u.pathname === "/admin/characters");
  await waitForRows(page);
}

async function reload(page: Page, target: string): Promise<void> {
  await page.goto(target);
  await waitForRows(page);
}

const waitForRows = (page: Page) => page.locator('table tbody tr:not([data-testid="skeleton-row"]) td').first().waitFor({ timeout: 30_000 });

/**
 * Reloads with an empty query cache; the time from navigation start until the first data row is in the DOM,
 * recorded in the page by a MutationObserver installed before any script runs.
 */
async function measureFirstRenders(page: Page, target: string): Promise<number[]> {
  await page.addInitScript(`(() => {
    const observer = new MutationObserver(() => {
      if (document.querySelector('table tbody tr:not([data-testid="skeleton-row"]) td')) {
        window.__firstRows = performance.now();
        observer.disconnect();
      }
    });
    observer.observe(document, { childList: true, subtree: true });
  })()`);
  const times: number[] = [];
  for (let i = 0; i < LOADS; i++) {
    await page.evaluate('window.localStorage.removeItem("sro.query-cache")');
    await page.goto(target);
    await waitForRows(page);
    times.push(await page.evaluate<number>("window.__firstRows"));
  }
  return times;
}

/**
 * Times one user action: from its first input or click event in the page until the table shows other rows
 * (names in the first column, or the 'Showing …' line) and is no longer busy. Owner cells are left out:
 * their lookups finish after the rows and would count as a change.
 * The page code is a string: tsx's name helpers would not exist inside the page.
 */
async function timeChange(page: Page, action: () => Promise<void>): Promise<number> {
  await page.evaluate(`(() => {
    window.__rows = () => [...document.querySelectorAll("table tbody tr td:first-child")].map((td) => td.textContent).join("|") + document.querySelector('[aria-live="polite"]')?.textContent;
    window.__bench = { before: window.__rows(), started: null };
    const mark = () => { if (window.__bench.started === null) window.__bench.started = performance.now(); };
    document.addEventListener("input", mark, { capture: true, once: true });
    document.addEventListener("click", mark, { capture: true, once: true });
  })()`);
  await action();
  return page.evaluate<number>(`(async () => {
    const done = () => window.__rows() !== window.__bench.before && !document.querySelector('[aria-busy="true"]');
    const deadline = performance.now() + 20000;
    while (!done()) {
      if (performance.now() > deadline) throw new Error("the table did not change");
      await new Promise((resolve) => requestAnimationFrame(resolve));
    }
    return performance.now() - window.__bench.started;
  })()`);
}

async function measureSorts(page: Page): Promise<number[]> {
  const columns = ["Username", "Owner", "Realm", "Gender", "Dimension", "Playtime", "Age"];
  const times: number[] = [];
  for (let i = 0; times.length < SAMPLES; i++) {
    const column = columns[Math.floor(i / 2) % columns.length]!;
    // asc then desc per column; moving on to the next column resets this one (one sort at a time).
    const header = page.getByRole("columnheader", { name: column, exact: true }).getByRole("button");
    times.push(await timeChange(page, () => header.click()));
    if (process.env.BENCH_VERBOSE) console.log(`sort ${column}: ${fmt(times.at(-1)!)} ms`);
  }
  return times;
}

async function measureFilters(page: Page): Promise<number[]> {
  const terms = ["neo", "trinity", "morpheus", "case", "molly", "hiro", "motoko", "deckard", "nyx", "rune"];
  const search = page.getByRole("searchbox", { name: "Search the table" });
  const times: number[] = [];
  for (let i = 0; times.length < SAMPLES; i++) {
    // A different term each time (as if pasted): one input event; the debounce and the round trip follow.
    const term = i < terms.length ? terms[i]! : `${terms[i % terms.length]} ${LASTS[i % LASTS.length]}`;
    times.push(await timeChange(page, () => search.fill(term)));
    if (process.env.BENCH_VERBOSE) console.log(`filter "${term}": ${fmt(times.at(-1)!)} ms`);
  }
  await search.fill("");
  return times;
}

async function measurePageChanges(page: Page): Promise<number[]> {
  const pager = page.getByRole("navigation", { name: "Pagination" });
  const times: number[] = [];
  for (let i = 0; times.length < SAMPLES; i++) {
    const button = pager.getByRole("button", { name: i % 10 < 7 ? "Next" : "Previous", exact: true });
    times.push(await timeChange(page, () => button.click()));
  }
  return times;
}

// Last names of the generated characters (bulk-characters.ts): every first+last pair exists, so combined searches find rows.
const LASTS = ["voltage", "halcyon", "flatline", "marrow", "kilobyte", "daemon", "proxy"];
