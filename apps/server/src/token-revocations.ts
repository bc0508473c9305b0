import type { AppBus } from "./cluster-events.js";
import type { IdentityEvent } from "./identity/identity-events.js";
import type { TokenRevocation, TokenRevocationStore } from "./identity/token-revocation-store.js";
import { createRevocations, type Revocations } from "./platform/auth/revocations.js";
import type { Logger } from "./platform/logger.js";

export interface TokenRevocations {
  revocations: Revocations;
  /**
   * Every token of the user issued until atMs stops counting (a tightened account ban): here at once; resolves once
   * recorded and announced to every node.
   */
  revokeUser: (userId: string, atMs: number) => Promise<void>;
  /** A user's access changed (groups, enabled, password): revokeUser, without waiting. */
  onUserChanged: (userId: string) => void;
  /** A user signed out of a sign-in session (of every client, or of clientId only): that session's tokens stop counting. */
  onSessionEnded: (userId: string, sessionId: string, clientId?: string) => void;
}

/**
 * This node's revocations (platform/auth/revocations.ts), kept current over the chat bus (NATS across nodes) and from
 * the database: what was revoked before this node listened (it started later, or restarted) is read back at start. A
 * revocation counts here at once, is recorded, then announced to the other nodes. With an external provider only ours
 * are here (account bans); the provider's own changes reach us through OIDC_USERINFO_RECHECK_SECONDS or expiry.
 */
export async function openTokenRevocations(deps: { bus: AppBus; logger: Logger; store: TokenRevocationStore }): Promise<TokenRevocations> {
  const { bus, logger, store } = deps;
  const revocations = createRevocations();
  const apply = ({ userId, atMs, sessionId, clientId }: TokenRevocation) =>
    sessionId === undefined ? revocations.revoke(userId, atMs) : revocations.endSession(userId, sessionId, atMs, clientId);
  // Watching before reading the store, and recording before announcing: a node starting meanwhile reads it or hears it.
  bus.watchControl((topic, event) => {
    if (topic.kind !== "user") return;
    if (event.type === "user-changed") apply({ userId: topic.id, atMs: event.atMs });
    else if (event.type === "session-ended") apply({ userId: topic.id, sessionId: event.sessionId, clientId: event.clientId, atMs: event.atMs });
  });
  for (const revocation of await store.recent()) apply(revocation);
  // Revocations announced while this node had lost the bus never reached it: read them back.
  bus.onRegained(() => {
    store.recent().then(
      (missed) => missed.forEach(apply),
      (error: unknown) => logger.error({ err: error }, "could not re-read token revocations after the bus came back"),
    );
  });

  /** Counts here at once; resolves once recorded (a failure only logged) and announced (a failure rejects). */
  const revoke = async (revocation: TokenRevocation) => {
    apply(revocation);
    const { userId, atMs, sessionId, clientId } = revocation;
    const what = sessionId === undefined ? "a user change" : "a sign-out";
    await store.record(revocation).catch((error: unknown) => logger.error({ err: error, userId }, `could not record ${what}`));
    const event: IdentityEvent =
      sessionId === undefined ? { type: "user-changed", atMs } : { type: "session-ended", sessionId, ...(clientId === undefined ? {} : { clientId }), atMs };
    await bus.publish({ kind: "user", id: userId }, event).catch((error: unknown) => {
      logger.error({ err: error, userId }, `could not announce ${what}`);
      throw error;
    });
  };
  const revokeUser = (userId: string, atMs: number) => revoke({ userId, atMs });
  return {
    revocations,
    revokeUser,
    // Failures are logged in revoke; the identity routes do not wait for the other nodes.
    onUserChanged: (userId) => void revokeUser(userId, Date.now()).catch(() => {}),
    onSessionEnded: (userId, sessionId, clientId) => void revoke({ userId, sessionId, clientId, atMs: Date.now() }).catch(() => {}),
  };
}
