import type { Browser, Locator, Page } from '@playwright/test';
import { expectNoAxeViolations, restFromPage, signInAs } from '../support/chat';
import { keepScreenshot } from '../support/screens';
import { demoWorldOnline, expect, GAME_WORLD, joinAsPlayer, onlinePlayers, test, type LivePlayer } from '../support/game-world';

// The game-session screens in a browser against the demo game world's server (support/game-world.ts): staff see who
// plays by dimension and game server, kick with the keyboard and watch the game server confirm; a ban of scope
// "Game sessions" issued from the character page shows the removal it caused on its sanction page.

/** A staff member's page at 1440 px in a context of its own (axe needs one). */
const staffPage = async (browser: Browser) => (await browser.newContext({ viewport: { width: 1440, height: 1000 } })).newPage();

/** Presses Tab until `target` has the focus (at most `max` presses): the way a keyboard user gets there. */
async function tabTo(page: Page, target: Locator, max = 120): Promise<void> {
  for (let presses = 0; presses < max; presses++) {
    if (await target.evaluate((el) => el === document.activeElement)) return;
    await page.keyboard.press('Tab');
  }
  await expect(target).toBeFocused();
}

/**
 * Records every text a kick's outcome line shows, in order. The reference game server confirms within milliseconds,
 * so "Waiting for … to confirm…" may show for one frame only: a MutationObserver sees each render, a poll might not.
 */
async function recordOutcomes(page: Page): Promise<() => Promise<string[]>> {
  await page.evaluate(() => {
    const seen: string[] = [];
    (window as unknown as { __outcomes: string[] }).__outcomes = seen;
    const note = () => {
      for (const status of document.querySelectorAll('[role="status"]')) {
        const text = status.querySelector('p')?.textContent ?? '';
        if (text.startsWith('Kick of') && seen.at(-1) !== text) seen.push(text);
      }
    };
    new MutationObserver(note).observe(document.body, { subtree: true, childList: true, characterData: true });
  });
  return () => page.evaluate(() => [...(window as unknown as { __outcomes: string[] }).__outcomes]);
}

async function namesOf(staff: Page, what: 'dimensions' | 'maps'): Promise<Map<string, string>> {
  const answer = await restFromPage(staff, 'GET', `/v1/${what}`);
  expect(answer.status).toBe(200);
  return new Map((answer.json[what] as { id: string; name: string }[]).map((item) => [item.id, item.name]));
}

const players = (n: number) => `${n} ${n === 1 ? 'player' : 'players'}`;
const gameServers = (n: number) => (n === 0 ? 'no game server live' : `on ${n} ${n === 1 ? 'game server' : 'game servers'}`);

/** The live players page shows every live server under its dimension, each with its players, as the API answers. */
async function expectEveryServerShown(page: Page): Promise<void> {
  const online = await onlinePlayers(page);
  const [dimensions, maps] = await Promise.all([namesOf(page, 'dimensions'), namesOf(page, 'maps')]);
  for (const dimensionId of new Set(online.servers.map((s) => s.dimensionId))) {
    const count = online.servers.filter((s) => s.dimensionId === dimensionId).reduce((sum, s) => sum + (s.players ?? 0), 0);
    await expect(page.getByRole('heading', { level: 2, name: `${dimensions.get(dimensionId)} · ${players(count)}` })).toBeVisible();
  }
  for (const server of online.servers) {
    const caption = `${server.serverAddress} · ${maps.get(server.mapId)} · ${players(server.players ?? 0)}`;
    const here = online.players.filter((p) => p.serverId === server.serverId);
    if (here.length === 0) {
      await expect(page.getByText(`${caption}: nobody plays here now.`)).toBeVisible();
      continue;
    }
    const table = page.getByRole('table', { name: caption });
    // A name links to the character's page where the caller has one (the console), plain text on the desk.
    for (const player of here) await expect(table.getByRole('cell', { name: player.characterName, exact: true })).toBeVisible();
  }
}

/**
 * From the live players page: Tab to the player's Kick, type the reason, Tab to Kick and press Enter; the outcome line
 * goes from waiting to disconnected, the game client hears the reason, and the player leaves the list.
 */
