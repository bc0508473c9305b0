import { PlayerRemovalState, type PlayerRemoval } from '../../gen/sro/gameserver/control_pb';

/** How long a game server has to confirm a removal before the server marks it unconfirmed (docs/game-servers.md). */
export const CONFIRM_WINDOW_SECONDS = 10;

export type RemovalTone = 'pending' | 'done' | 'failed';

/** The server a removal went to, as staff know it: its address, else its id. */
const serverOf = (removal: Pick<PlayerRemoval, 'serverAddress' | 'serverId'>) => removal.serverAddress || removal.serverId || 'the game server';

/** What became of a removal, in words, and how it looks. */
export function removalOutcome(removal: Pick<PlayerRemoval, 'state' | 'serverAddress' | 'serverId' | 'latencyMs'>): { text: string; tone: RemovalTone } {
  const server = serverOf(removal);
  switch (removal.state) {
    case PlayerRemovalState.CONFIRMED:
      return { text: `Disconnected from ${server} after ${removal.latencyMs.toLocaleString('en-US')} ms`, tone: 'done' };
    case PlayerRemovalState.UNCONFIRMED:
      return {
        text: `${server} did not confirm within ${CONFIRM_WINDOW_SECONDS} s: the player may still be connected.`,
        tone: 'failed',
      };
    default:
      return { text: `Waiting for ${server} to confirm…`, tone: 'pending' };
  }
}

export const KICK_REASON_LABEL = 'Reason (shown to the player)';

/** The kick's refusal, in words: the server's message after what failed. */
export const kickFailureText = (message: string) => `Could not kick the player. ${message}`;
