import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { startServerProcess, type ServerProcess } from '../../apps/server/src/test/server-process.js';
import { CHAT_DEMO, chatLines, connectAs, signInAs, toast } from '../support/chat';

// A server of its own, restarted mid-test on the same port and data dir: same origin for the page, same database
// and same signing keys, so the admin's token stays valid and only the chat stream has to come back.

let server: ServerProcess;
const dataDir = mkdtempSync(join(tmpdir(), 'sro-e2e-restart-'));
const start = (port?: number) => startServerProcess({ LOG_LEVEL: 'silent' }, 'dist', { port, dataDir });

test.beforeAll(async () => {
  // A fresh data dir: the first start migrates and seeds, which took over 30 s on a loaded 2-core machine.
  test.setTimeout(120_000);
  server = await start();
});

test.afterAll(async () => {
  await server?.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

test('the connect view reconnects by itself after a server restart', async ({ page }) => {
  test.setTimeout(120_000);
  const status = page.getByTestId('chat-connection-status');
  const input = page.getByRole('textbox', { name: 'Message' });
  await signInAs(page, `${server.publicUrl}/admin/chats/${CHAT_DEMO.channels.general}/connect`, 'admin');
  await connectAs(page, CHAT_DEMO.root.name);
  await input.fill('before the restart');
  await input.press('Enter');
  await expect(chatLines(page).filter({ hasText: 'before the restart' })).toHaveCount(1);
  await expect(status).toHaveText('Connected');

  // The stream ends as soon as the shutdown starts; the process may take a few seconds more to exit (database
  // closed last), longer than the toasts' 5 s autohide on a busy machine: watch the page while it stops.
  const stopped = server.stop();
  await expect(toast(page, 'Chat disconnected')).toBeVisible();
  await expect(toast(page, 'Status code: ')).toBeVisible();
  await expect(toast(page, 'Reconnecting...')).toBeVisible();
  await expect(status).toHaveText('Connection lost, retrying…');
  await stopped;

  server = await start(server.port);
  await expect(status).toHaveText('Connected', { timeout: 20_000 });
  await input.fill('after the restart');
  await input.press('Enter');
  await expect(chatLines(page).filter({ hasText: 'after the restart' })).toHaveCount(1);
  // The history the server resends on reconnect does not repeat what is already on screen.
  await expect(chatLines(page).filter({ hasText: 'before the restart' })).toHaveCount(1);
});
