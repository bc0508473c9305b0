import { connect, type Socket } from "node:net";
import { createInterface } from "node:readline";
import { decodeJwt } from "jose";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { startEmbeddedServer, type EmbeddedServer } from "../test/embedded-identity-server.js";
import { insertCharacter, insertDimension, insertMap, uniqueName } from "../test/game-fixtures.js";
import { signIn, TestBrowser } from "../test/oidc-test-client.js";
import { rest } from "../test/rest-client.js";
import { openGameApi } from "./game-api.js";
import { ReferenceGameServer } from "./reference-game-server.js";

const SECRET = "reference-game-server-secret";

/** A game client: one TCP connection to a game server, reading its answers line by line. */
function gameClient(port: number) {
  const socket: Socket = connect(port, "127.0.0.1");
  const answers: string[] = [];
  const waiting: Array<(line: string) => void> = [];
  createInterface({ input: socket }).on("line", (line) => {
    const next = waiting.shift();
    if (next) next(line);
    else answers.push(line);
  });
  const closed = new Promise<void>((resolve) => socket.on("close", () => resolve()));
  return {
    send: (line: string) => socket.write(`${line}\n`),
    answer: () => new Promise<string>((resolve) => (answers.length ? resolve(answers.shift()!) : waiting.push(resolve))),
    closed,
    close: () => socket.end(),
  };
}

/**
 * The reference game server against the real server and its embedded provider: a client-credentials token from the
 * token endpoint, grpc-js with the .proto files, players joining with connection ids from ConnectGameServer.
 */
