/** One removal as a game server hears it (GameServerControlService.WatchPlayerActions). */
export interface PlayerActionFact {
  actionId: string;
  characterId: string;
  kind: "kick" | "ban";
  /** For the player: a kick's reason, a ban's player message; never who decided it. */
  message: string;
  requestedAtMs: number;
}

/** What the game-server control announces on the cluster bus (platform/bus/): the streams of the server's topic hear it. */
export type GameServerEvent =
  /** On a game-server topic: remove this player from that server (its WatchPlayerActions streams, on any node). */
  { type: "player-action"; action: PlayerActionFact };
