#!/usr/bin/env node
// Landing-route JavaScript budget: what a visitor without a session downloads when opening `/`, measured in
// Chromium against the built app (dist/) — the entry, its preloads and everything loaded after first paint until the
// network is idle (scripts/landing-js.mjs) — must stay ≤ 90 kB gzip. A signed-in user reloading `/` (a stored
// session, as oidc-client-ts keeps it) is measured and reported beside it, not gated: restoring the session needs
// the sign-in code. The identity provider is not running here; a visitor's page must not need it anyway.
import { createServer } from 'node:http';
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { dirname, extname, join, normalize } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { kB, LANDING_JS_BUDGET_KB, landingScripts, totalGzipBytes } from './landing-js.mjs';

const BUDGET_KB = Number(process.env.LANDING_JS_BUDGET_KB ?? LANDING_JS_BUDGET_KB);
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const dist = join(dirname(fileURLToPath(import.meta.url)), '..', 'dist');

if (!existsSync(join(dist, 'index.html'))) {
  console.error('apps/web/dist/index.html is missing: run `npm run build -w apps/web` first.');
  process.exit(2);
}
if (!existsSync(CHROMIUM)) {
  console.error(`No browser at ${CHROMIUM}: \`apt-get install -y chromium\` or set CHROMIUM_PATH.`);
  process.exit(2);
}
let chromium;
try {
  ({ chromium } = await import('playwright-core'));
} catch {
  console.error('playwright-core is missing: run `npm install` at the repository root.');
  process.exit(2);
}

const TYPES = { '.html': 'text/html', '.js': 'text/javascript', '.css': 'text/css', '.svg': 'image/svg+xml', '.json': 'application/json' };

/** dist/ over HTTP with the server's history fallback and a stand-in /app-config.json. */
function serveDist() {
  const server = createServer((req, res) => {
    const path = new URL(req.url ?? '/', 'http://x').pathname;
    const origin = `http://${req.headers.host}`;
    if (path === '/app-config.json') {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(
        JSON.stringify({
          oidc: { authority: `${origin}/realms/default`, clientId: 'sro-web' },
          identityAdminUrl: `${origin}/admin/realms/default`,
          accountUrl: `${origin}/realms/default/account`,
          apiBaseUrl: '',
        }),
      );
      return;
    }
    if (path.startsWith('/realms/') || path.startsWith('/admin/realms/')) {
      res.writeHead(503).end();
      return;
    }
    let file = join(dist, normalize(path).replace(/^(\.\.[/\\])+/, ''));
    if (!file.startsWith(dist) || !existsSync(file) || statSync(file).isDirectory()) file = join(dist, 'index.html');
    res.writeHead(200, { 'content-type': TYPES[extname(file)] ?? 'application/octet-stream' });
    res.end(readFileSync(file));
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)));
}

/** A signed-in user as oidc-client-ts stores it in the tab (unsigned tokens: nothing here verifies them). */
function storedUser(origin) {
  const authority = `${origin}/realms/default`;
  const expiresAt = Math.floor(Date.now() / 1000) + 3600;
  const profile = { sub: 'size-check', preferred_username: 'player', given_name: 'Size', family_name: 'Check', groups: [] };
  const jwt = (claims) => ['{"alg":"none"}', JSON.stringify(claims)].map((p) => Buffer.from(p).toString('base64url')).join('.') + '.';
  const user = {
    id_token: jwt({ iss: authority, ...profile }),
    access_token: jwt({ iss: authority, exp: expiresAt, ...profile }),
    token_type: 'Bearer',
    scope: 'openid profile',
    profile,
    expires_at: expiresAt,
  };
  return [`sro.oidc.user:${authority}:sro-web`, JSON.stringify(user)];
}

const server = await serveDist();
const origin = `http://127.0.0.1:${server.address().port}`;
const browser = await chromium.launch({
  executablePath: CHROMIUM,
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
});

async function measure(name, seed) {
  const context = await browser.newContext();
  try {
    const page = await context.newPage();
    if (seed) await page.addInitScript(([key, value]) => globalThis.sessionStorage.setItem(key, value), seed);
    const scripts = await landingScripts(page, `${origin}/`);
    // The page must have reached the state it claims to measure.
    const expected = seed ? page.getByRole('button', { name: /open user menu/ }) : page.getByRole('button', { name: 'Login' });
    const shown = await expected.first().isVisible();
    return { name, scripts, total: totalGzipBytes(scripts), shown };
  } finally {
    await context.close();
  }
}

let visitor;
let signedIn;
try {
  visitor = await measure('visitor without a session', null);
  signedIn = await measure('signed-in user reloading /', storedUser(origin));
} finally {
  await browser.close();
  server.close();
}

for (const run of [visitor, signedIn]) {
  console.log(`Landing route /, ${run.name}:`);
  for (const s of run.scripts) console.log(`  ${kB(s.gzipBytes).toFixed(2).padStart(7)} kB  ${s.path}`);
  console.log(`  ${kB(run.total).toFixed(2).padStart(7)} kB  total${run === visitor ? ` (budget ${BUDGET_KB} kB gzip)` : ' (reported, not gated)'}`);
}
const loaded = new Set([...visitor.scripts, ...signedIn.scripts].map((s) => s.path));
const lazy = readdirSync(join(dist, 'assets'))
  .filter((f) => f.endsWith('.js') && !loaded.has(`/assets/${f}`))
  .map((f) => ({ f, kb: kB(gzipSync(readFileSync(join(dist, 'assets', f)), { level: 9 }).length) }))
  .sort((a, b) => b.kb - a.kb);
console.log('Loaded by neither (other pages, admin console, sign-in on demand):');
for (const { f, kb } of lazy) console.log(`  ${kb.toFixed(2).padStart(7)} kB  /assets/${f}`);

let failed = false;
if (!visitor.shown || !signedIn.shown) {
  console.error(`FAIL: the page did not reach its state (Login shown: ${visitor.shown}, user menu shown: ${signedIn.shown}).`);
  failed = true;
}
if (kB(visitor.total) > BUDGET_KB) {
  console.error(`FAIL: a visitor downloads ${kB(visitor.total).toFixed(2)} kB gzip of JavaScript on /, over the ${BUDGET_KB} kB budget.`);
  failed = true;
}
if (failed) process.exit(1);
console.log(`OK: a visitor downloads ${kB(visitor.total).toFixed(2)} kB gzip of JavaScript on / (≤ ${BUDGET_KB} kB).`);
