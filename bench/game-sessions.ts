import { connect } from "node:net";
import { createInterface } from "node:readline";
import { loadavg } from "node:os";
import { decodeJwt } from "jose";
import { openGameApi } from "../apps/server/src/reference-game-server/game-api.js";
import { ReferenceGameServer } from "../apps/server/src/reference-game-server/reference-game-server.js";
import { serverDistLabel, serverNodeVersion, startServerProcess } from "../apps/server/src/test/server-process.js";
import { signIn, TestBrowser } from "../apps/server/src/test/oidc-test-client.js";
import { createTestDatabase } from "../apps/server/src/test/test-server.js";
import { measureKicks, printKicks, type KickTarget } from "./game-kicks.js";
import { fmt, percentiles } from "./load.js";

/**
 * Joins through us at scale: the built server in its own process (registry mode, PGlite), 10 reference game servers
 * (grpc-js, client credentials) on one map, 1,000 characters each joining once — ConnectGameServer, then the player's
 * JOIN on the game server, which verifies the connection id with us — 32 at a time; then kicks every one of them
 * (game-kicks.ts: KickPlayer to the game server's confirmation and GetPlayerRemoval CONFIRMED), 16 at a time. With
 * DATABASE_URL: on a fresh PostgreSQL database instead.
 */
const PLAYERS = Number(process.env.BENCH_GAME_PLAYERS ?? 1000);
const SERVERS = Number(process.env.BENCH_GAME_SERVERS ?? 10);
const CONCURRENCY = Number(process.env.BENCH_GAME_CONCURRENCY ?? 32);
const KICK_CONCURRENCY = Number(process.env.BENCH_KICK_CONCURRENCY ?? 16);
const SECRET = "bench-game-server-secret";

export async function run() {
  const database = process.env.DATABASE_URL ? await createTestDatabase() : undefined;
  const server = await startServerProcess(
    {
      SEED_DEMO: "true",
      GAMESERVER_MODE: "registry",
      GAMESERVER_CLIENT_SECRET: SECRET,
      MAX_CHARACTERS_PER_PLAYER: String(PLAYERS + 10),
      DATABASE_URL: database?.url ?? "",
    },
    "dist",
    { readyWithinMs: 240_000 },
  );
  const games: ReferenceGameServer[] = [];
  try {
    const issuer = `${server.publicUrl}/realms/default`;
    const admin = (await signIn(new TestBrowser(), { issuer, redirectUri: `${server.publicUrl}/`, username: "admin", password: "admin" })).access_token;
    const api = async <T>(method: string, path: string, body?: object): Promise<T> => {
      const response = await fetch(`${server.url}${path}`, {
        method,
        headers: { authorization: `Bearer ${admin}`, "content-type": "application/json" },
        body: body && JSON.stringify(body),
      });
      const json: unknown = await response.json();
      if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${JSON.stringify(json)}`);
      return json as T;
    };
    const { dimensions } = await api<{ dimensions: { id: string; mapIds?: string[] }[] }>("GET", "/v1/dimensions");
    const dimension = dimensions.find((d) => d.mapIds?.length);
    if (!dimension) throw new Error("the demo has no dimension with a map");
    for (let i = 0; i < SERVERS; i++) {
      const game = new ReferenceGameServer({
        api: openGameApi({ serverUrl: server.url, tokenUrl: `${issuer}/protocol/openid-connect/token`, clientId: "game-server", clientSecret: SECRET }),
        dimensionId: dimension.id,
        mapId: dimension.mapIds![0]!,
        advertisedAddress: "127.0.0.1",
        listenHost: "127.0.0.1",
        maxPlayers: Math.ceil(PLAYERS / SERVERS),
      });
      await game.start();
      games.push(game);
    }
    const owner = decodeJwt(admin).sub!;
    const characters: string[] = [];
    for (let i = 0; i < PLAYERS; i++) {
      const created = await api<{ id: string }>("POST", "/v1/characters", {
        ownerId: owner,
        name: `Bench Runner ${i}`,
        gender: "male",
        realm: "human",
        dimensionId: dimension.id,
      });
      characters.push(created.id);
    }

    const load = loadavg()[0]!;
    const sockets: Array<() => void> = [];
    const kickTargets: KickTarget[] = [];
    const latencies: number[] = [];
    let next = 0;
    const started = performance.now();
    await Promise.all(
      Array.from({ length: CONCURRENCY }, async () => {
        while (next < characters.length) {
          const character = characters[next++]!;
          const begun = performance.now();
          const { port, connectionId } = await api<{ port: number; connectionId: string }>("GET", `/v1/connect/character/id/${character}`);
          const socket = connect(port, "127.0.0.1");
          socket.write(`JOIN ${connectionId}\n`);
          const lines = createInterface({ input: socket });
          const answer = await new Promise<string>((resolve) => lines.once("line", resolve));
          if (answer !== `WELCOME ${character}`) throw new Error(`join refused: ${answer}`);
          latencies.push(performance.now() - begun);
          const kicked = new Promise<void>((resolve, reject) =>
            lines.once("line", (line) => (line.startsWith("KICKED ") ? resolve() : reject(new Error(`expected a kick: ${line}`)))),
          );
          kicked.catch(() => undefined);
          kickTargets.push({ characterId: character, kicked });
          sockets.push(() => socket.end());
        }
      }),
    );
    const seconds = (performance.now() - started) / 1000;
    const { p50, p99 } = percentiles(latencies);
    const playing = games.reduce((n, game) => n + game.players.size, 0);
    console.log(
      `\n## Game sessions: ${PLAYERS} joins on ${SERVERS} reference game servers, ${CONCURRENCY} at a time, server on Node.js ${serverNodeVersion()}${serverDistLabel()} (${database ? "PostgreSQL" : "PGlite"})\n`,
    );
    console.log("| joins | per s | p50 ms | p99 ms | playing after | load (1 min) |\n|---|---|---|---|---|---|");
    console.log(`| ${latencies.length} | ${fmt(latencies.length / seconds, 1)} | ${fmt(p50, 1)} | ${fmt(p99, 1)} | ${playing} | ${fmt(load, 1)} |`);

    const kickLoad = loadavg()[0]!;
    printKicks(await measureKicks(api, games, kickTargets, KICK_CONCURRENCY), KICK_CONCURRENCY, kickLoad);
    for (const close of sockets) close();
  } finally {
    for (const game of games) await game.stop();
    await server.stop();
    await database?.drop();
  }
}
