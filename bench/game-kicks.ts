import type { ReferenceGameServer } from "../apps/server/src/reference-game-server/reference-game-server.js";
import { fmt, percentiles } from "./load.js";

/**
 * Kick to confirmation through real game servers: for each playing character, KickPlayer (staff, REST), the game
 * server hearing the action on WatchPlayerActions (its player's connection gets `KICKED`, which the reference game
 * server sends before it confirms), its ConfirmPlayerRemoved answered, and GetPlayerRemoval reading CONFIRMED with the
 * server's own latency_ms (confirmed_at - requested_at).
 */
export interface KickTarget {
  characterId: string;
  /** Resolves when the player's connection reads `KICKED …` from its game server. */
  kicked: Promise<void>;
}

type Api = <T>(method: string, path: string, body?: object) => Promise<T>;

interface Removal {
  id: string;
  state: string;
  latencyMs?: string | number;
}

export interface KickFigures {
  kicks: number;
  perSecond: number;
  /** KickPlayer's own answer (PENDING). */
  answered: number[];
  /** From the call's start to the game server ending the player's connection. */
  atGameServer: number[];
  /** To the game server's ConfirmPlayerRemoved answered. */
  confirmed: number[];
  /** To GetPlayerRemoval reading CONFIRMED. */
  seenConfirmed: number[];
  /** The server's latency_ms of each confirmed removal. */
  serverLatency: number[];
  unconfirmed: number;
}

export async function measureKicks(api: Api, games: ReferenceGameServer[], targets: KickTarget[], concurrency: number): Promise<KickFigures> {
  const confirmations = new Map<string, () => void>();
  const onRemoved = (action: { characterId: string }) => confirmations.get(action.characterId)?.();
  for (const game of games) game.on("removed", onRemoved);
  const figures: KickFigures = { kicks: 0, perSecond: 0, answered: [], atGameServer: [], confirmed: [], seenConfirmed: [], serverLatency: [], unconfirmed: 0 };
  let next = 0;
  const started = performance.now();
  try {
    await Promise.all(
      Array.from({ length: concurrency }, async () => {
        while (next < targets.length) {
          const target = targets[next++]!;
          const confirmed = new Promise<void>((resolve) => confirmations.set(target.characterId, resolve));
          const begun = performance.now();
          const since = (promise: Promise<unknown>) => promise.then(() => performance.now() - begun);
          const atGameServer = since(target.kicked);
          const confirmedAt = since(confirmed);
          const removal = await api<Removal>("POST", `/v1/characters/id/${target.characterId}/kick`, { reason: "bench kick" });
          figures.answered.push(performance.now() - begun);
          figures.atGameServer.push(await atGameServer);
          figures.confirmed.push(await confirmedAt);
          const seen = await confirmedRemoval(api, removal.id);
          figures.seenConfirmed.push(performance.now() - begun);
          if (seen.state === "PLAYER_REMOVAL_STATE_CONFIRMED") figures.serverLatency.push(Number(seen.latencyMs ?? 0));
          else figures.unconfirmed++;
          confirmations.delete(target.characterId);
          figures.kicks++;
        }
      }),
    );
  } finally {
    for (const game of games) game.off("removed", onRemoved);
  }
  figures.perSecond = figures.kicks / ((performance.now() - started) / 1000);
  return figures;
}

/** GetPlayerRemoval until it is no longer PENDING (a read right after the confirmation normally is). */
async function confirmedRemoval(api: Api, id: string): Promise<Removal> {
  for (let attempt = 0; ; attempt++) {
    const removal = await api<Removal>("GET", `/v1/player-removals/id/${id}`);
    if (removal.state !== "PLAYER_REMOVAL_STATE_PENDING" || attempt >= 500) return removal;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

export function printKicks(figures: KickFigures, concurrency: number, load: number): void {
  const row = (name: string, values: number[]) => {
    const { p50, p99 } = percentiles(values);
    return `| ${name} | ${fmt(p50, 1)} | ${fmt(p99, 1)} |`;
  };
  console.log(
    `\n${figures.kicks} kicks, ${concurrency} at a time: ${fmt(figures.perSecond, 1)} kicks/s, ${figures.unconfirmed} not confirmed, load (1 min) ${fmt(load, 1)}\n`,
  );
  console.log("| from KickPlayer's start to | p50 ms | p99 ms |\n|---|---|---|");
  console.log(row("KickPlayer answered (PENDING)", figures.answered));
  console.log(row("game server ends the player's connection", figures.atGameServer));
  console.log(row("ConfirmPlayerRemoved answered", figures.confirmed));
  console.log(row("GetPlayerRemoval reads CONFIRMED", figures.seenConfirmed));
  console.log(row("the server's latency_ms", figures.serverLatency));
}