async function kickWithKeyboard(page: Page, player: LivePlayer, name: string, reason: string): Promise<void> {
  const address = (await onlinePlayers(page)).players.find((p) => p.characterId === player.characterId)!.serverAddress;
  const kick = page.getByRole('button', { name: `Kick ${name}` });
  // The list is polled every 5 s: the player just joined shows up on the next answer.
  await expect(kick).toBeVisible({ timeout: 15_000 });
  const outcomes = await recordOutcomes(page);
  await tabTo(page, kick);
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: `Kick ${name}` });
  await expect(dialog.getByText(`${name} is disconnected from ${address} and may join again.`)).toBeVisible();
  const reasonField = dialog.getByRole('textbox', { name: 'Reason (shown to the player)' });
  await expect(reasonField).toBeFocused();
  await page.keyboard.type(reason);
  await page.keyboard.press('Tab');
  await page.keyboard.press('Tab');
  await expect(dialog.getByRole('button', { name: 'Kick', exact: true })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(dialog).toHaveCount(0);

  expect(await player.nextLine()).toBe(`KICKED ${reason}`);
  await player.closed;
  const outcome = page.getByRole('status').filter({ hasText: `Kick of ${name}:` });
  await expect(outcome).toContainText(new RegExp(`Disconnected from ${address.replace(/\./g, '\\.')} after [\\d,]+ ms`), { timeout: 15_000 });
  const seen = await outcomes();
  expect(seen[0]).toBe(`Kick of ${name}: Waiting for ${address} to confirm…`);
  expect(seen.at(-1)).toMatch(new RegExp(`^Kick of ${name}: Disconnected from ${address.replace(/\./g, '\\.')} after [\\d,]+ ms$`));
  // The confirmation asks who plays again at once: the row goes without waiting for the next poll.
  await expect(kick).toHaveCount(0);
  await expect(page.getByRole('cell', { name, exact: true })).toHaveCount(0);
  expect((await onlinePlayers(page)).players.some((p) => p.characterId === player.characterId)).toBe(false);
}

/** The wall's players online now match ListOnlinePlayers: each dimension's players and live servers, by name. */
async function expectWallMatchesOnline(page: Page): Promise<number> {
  // The player just joined or kicked is in the API's answer first: the wall catches up on a later poll.
  const online = await onlinePlayers(page);
  const dimensions = await namesOf(page, 'dimensions');
  const line = page.getByTestId('online-now');
  for (const dimensionId of new Set(online.servers.map((s) => s.dimensionId))) {
    const servers = online.servers.filter((s) => s.dimensionId === dimensionId);
    const count = servers.reduce((sum, s) => sum + (s.players ?? 0), 0);
    await expect(line).toContainText(`${dimensions.get(dimensionId)} ${count} (${gameServers(servers.length)})`, { timeout: 15_000 });
  }
  return online.total;
}

