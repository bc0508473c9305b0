import type { ConnectError } from "@connectrpc/connect";
import { describeDuration, sanctionError } from "./sanction-message.js";
import type { SanctionStore } from "./sanction-store.js";

export type GameBans = ReturnType<typeof createGameBans>;

/**
 * Bans of scope "game" keep a character (or every character of an account) out of game sessions: the join flow asks
 * here before it hands out a connection id (compose.ts wires it). Chat does not read them.
 */
export function createGameBans(store: Pick<SanctionStore, "activeGameBans">, now: () => number = Date.now) {
  return {
    /** PERMISSION_DENIED with the ban that holds longest (its reason and time left, no staff identity), or undefined. */
    async refusal(characterId: string, accountId: string): Promise<ConnectError | undefined> {
      const nowMs = now();
      const bans = await store.activeGameBans(characterId, accountId, nowMs);
      const end = (s: (typeof bans)[number]) => s.expiresAtMs ?? Number.POSITIVE_INFINITY;
      const decisive = bans.reduce<(typeof bans)[number] | undefined>((best, s) => (!best || end(s) > end(best) ? s : best), undefined);
      if (!decisive) return undefined;
      const who = decisive.characterId === null ? "this account" : "this character";
      let message =
        decisive.expiresAtMs === null
          ? `permission denied: ${who} is permanently banned from the game`
          : `permission denied: ${who} is banned from the game for another ${describeDuration(decisive.expiresAtMs - nowMs)} (until ${new Date(decisive.expiresAtMs).toISOString()})`;
      message += `. Reason: ${decisive.reason}`;
      if (decisive.playerMessage) message += `. Message: ${decisive.playerMessage}`;
      return sanctionError(message, decisive, nowMs);
    },
  };
}
