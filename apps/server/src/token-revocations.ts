import type { ChatBus, ChatEvent } from "./chat/chat-bus.js";
import type { TokenRevocation, TokenRevocationStore } from "./identity/token-revocation-store.js";
import { createRevocations, type Revocations } from "./platform/auth/revocations.js";
import type { Logger } from "./platform/logger.js";

export interface TokenRevocations {
  revocations: Revocations;
  /**
   * Every token of the user issued until now stops counting (a tightened account ban): here at once; resolves once
   * recorded and announced to every node.
   */
  revokeUser: (userId: string) => Promise<void>;
  /** A user's access changed (groups, enabled, password): revokeUser, without waiting. */
  onUserChanged: (userId: string) => void;
  /** A user signed out of a sign-in session (of every client, or of clientId only): that session's tokens stop counting. */
  onSessionEnded: (userId: string, sessionId: string, clientId?: string) => void;
}

/**
 * This node's revocations (platform/auth/revocations.ts), kept current over the chat bus (NATS across nodes) and, with
 * the embedded provider, from the database: what was revoked before this node listened (it started later, or
 * restarted) is read back at start. A revocation counts here at once, is recorded, then announced to the other nodes.
 */
export async function openTokenRevocations(deps: { chatBus: ChatBus; logger: Logger; store?: TokenRevocationStore }): Promise<TokenRevocations> {
  const { chatBus, logger, store } = deps;
  const revocations = createRevocations();
  const apply = ({ userId, atMs, sessionId, clientId }: TokenRevocation) =>
    sessionId === undefined ? revocations.revoke(userId, atMs) : revocations.endSession(userId, sessionId, atMs, clientId);
  // Watching before reading the store, and recording before announcing: a node starting meanwhile reads it or hears it.
  chatBus.watchControl((topic, event) => {
    if (topic.kind !== "user") return;
    if (event.type === "user-changed") apply({ userId: topic.id, atMs: event.atMs });
    else if (event.type === "session-ended") apply({ userId: topic.id, sessionId: event.sessionId, clientId: event.clientId, atMs: event.atMs });
  });
  for (const revocation of (await store?.recent()) ?? []) apply(revocation);

  /** Counts here at once; resolves once recorded (a failure only logged) and announced (a failure rejects). */
  const revokeAndAnnounce = async (revocation: TokenRevocation, event: ChatEvent, what: string) => {
    apply(revocation);
    const { userId } = revocation;
    await store?.record(revocation).catch((error: unknown) => logger.error({ err: error, userId }, `could not record ${what}`));
    await chatBus.publish({ kind: "user", id: userId }, event);
  };
  const announce = (revocation: TokenRevocation, event: ChatEvent, what: string) =>
    void revokeAndAnnounce(revocation, event, what).catch((error: unknown) =>
      logger.error({ err: error, userId: revocation.userId }, `could not announce ${what}`),
    );
  const revokeUser = (userId: string) => {
    const atMs = Date.now();
    return revokeAndAnnounce({ userId, atMs }, { type: "user-changed", atMs }, "a user change");
  };
  return {
    revocations,
    revokeUser,
    onUserChanged: (userId) => void revokeUser(userId).catch((error: unknown) => logger.error({ err: error, userId }, "could not announce a user change")),
    onSessionEnded: (userId, sessionId, clientId) => {
      const atMs = Date.now();
      const event: ChatEvent = { type: "session-ended", sessionId, ...(clientId === undefined ? {} : { clientId }), atMs };
      announce({ userId, sessionId, clientId, atMs }, event, "a sign-out");
    },
  };
}
