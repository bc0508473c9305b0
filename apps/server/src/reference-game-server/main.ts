import { openGameApi } from "./game-api.js";
import { ReferenceGameServer } from "./reference-game-server.js";

/**
 * `npm run game-server`: the reference game server against a running SRO server in registry mode
 * (docs/game-servers.md "The reference game server" lists the settings).
 */
const env = process.env;
const required = (name: string) => {
  const value = env[name];
  if (!value) {
    console.error(`reference game server: ${name} is required (docs/game-servers.md)`);
    process.exit(2);
  }
  return value;
};

const serverUrl = env.SRO_URL ?? "http://localhost:8080";
const server = new ReferenceGameServer({
  api: openGameApi({
    serverUrl,
    tokenUrl: env.SRO_TOKEN_URL ?? `${serverUrl}/realms/${env.SRO_REALM ?? "default"}/protocol/openid-connect/token`,
    clientId: env.SRO_CLIENT_ID ?? "game-server",
    clientSecret: required("GAMESERVER_CLIENT_SECRET"),
  }),
  dimensionId: required("DIMENSION_ID"),
  mapId: required("MAP_ID"),
  advertisedAddress: env.ADVERTISED_ADDRESS ?? "127.0.0.1",
  listenPort: Number(env.LISTEN_PORT ?? 0),
  maxPlayers: Number(env.MAX_PLAYERS ?? 0),
  log: (line) => console.log(line),
});

await server.start().catch((error: Error) => {
  console.error(`reference game server: could not register: ${error.message}`);
  process.exit(1);
});
console.log(`reference game server: players connect to ${env.ADVERTISED_ADDRESS ?? "127.0.0.1"}:${server.port}`);
for (const signal of ["SIGINT", "SIGTERM"] as const) process.once(signal, () => void server.stop().then(() => process.exit(0)));
