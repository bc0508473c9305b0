import { execFileSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { defineConfig } from '@playwright/test';

// The real server on a free port with a fresh data dir. Worker processes load this
// file again, so the choice is made once and handed down through the environment.
function freePort(): string {
  const script = "const s=require('net').createServer().listen(0,'127.0.0.1',()=>{process.stdout.write(String(s.address().port));s.close()})";
  return execFileSync(process.execPath, ['-e', script], { encoding: 'utf8' }).trim();
}
process.env.E2E_PORT ??= freePort();
// A second origin for the OIDC client-library tests (tests/identity-client-libraries.spec.ts), registered with the
// embedded provider as an extra redirect URI pattern and allowed to call the API (CORS_ORIGINS).
while (!process.env.E2E_CLIENT_PORT || process.env.E2E_CLIENT_PORT === process.env.E2E_PORT) process.env.E2E_CLIENT_PORT = freePort();
process.env.E2E_DATA_DIR ??= mkdtempSync(join(tmpdir(), 'sro-e2e-'));
const port = process.env.E2E_PORT;
const baseURL = `http://localhost:${port}`;

export default defineConfig({
  testDir: './tests',
  outputDir: './artifacts/test-results',
  timeout: 30_000,
  expect: { timeout: 7_000 },
  fullyParallel: false,
  // Two cores: one worker keeps the server and the browser from starving each other.
  workers: 1,
  retries: process.env.CI ? 1 : 0,
  reporter: [['list'], ['html', { outputFolder: './artifacts/report', open: 'never' }]],
  use: {
    baseURL,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      // Debian's chromium; Playwright never downloads a browser here.
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
    },
  },
  webServer: {
    command: 'node ../apps/server/dist/main.js',
    url: `${baseURL}/healthz`,
    reuseExistingServer: false,
    // A cold start on a busy two-core machine (PGlite's WASM, the provider's keys) can take over a minute.
    timeout: 180_000,
    env: {
      PORT: port,
      DATA_DIR: process.env.E2E_DATA_DIR,
      LOG_LEVEL: 'silent',
      PUBLIC_URL: baseURL,
      // Specs read /metrics with this bearer (METRICS_TOKEN).
      METRICS_TOKEN: 'e2e-metrics-token-0123456789',
      // Local mode, as the console specs expect ('Local Mode' servers): `npm start`'s demo game world is off here;
      // specs that need live players get a server of their own with it (support/game-world.ts).
      DEMO_PLAYERS: 'false',
      // Keycloak's pattern form: the client's root, its silent check page and its deep links.
      IDENTITY_EXTRA_REDIRECT_URIS: `http://localhost:${process.env.E2E_CLIENT_PORT}/*`,
      // The client origin calls the game API too (CORS on every transport).
      CORS_ORIGINS: `http://localhost:${process.env.E2E_CLIENT_PORT}`,
    },
  },
});
