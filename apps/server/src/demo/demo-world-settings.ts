import { randomBytes } from "node:crypto";

type Environment = Record<string, string | undefined>;

const isOff = (value: string | undefined) => value === "false" || value === "0";

/**
 * What `npm start` runs with: in the demo (demo data, the embedded provider) the demo game world is on unless
 * DEMO_PLAYERS=false, and it needs the registry and the `game-server` client, so those are filled in when unset (a
 * fresh random secret each start: only this process's own game servers use it). Explicit settings win; an explicit
 * GAMESERVER_MODE=local keeps the world off (unless DEMO_PLAYERS=true asks for it: then loadConfig refuses the pair). Tests and benches load their config without this, so they stay off.
 */
export function demoWorldEnvironment(env: Environment): Environment {
  const unset = (name: string) => env[name] === undefined || env[name] === "";
  // The demo game world needs the embedded provider (its game servers' tokens) and the demo's maps and characters.
  const demo = unset("OIDC_ISSUER") && !isOff(env.SEED_DEMO);
  // An image (NODE_ENV=production) ships no .proto files for the reference game server: on only when asked.
  if (env.NODE_ENV === "production" && unset("DEMO_PLAYERS")) return env;
  const registryAllowed = unset("GAMESERVER_MODE") || env.GAMESERVER_MODE === "registry";
  const on = unset("DEMO_PLAYERS") || env.DEMO_PLAYERS === "true" || env.DEMO_PLAYERS === "1";
  // An explicit DEMO_PLAYERS=true the demo cannot honour goes on to loadConfig, which names what is missing.
  if (!on || !demo || !registryAllowed) return env;
  return {
    ...env,
    DEMO_PLAYERS: "true",
    GAMESERVER_MODE: "registry",
    GAMESERVER_CLIENT_SECRET: env.GAMESERVER_CLIENT_SECRET || randomBytes(24).toString("base64url"),
  };
}
