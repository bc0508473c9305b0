// The landing route's JavaScript as a browser sees it (≤ 90 kB gzip for a visitor without a session).
// Shared by `npm run size -w apps/web` (scripts/check-size.mjs), `npm run bench -- size` (bench/web-size.ts) and
// the e2e landing-size spec, so all three count the same way: every script of the page's origin fetched while `/`
// loads, until the network is idle and then SETTLE_MS more (code deferred "until after first paint" counts too),
// each at gzip level 9 (what the build precompresses), in kB of 1,000 bytes.
import { gzipSync } from 'node:zlib';

export const LANDING_JS_BUDGET_KB = 90;
export const SETTLE_MS = 2000;

/** kB of 1,000 bytes, as the budget is written. */
export const kB = (bytes) => bytes / 1000;

/**
 * Opens `url` in `page` and returns the scripts fetched from its origin: `{ path, gzipBytes }`, largest first.
 * `page` is a Playwright page; `settleMs` is the wait after network idle.
 */
export async function landingScripts(page, url, { settleMs = SETTLE_MS } = {}) {
  const origin = new URL(url).origin;
  const bodies = [];
  const onResponse = (response) => {
    const at = new URL(response.url());
    if (at.origin !== origin || response.request().resourceType() !== 'script') return;
    bodies.push(response.body().then((body) => ({ path: at.pathname, gzipBytes: gzipSync(body, { level: 9 }).length })));
  };
  page.on('response', onResponse);
  try {
    await page.goto(url, { waitUntil: 'networkidle' });
    await page.waitForTimeout(settleMs);
    const scripts = await Promise.all(bodies);
    const unique = new Map(scripts.map((s) => [s.path, s]));
    return [...unique.values()].sort((a, b) => b.gzipBytes - a.gzipBytes);
  } finally {
    page.off('response', onResponse);
  }
}

export const totalGzipBytes = (scripts) => scripts.reduce((sum, s) => sum + s.gzipBytes, 0);

/** Markdown rows `| script | gzip kB |` for a report. */
export function scriptRows(scripts) {
  return scripts.map((s) => `| ${s.path} | ${kB(s.gzipBytes).toFixed(1)} |`).join('\n');
}
