import { connect, type Socket } from "node:net";
import { createInterface } from "node:readline";
import { asc, eq, inArray } from "drizzle-orm";
import { characters } from "../character/schema.js";
import { dimensionMaps, dimensions, maps } from "../gameserver/schema.js";
import { createUserStore } from "../identity/user-store.js";
import type { Db } from "../platform/db/database.js";
import type { Logger } from "../platform/logger.js";
import { demoCharacterIds, demoIds } from "./demo-data.js";
import { demoPlayerToken } from "./demo-player-token.js";

/**
 * The demo's live game world: a reference game server for every map of the demo dimensions and a few demo characters
 * playing on them, joined the way a player's client joins (ConnectGameServer with the player's token, then JOIN on the
 * game server, which verifies the connection id with us). The game servers are the reference game server's own code,
 * loaded only when the world starts; it runs in this process so that it ends with the server and leaves nothing behind.
 */

// Owners other than the staff and the docs' player accounts, and none with a sanction: specs use those freely.
const PLAYING = [12, 13, 18, 19, 21, 25].map((n) => demoCharacterIds[n]!);

export interface DemoWorldOptions {
  db: Db;
  /** Where this process's server listens (the game servers and the players call it there). */
  serverUrl: string;
  /** The embedded provider's issuer: the demo players' tokens name it. */
  issuer: string;
  /** The web client's id: the demo players' tokens are its access tokens. */
  clientId: string;
  gameServerClientSecret: string;
  logger: Logger;
}

export interface DemoWorld {
  gameServers: number;
  /** The demo characters that joined. */
  playing: string[];
  /** The one line `npm start` prints about it. */
  summary: string;
  stop(): Promise<void>;
}

export async function startDemoWorld(options: DemoWorldOptions): Promise<DemoWorld> {
  const { ReferenceGameServer } = await import("../reference-game-server/reference-game-server.js");
  const { openGameApi } = await import("../reference-game-server/game-api.js");
  const { db, logger } = options;
  const demoDimensions = [demoIds.dimensions.prime, demoIds.dimensions.shadow];
  const placements = await db
    .select({ dimensionId: dimensionMaps.dimensionId, dimensionName: dimensions.name, mapId: dimensionMaps.mapId, mapName: maps.name })
    .from(dimensionMaps)
    .innerJoin(dimensions, eq(dimensions.id, dimensionMaps.dimensionId))
    .innerJoin(maps, eq(maps.id, dimensionMaps.mapId))
    .where(inArray(dimensionMaps.dimensionId, demoDimensions))
    .orderBy(asc(dimensions.name), asc(dimensionMaps.position));
  const tokenUrl = `${options.serverUrl}/realms/default/protocol/openid-connect/token`;
  const servers: InstanceType<typeof ReferenceGameServer>[] = [];
  const sockets = new Set<Socket>();
  const stop = async () => {
    await Promise.all(servers.map((server) => server.stop()));
    for (const socket of sockets) socket.destroy();
  };
  try {
    for (const placement of placements) {
      const server = new ReferenceGameServer({
        api: openGameApi({ serverUrl: options.serverUrl, tokenUrl, clientId: "game-server", clientSecret: options.gameServerClientSecret }),
        dimensionId: placement.dimensionId,
        mapId: placement.mapId,
        advertisedAddress: "127.0.0.1",
        listenHost: "127.0.0.1",
        log: (line) => logger.debug(line),
      });
      await server.start();
      servers.push(server);
    }
    const playing: string[] = [];
    for (const characterId of await presentCharacters(db, PLAYING)) {
      const joined = await joinAsPlayer(options, characterId.id, characterId.ownerId, sockets).catch((error: Error) => {
        logger.warn({ characterId: characterId.id, reason: error.message }, "demo player could not join");
        return false;
      });
      if (joined) playing.push(characterId.id);
    }
    const names = [...new Set(placements.map((p) => p.dimensionName))].join(", ");
    const summary = `Demo game world: ${servers.length} reference game servers (${names || "no demo dimension left"}) and ${playing.length} demo players online · DEMO_PLAYERS=false turns it off`;
    logger.info({ gameServers: servers.length, players: playing.length }, "demo game world started");
    return { gameServers: servers.length, playing, summary, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}

/** The demo characters still there (an operator may have deleted some), with their owners. */
async function presentCharacters(db: Db, ids: string[]) {
  const rows = await db
    .select({ id: characters.id, ownerId: characters.ownerId, deletedAt: characters.deletedAt })
    .from(characters)
    .where(inArray(characters.id, ids));
  return ids.map((id) => rows.find((row) => row.id === id && !row.deletedAt)).filter((row) => row !== undefined);
}

/** A player's client: ConnectGameServer over REST with the owner's token, then JOIN on the game server it names. */
async function joinAsPlayer(options: DemoWorldOptions, characterId: string, ownerId: string, sockets: Set<Socket>): Promise<boolean> {
  const token = await demoPlayerToken({ db: options.db, users: createUserStore(options.db), issuer: options.issuer, clientId: options.clientId }, ownerId);
  if (!token) throw new Error("its owner's account is gone or disabled");
  const response = await fetch(`${options.serverUrl}/v1/connect/character/id/${characterId}`, { headers: { authorization: `Bearer ${token}` } });
  const body = (await response.json()) as { address?: string; port?: number; connectionId?: string; message?: string };
  if (!response.ok || !body.port || !body.connectionId) throw new Error(`ConnectGameServer answered ${response.status} ${body.message ?? ""}`.trim());
  const socket = connect(body.port, body.address ?? "127.0.0.1");
  sockets.add(socket);
  socket.on("close", () => sockets.delete(socket));
  socket.on("error", () => socket.destroy());
  const lines = createInterface({ input: socket, crlfDelay: Infinity });
  socket.write(`JOIN ${body.connectionId}\n`);
  const answer = await new Promise<string>((resolve) => {
    lines.once("line", resolve);
    socket.once("close", () => resolve("REFUSED closed"));
  });
  if (answer !== `WELCOME ${characterId}`) {
    socket.destroy();
    throw new Error(`the game server answered ${answer}`);
  }
  return true;
}
