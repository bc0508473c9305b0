import type { AnyRequest, AnyResponse } from "../platform/http/listener.js";

import type { Caller } from "../platform/auth/caller.js";
import { hasControlCharacters } from "../platform/text-rules.js";
import { auditActorOfRequest, sendJson } from "./http-kit.js";
import type { IdentityContext } from "./identity-context.js";
import type { SessionSummary } from "./session-list.js";
import type { User } from "./user-store.js";

/**
 * Keycloak's session paths of the admin API (what keycloak-admin-client's users.listSessions, users.logout and
 * realms.deleteSession call). Admins only: a session shows where a person signs in from. Ending a session stops its
 * tokens on every node at once (platform/auth/revocations.ts); each end is audited ("user.sessions.end"), and so is
 * each read that shows at least one session ("user.sessions.read": addresses are personal data; the count only).
 */
export async function listUserSessions(ctx: IdentityContext, req: AnyRequest, res: AnyResponse, caller: Caller, user: User): Promise<void> {
  const sessions = await ctx.sessions.list(user.id);
  if (sessions.length > 0) {
    const actor = auditActorOfRequest(caller, req, ctx.trustProxy);
    await ctx.audit(actor, { action: "user.sessions.read", targetType: "user", targetId: user.id, after: { answered: sessions.length } });
  }
  sendJson(
    res,
    200,
    sessions.map((s) => userSessionRepresentation(s, user.username)),
  );
}

/** POST users/{id}/logout: every session and grant of the user ends, and every token issued until now. */
export async function logoutUser(ctx: IdentityContext, req: AnyRequest, res: AnyResponse, caller: Caller, user: User): Promise<void> {
  const ended = await ctx.sessions.end(auditActorOfRequest(caller, req, ctx.trustProxy), user.id);
  ctx.onUserChanged(user.id);
  ctx.logger.info({ by: caller.sub, userId: user.id, endedSessions: ended.length }, "user signed out everywhere");
  res.writeHead(204);
  res.end();
}

/** DELETE sessions/{id}: that one session ends; the user's other sessions go on. */
export async function deleteSession(ctx: IdentityContext, req: AnyRequest, res: AnyResponse, caller: Caller, sessionUid: string): Promise<void> {
  const owner = hasControlCharacters(sessionUid) ? undefined : await ctx.sessions.ownerOf(sessionUid);
  const ended = owner ? await ctx.sessions.end(auditActorOfRequest(caller, req, ctx.trustProxy), owner, sessionUid) : [];
  if (!owner || ended.length === 0) return sendJson(res, 404, { error: "Session not found" });
  ctx.onSessionEnded(owner, sessionUid);
  ctx.logger.info({ by: caller.sub, userId: owner }, "session ended by an admin");
  res.writeHead(204);
  res.end();
}

/** Keycloak's UserSessionRepresentation; `clients` maps each app to its client id (we have no separate client uuids). */
export function userSessionRepresentation(session: SessionSummary, username: string) {
  return {
    id: session.id,
    username,
    userId: session.accountId,
    ipAddress: session.address,
    start: session.startedMs,
    lastAccess: session.lastSeenMs,
    rememberMe: false,
    clients: Object.fromEntries(session.clients.map((c) => [c, c])),
    transientUser: false,
  };
}
