/**
 * What identity announces on the cluster bus (platform/bus/), on a user's topic: the user's older tokens end
 * (token-revocations.ts applies them on every node; chat streams of those tokens end too).
 */
export type IdentityEvent =
  /** The user's access changed at atMs (groups, disabled, new password, account ban); older tokens and their streams end. */
  | { type: "user-changed"; atMs: number }
  /**
   * The user signed out of sign-in session sessionId at atMs, of every client, or of clientId only; that session's
   * older tokens (of that client) and their streams end.
   */
  | { type: "session-ended"; sessionId: string; clientId?: string; atMs: number }
  /** On the node topic "all": roles or mappings changed; every node reads them again (compose.ts openAccessResolver). */
  | { type: "roles-changed" };
