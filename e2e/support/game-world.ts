import { connect } from 'node:net';
import { createInterface } from 'node:readline';
import { test as base, expect, type Page } from '@playwright/test';
import { startServerProcess, type ServerProcess } from '../../apps/server/src/test/server-process.js';
import { restFromPage } from './chat';

// Journeys with live players: a server of their own running `npm start`'s demo game world
// (apps/server/src/demo/demo-world.ts): registry mode, a reference game server on every map of the demo dimensions,
// six demo characters playing. The suite's shared server stays in local mode (playwright.config.ts DEMO_PLAYERS).

export interface GameWorldServer {
  /** Open pages here (its own origin: http://localhost:<port>); relative API paths from such a page reach it. */
  publicUrl: string;
}

/**
 * `test` with a `gameWorld` fixture: the demo-world server, started once per worker (a cold start with migrations
 * takes 20-60 s on a busy machine) and shared by every spec that asks for it, stopped with the worker.
 * Use: `import { test, expect } from '../support/game-world'` and `page.goto(`${gameWorld.publicUrl}/admin`)`.
 */
export const test = base.extend<object, { gameWorld: GameWorldServer }>({
  gameWorld: [
    async ({}, use) => {
      // Unset DEMO_PLAYERS, GAMESERVER_MODE and the secret: what `npm start` sees with no configuration.
      const server: ServerProcess = await startServerProcess(
        { LOG_LEVEL: 'silent', DEMO_PLAYERS: '', GAMESERVER_MODE: '', GAMESERVER_CLIENT_SECRET: '' },
        'dist',
        {
          readyWithinMs: 180_000,
        },
      );
      await use({ publicUrl: server.publicUrl });
      await server.stop();
    },
    { scope: 'worker', timeout: 200_000 },
  ],
});
export { expect };

const demoId = (group: number, n: number) => `5e1d0000-0000-4000-8000-${String(group).padStart(4, '0')}${String(n).padStart(8, '0')}`;

export const GAME_WORLD = {
  /** Reference game servers: Prime's three maps and Shadow Test's two. */
  servers: 5,
  /** The demo characters playing from the start (rook's, nova's and ivy's). */
  players: [
    { id: demoId(4, 13), name: 'Dex Halcyon' },
    { id: demoId(4, 14), name: 'Mara Static' },
    { id: demoId(4, 19), name: 'Rook Daemon' },
    { id: demoId(4, 20), name: 'Lyra Proxy' },
    { id: demoId(4, 22), name: 'Nova Blackwire' },
    { id: demoId(4, 26), name: 'Ivy Backdoor' },
  ],
  /** The player's characters nobody plays at the start: a spec joins one itself (joinAsPlayer) to kick or watch. */
  free: { chromeVandal: { id: demoId(4, 2), name: 'Chrome Vandal' }, neonSaint: { id: demoId(4, 3), name: 'Neon Saint' } },
};

export interface OnlinePlayers {
  total: number;
  servers: { serverId: string; dimensionId: string; mapId: string; serverAddress: string; players?: number }[];
  players: { characterId: string; characterName: string; serverId: string; serverAddress: string; dimensionId: string; mapId: string }[];
}

/** ListOnlinePlayers over REST from inside a staff member's page, with that page's token. */
export async function onlinePlayers(staffPage: Page, query = ''): Promise<OnlinePlayers> {
  const answer = await restFromPage(staffPage, 'GET', `/v1/online-players${query}`);
  expect(answer.status, JSON.stringify(answer.json)).toBe(200);
  return { total: answer.json.total ?? 0, servers: answer.json.servers ?? [], players: answer.json.players ?? [] };
}

/**
 * Waits until the demo world's players are all online (it starts right after the server is ready) and answers the
 * list: call it before a spec looks at live players. Specs that kick must kick their own player (joinAsPlayer), the
 * demo's ones stay out until the server restarts.
 */
export async function demoWorldOnline(staffPage: Page): Promise<OnlinePlayers> {
  await expect
    .poll(async () => (await onlinePlayers(staffPage)).players.filter((p) => GAME_WORLD.players.some((d) => d.id === p.characterId)).length, {
      timeout: 30_000,
    })
    .toBe(GAME_WORLD.players.length);
  return onlinePlayers(staffPage);
}

export interface LivePlayer {
  characterId: string;
  /** The game server's next line to this player (e.g. `KICKED <reason>`). */
  nextLine(): Promise<string>;
  /** Resolves when the game server closed the connection. */
  closed: Promise<void>;
  /** LEAVE: the game server reports the leave to us. */
  leave(): void;
}

/**
 * A player's game client in the test runner: ConnectGameServer from the player's signed-in page (own characters
 * only), then a TCP connection to the game server it names and `JOIN <connection id>` (the reference game server's
 * line protocol); resolves once the game server has verified the join (`WELCOME`).
 */
export async function joinAsPlayer(playerPage: Page, characterId: string): Promise<LivePlayer> {
  const joined = await restFromPage(playerPage, 'GET', `/v1/connect/character/id/${characterId}`);
  expect(joined.status, JSON.stringify(joined.json)).toBe(200);
  const socket = connect(joined.json.port, joined.json.address);
  socket.on('error', () => socket.destroy());
  const lines: string[] = [];
  const waiting: ((line: string) => void)[] = [];
  createInterface({ input: socket, crlfDelay: Infinity }).on('line', (line) => (waiting.length ? waiting.shift()!(line) : lines.push(line)));
  const closed = new Promise<void>((resolve) => socket.once('close', () => resolve()));
  const nextLine = () => new Promise<string>((resolve) => (lines.length ? resolve(lines.shift()!) : waiting.push(resolve)));
  socket.write(`JOIN ${joined.json.connectionId}\n`);
  expect(await nextLine()).toBe(`WELCOME ${characterId}`);
  return { characterId, nextLine, closed, leave: () => void socket.write('LEAVE\n') };
}
