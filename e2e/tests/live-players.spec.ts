import { restFromPage, signInAs } from '../support/chat';
import { demoWorldOnline, expect, GAME_WORLD, joinAsPlayer, onlinePlayers, test } from '../support/game-world';

// The demo game world's server (support/game-world.ts): live players on reference game servers, reachable from the
// admin's browser over the API, and a spec's own player joining, being kicked and the kick confirmed.

test('as admin, the demo world lists its live players and servers over the API', async ({ page, gameWorld }) => {
  await signInAs(page, `${gameWorld.publicUrl}/admin`, 'admin');
  const online = await demoWorldOnline(page);
  expect(online.servers).toHaveLength(GAME_WORLD.servers);
  expect(online.players.map((p) => p.characterName)).toEqual(expect.arrayContaining(GAME_WORLD.players.map((p) => p.name)));
  expect(online.servers.reduce((sum, s) => sum + (s.players ?? 0), 0)).toBe(online.total);
});

test("a spec's own player joins through ConnectGameServer, shows up live, and a kick reaches it and is confirmed", async ({ page, browser, gameWorld }) => {
  test.setTimeout(60_000);
  const playerPage = await browser.newPage();
  await signInAs(playerPage, `${gameWorld.publicUrl}/`, 'player');
  await signInAs(page, `${gameWorld.publicUrl}/admin`, 'admin');
  const { chromeVandal } = GAME_WORLD.free;
  const player = await joinAsPlayer(playerPage, chromeVandal.id);
  await expect.poll(async () => (await onlinePlayers(page)).players.some((p) => p.characterId === chromeVandal.id)).toBe(true);

  const kick = await restFromPage(page, 'POST', `/v1/characters/id/${chromeVandal.id}/kick`, { reason: 'Exploiting the docks lift' });
  expect(kick.status, JSON.stringify(kick.json)).toBe(200);
  expect(await player.nextLine()).toBe('KICKED Exploiting the docks lift');
  await player.closed;
  await expect.poll(async () => (await restFromPage(page, 'GET', `/v1/player-removals/id/${kick.json.id}`)).json.state).toBe('PLAYER_REMOVAL_STATE_CONFIRMED');
  await expect.poll(async () => (await onlinePlayers(page)).players.some((p) => p.characterId === chromeVandal.id)).toBe(false);
  await playerPage.close();
});