test.describe('game sessions in the console', () => {
  test.describe.configure({ timeout: 120_000 });

  test('as admin, live players by dimension and server, and a kick by keyboard confirmed by the game server', async ({ browser, gameWorld }) => {
    const page = await staffPage(browser);
    const playerPage = await browser.newPage();
    await signInAs(playerPage, `${gameWorld.publicUrl}/`, 'player');
    await signInAs(page, `${gameWorld.publicUrl}/admin`, 'admin');
    await demoWorldOnline(page);
    const { chromeVandal } = GAME_WORLD.free;
    const player = await joinAsPlayer(playerPage, chromeVandal.id);

    // The console's navigation, by keyboard.
    await tabTo(page, page.getByRole('link', { name: 'Live players' }));
    await page.keyboard.press('Enter');
    await expect(page.getByRole('heading', { level: 1, name: 'Live players' })).toBeVisible();
    await expect(page).toHaveURL(/\/admin\/players$/);
    await expect(page.getByRole('button', { name: `Kick ${chromeVandal.name}` })).toBeVisible({ timeout: 15_000 });
    await expectEveryServerShown(page);
    for (const demo of GAME_WORLD.players)
      await expect(page.getByRole('link', { name: demo.name, exact: true })).toHaveAttribute('href', `/admin/characters/${demo.id}`);

    await keepScreenshot(page, test.info(), 'live-players-1440');
    await expectNoAxeViolations(page);

    await kickWithKeyboard(page, player, chromeVandal.name, 'Exploiting the docks lift');
    await keepScreenshot(page, test.info(), 'live-players-kicked-1440');
    await expectNoAxeViolations(page);
    await page.setViewportSize({ width: 375, height: 812 });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await keepScreenshot(page, test.info(), 'live-players-kicked-375');
    await expectNoAxeViolations(page);
    await playerPage.close();
    await page.context().close();
  });

  test('as moderator, the moderation desk lists live players and kicks the same way', async ({ browser, gameWorld }) => {
    const page = await staffPage(browser);
    const playerPage = await browser.newPage();
    await signInAs(playerPage, `${gameWorld.publicUrl}/`, 'player');
    await signInAs(page, `${gameWorld.publicUrl}/moderation`, 'moderator');
    await demoWorldOnline(page);
    // A kick is no ban: the player the admin's journey kicked may join again.
    const { chromeVandal } = GAME_WORLD.free;
    const player = await joinAsPlayer(playerPage, chromeVandal.id);

    await tabTo(page, page.getByRole('link', { name: 'Live players' }));
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/moderation\/players$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Live players' })).toBeVisible();
    await expect(page.getByRole('button', { name: `Kick ${chromeVandal.name}` })).toBeVisible({ timeout: 15_000 });
    await expectEveryServerShown(page);

    await kickWithKeyboard(page, player, chromeVandal.name, 'Spamming the trade lane');
    await playerPage.close();
    await page.context().close();
  });

  test('a ban of scope Game sessions from the character page disconnects the player; its sanction page shows the removal', async ({ browser, gameWorld }) => {
    const page = await staffPage(browser);
    const playerPage = await browser.newPage();
    await signInAs(playerPage, `${gameWorld.publicUrl}/`, 'player');
    await signInAs(page, `${gameWorld.publicUrl}/admin`, 'admin');
    const { neonSaint } = GAME_WORLD.free;
    const player = await joinAsPlayer(playerPage, neonSaint.id);
    const address = (await onlinePlayers(page)).players.find((p) => p.characterId === neonSaint.id)!.serverAddress;
    let sanctionId = '';
    try {
      await page.goto(`${gameWorld.publicUrl}/admin/characters/${neonSaint.id}`);
      await expect(page.getByRole('heading', { level: 1, name: neonSaint.name })).toBeVisible();
      await expect(page.getByText(new RegExp(`^on ${address.replace(/\./g, '\\.')} for `))).toBeVisible({ timeout: 15_000 });

      await tabTo(page, page.getByRole('button', { name: 'Sanction…' }));
      await page.keyboard.press('Enter');
      const dialog = page.getByRole('dialog', { name: `Sanction ${neonSaint.name}` });
      // Radios move with the arrows; Space picks the focused one.
      const ban = dialog.getByRole('radio', { name: 'Ban', exact: true });
      await ban.focus();
      await page.keyboard.press('Space');
      await expect(ban).toBeChecked();
      const scope = dialog.getByRole('radio', { name: 'Game sessions' });
      await scope.focus();
      await page.keyboard.press('Space');
      await expect(scope).toBeChecked();
      await expect(dialog.getByText('No joining game servers; a playing character is disconnected now.', { exact: false })).toBeVisible();
      const day = dialog.getByRole('radio', { name: '1 day' });
      await day.focus();
      await page.keyboard.press('Space');
      await expect(day).toBeChecked();
      await dialog.getByRole('combobox', { name: 'Reason' }).focus();
      await page.keyboard.type('Botting on the game servers');
      // Tab leaves the reason's suggestions (open while typing, the rest of the dialog hidden from the tree meanwhile).
      await page.keyboard.press('Tab');
      await tabTo(page, dialog.getByRole('textbox', { name: /Player message/ }));
      await page.keyboard.type('Banned from the game servers for a day: botting.');
      await tabTo(page, dialog.getByRole('button', { name: 'Issue sanction' }));
      await page.keyboard.press('Enter');
      await expect(dialog).toHaveCount(0);
      await expect(page.getByTestId('notification').filter({ hasText: `${neonSaint.name}: ban issued (game sessions).` })).toBeVisible();

      expect(await player.nextLine()).toBe('BANNED Banned from the game servers for a day: botting.');
      await player.closed;
      await expect(page.getByText('Offline', { exact: true })).toBeVisible({ timeout: 15_000 });

      // The new ban heads the character's sanctions; its page lists the removal it caused.
      const history = page.getByRole('table', { name: `Sanctions of ${neonSaint.name}` });
      const row = history.locator('tbody tr').filter({ hasText: 'Game sessions' }).first();
      await expect(row).toBeVisible();
      await tabTo(page, row.getByRole('link').first());
      await page.keyboard.press('Enter');
      await expect(page).toHaveURL(/\/admin\/sanctions\/[0-9a-f-]{36}$/);
      sanctionId = page.url().split('/').at(-1)!;
      await expect(page.getByRole('heading', { level: 1, name: `Ban of ${neonSaint.name}` })).toBeVisible();
      const removals = page.getByRole('table', { name: 'Removals from game servers' });
      const removal = removals.locator('tbody tr').filter({ hasText: 'Banned from the game servers for a day: botting.' });
      await expect(removal).toHaveCount(1);
      await expect(removal).toContainText('Ban');
      await expect(removal).toContainText(new RegExp(`Disconnected from ${address.replace(/\./g, '\\.')} after [\\d,]+ ms`), { timeout: 15_000 });
      // When: the local time the ban asked for the removal, within the last minutes.
      await expect(removal.locator('td').first()).toHaveText(/\d{1,2}:\d{2}/);

      await keepScreenshot(page, test.info(), 'ban-removal-1440');
      await expectNoAxeViolations(page);
      await page.setViewportSize({ width: 375, height: 812 });
      await expect(removal).toBeVisible();
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
      await keepScreenshot(page, test.info(), 'ban-removal-375');
      await expectNoAxeViolations(page);

      // While the ban holds, the character cannot join.
      const refused = await restFromPage(playerPage, 'GET', `/v1/connect/character/id/${neonSaint.id}`);
      expect(refused.status, JSON.stringify(refused.json)).toBe(403);
    } finally {
      // Lifted, so the worker's shared game world lets the character play again (a rerun, another spec).
      if (sanctionId) {
        const revoked = await restFromPage(page, 'POST', `/v1/sanctions/id/${sanctionId}/revoke`, { reason: 'End of the e2e journey' });
        expect(revoked.status, JSON.stringify(revoked.json)).toBe(200);
      }
      await playerPage.close();
      await page.context().close();
    }
  });

  test('the operations wall counts the players online per dimension and follows a join and a kick', async ({ browser, gameWorld }) => {
    const page = await staffPage(browser);
    const playerPage = await browser.newPage();
    await signInAs(playerPage, `${gameWorld.publicUrl}/`, 'player');
    await signInAs(page, `${gameWorld.publicUrl}/admin`, 'admin');
    await demoWorldOnline(page);
    const line = page.getByTestId('online-now');
    await expect(line).toBeVisible({ timeout: 15_000 });
    const before = await expectWallMatchesOnline(page);

    const { chromeVandal } = GAME_WORLD.free;
    const player = await joinAsPlayer(playerPage, chromeVandal.id);
    // The wall polls every 3 s: the join shows on a later answer, without a reload.
    expect(await expectWallMatchesOnline(page)).toBe(before + 1);
    await line.scrollIntoViewIfNeeded();
    await keepScreenshot(page, test.info(), 'wall-online-1440');
    await expectNoAxeViolations(page);

    const kick = await restFromPage(page, 'POST', `/v1/characters/id/${chromeVandal.id}/kick`, { reason: 'Wall check' });
    expect(kick.status, JSON.stringify(kick.json)).toBe(200);
    await player.closed;
    await expect.poll(async () => (await onlinePlayers(page)).total).toBe(before);
    expect(await expectWallMatchesOnline(page)).toBe(before);

    await page.setViewportSize({ width: 375, height: 812 });
    await expect(line).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await line.scrollIntoViewIfNeeded();
    await keepScreenshot(page, test.info(), 'wall-online-375');
    await expectNoAxeViolations(page);
    await playerPage.close();
    await page.context().close();
  });
});