describe("the reference game server", () => {
  let s: EmbeddedServer;
  let playerToken: string;
  let adminToken: string;
  let playerId: string;
  const servers: ReferenceGameServer[] = [];
  const start = async (dimensionId: string, mapId: string) => {
    const api = openGameApi({ serverUrl: s.url, tokenUrl: `${s.issuer}/protocol/openid-connect/token`, clientId: "game-server", clientSecret: SECRET });
    const server = new ReferenceGameServer({ api, dimensionId, mapId, advertisedAddress: "127.0.0.1", listenHost: "127.0.0.1" });
    await server.start();
    servers.push(server);
    return server;
  };

  beforeAll(async () => {
    s = await startEmbeddedServer({ env: { GAMESERVER_MODE: "registry", GAMESERVER_CLIENT_SECRET: SECRET } });
    playerToken = (await signIn(new TestBrowser(), { issuer: s.issuer, redirectUri: `${s.url}/`, username: "player", password: "player" })).access_token;
    playerId = decodeJwt(playerToken).sub!;
    adminToken = (await signIn(new TestBrowser(), { issuer: s.issuer, redirectUri: `${s.url}/`, username: "admin", password: "admin" })).access_token;
  });
  afterAll(async () => {
    for (const server of servers) await server.stop();
    await s?.close();
  });

  it("registers, lets a player in with a single-use id, moves them to another map and reports the leave", async () => {
    const db = s.server.database.db;
    const [gridName, wastesName] = [uniqueName("Grid"), uniqueName("Wastes")];
    const grid = await insertMap(db, { name: gridName });
    const wastes = await insertMap(db, { name: wastesName });
    const dimensionId = await insertDimension(db, [grid, wastes]);
    const character = await insertCharacter(db, playerId, dimensionId, { location: { world: gridName, x: 0, y: 0, z: 0, roll: 0, pitch: 0, yaw: 0 } });
    const onGrid = await start(dimensionId, grid);
    const onWastes = await start(dimensionId, wastes);

    const joined = await rest(s.url, "GET", `/v1/connect/character/id/${character}`, { token: playerToken });
    expect(joined.json).toMatchObject({ address: "127.0.0.1", port: onGrid.port });
    const player = gameClient(onGrid.port);
    player.send(`JOIN ${joined.json.connectionId}`);
    expect(await player.answer()).toBe(`WELCOME ${character}`);
    expect(await rest(s.url, "GET", `/v1/status/character/id/${character}`, { token: playerToken })).toMatchObject({ json: { online: true } });

    // The same id a second time: refused, and the connection closed.
    const replay = gameClient(onGrid.port);
    replay.send(`JOIN ${joined.json.connectionId}`);
    expect(await replay.answer()).toMatch(/^REFUSED FAILED_PRECONDITION .*already used/);
    await replay.closed;

    player.send(`MOVE ${wastesName}`);
    const [verb, address, port, connectionId] = (await player.answer()).split(" ");
    expect({ verb, address, port: Number(port) }).toEqual({ verb: "TRANSFER", address: "127.0.0.1", port: onWastes.port });
    await player.closed;
    const moved = gameClient(onWastes.port);
    moved.send(`JOIN ${connectionId}`);
    expect(await moved.answer()).toBe(`WELCOME ${character}`);
    expect(onGrid.players.has(character)).toBe(false);

    moved.send("LEAVE");
    expect(await moved.answer()).toBe("BYE");
    // proto3 JSON leaves out a false `online`.
    await vi.waitFor(async () => expect((await rest(s.url, "GET", `/v1/status/character/id/${character}`, { token: playerToken })).json).toEqual({}), {
      timeout: 20_000,
      interval: 50,
    });
  });

  it("obeys a kick: the player is told why, the connection ends, and the moderator sees the confirmation", async () => {
    const db = s.server.database.db;
    const mapName = uniqueName("Grid");
    const map = await insertMap(db, { name: mapName });
    const dimensionId = await insertDimension(db, [map]);
    const character = await insertCharacter(db, playerId, dimensionId, { location: { world: mapName, x: 0, y: 0, z: 0, roll: 0, pitch: 0, yaw: 0 } });
    const server = await start(dimensionId, map);
    const joined = await rest(s.url, "GET", `/v1/connect/character/id/${character}`, { token: playerToken });
    const player = gameClient(server.port);
    player.send(`JOIN ${joined.json.connectionId}`);
    expect(await player.answer()).toBe(`WELCOME ${character}`);

    const kick = await rest(s.url, "POST", `/v1/characters/id/${character}/kick`, { token: adminToken, body: { reason: "Griefing the spawn" } });
    expect(kick).toMatchObject({ status: 200, json: { state: "PLAYER_REMOVAL_STATE_PENDING" } });
    expect(await player.answer()).toBe("KICKED Griefing the spawn");
    await player.closed;
    await vi.waitFor(
      async () =>
        expect((await rest(s.url, "GET", `/v1/player-removals/id/${kick.json.id}`, { token: adminToken })).json).toMatchObject({
          state: "PLAYER_REMOVAL_STATE_CONFIRMED",
          serverId: server.serverId,
        }),
      { timeout: 20_000, interval: 50 },
    );
    expect((await rest(s.url, "GET", `/v1/status/character/id/${character}`, { token: playerToken })).json).toEqual({});
  });

  it("holds its actions stream again when it ends or cannot be opened, so a later kick still arrives", async () => {
    const db = s.server.database.db;
    const mapName = uniqueName("Grid");
    const map = await insertMap(db, { name: mapName });
    const dimensionId = await insertDimension(db, [map]);
    const character = await insertCharacter(db, playerId, dimensionId, { location: { world: mapName, x: 0, y: 0, z: 0, roll: 0, pitch: 0, yaw: 0 } });
    const api = openGameApi({ serverUrl: s.url, tokenUrl: `${s.issuer}/protocol/openid-connect/token`, clientId: "game-server", clientSecret: SECRET });
    // As across a restart of our server: the open stream ends, then opening it again fails once.
    const opened: Array<Awaited<ReturnType<typeof api.watchPlayerActions>>> = [];
    let failNext = false;
    const watch = api.watchPlayerActions.bind(api);
    api.watchPlayerActions = async (serverId) => {
      if (failNext) {
        failNext = false;
        throw new Error("connect ECONNREFUSED");
      }
      const stream = await watch(serverId);
      opened.push(stream);
      return stream;
    };
    const server = new ReferenceGameServer({ api, dimensionId, mapId: map, advertisedAddress: "127.0.0.1", listenHost: "127.0.0.1" });
    await server.start();
    servers.push(server);
    failNext = true;
    opened[0]!.cancel();
    opened[0]!.emit("end");
    await vi.waitFor(() => expect(opened).toHaveLength(2), { timeout: 20_000, interval: 50 });

    const joined = await rest(s.url, "GET", `/v1/connect/character/id/${character}`, { token: playerToken });
    const player = gameClient(server.port);
    player.send(`JOIN ${joined.json.connectionId}`);
    expect(await player.answer()).toBe(`WELCOME ${character}`);
    await rest(s.url, "POST", `/v1/characters/id/${character}/kick`, { token: adminToken, body: { reason: "Back after the restart" } });
    expect(await player.answer()).toBe("KICKED Back after the restart");
  });

  it("refuses an unknown id and answers unknown commands without dropping the player", async () => {
    const db = s.server.database.db;
    const map = await insertMap(db, { name: uniqueName("Grid") });
    const server = await start(await insertDimension(db, [map]), map);
    const stranger = gameClient(server.port);
    stranger.send("DANCE");
    expect(await stranger.answer()).toBe("ERROR unknown or out-of-order command: DANCE");
    stranger.send("JOIN 00000000-0000-4000-8000-000000000000");
    expect(await stranger.answer()).toMatch(/^REFUSED NOT_FOUND /);
    await stranger.closed;
  });
});
