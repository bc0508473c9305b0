import type { IncomingMessage } from "node:http";
import type Provider from "oidc-provider";
import type { KoaContextWithOIDC } from "oidc-provider";
import { and, eq, gt, inArray, isNull, or, sql } from "drizzle-orm";
import { appendAudit, type AuditActor } from "../audit/audit-trail.js";
import type { Db } from "../platform/db/database.js";
import type { Logger } from "../platform/logger.js";
import { dropGrantsAndSessions } from "./oidc-adapter.js";
import { oidcPayloads } from "./schema.js";

/**
 * A user's sign-in sessions as people see them (the account page, the admin API's Keycloak UserSessionRepresentation):
 * which apps hold tokens from it, where it was started from, when it started and when it was last used.
 *
 * oidc-provider keeps no request details, so the address and browser of a session are kept beside it, in the same
 * table under our own kind `SessionOrigin` (id = the session's uid, expiring with it): written once, when the session
 * first authorizes an app. "Last used" is read, not written: the newest refresh token issued under the session, or
 * the sign-in itself — so a refresh costs no extra write.
 */
export const SESSION_ORIGIN_KIND = "SessionOrigin";
const USER_AGENT_MAX = 256;

export interface SessionSummary {
  /** The session's uid: the `sid` claim of its tokens, Keycloak's user session id. */
  id: string;
  accountId: string;
  /** Apps (client ids) signed in through this session. */
  clients: string[];
  address: string;
  userAgent: string;
  startedMs: number;
  lastSeenMs: number;
}

interface SessionPayload {
  uid?: string;
  accountId?: string;
  loginTs?: number;
  exp?: number;
  authorizations?: Record<string, { grantId?: string }>;
}

const ofAccount = (accountId: string) => sql`${oidcPayloads.payload}->>'accountId' = ${accountId}`;
const notExpired = () => or(isNull(oidcPayloads.expiresAt), gt(oidcPayloads.expiresAt, new Date()));

/**
 * Records where a session came from, the first time it authorizes an app (later calls change nothing). The insert is
 * prepared once: a sign-in's resume runs it every time.
 */
export function sessionOriginRecorder(db: Db) {
  const placeholder = (name: string) => sql`${sql.placeholder(name)}`;
  const insert = db
    .insert(oidcPayloads)
    .values({
      kind: SESSION_ORIGIN_KIND,
      id: placeholder("uid"),
      uid: placeholder("uid"),
      payload: placeholder("payload"),
      expiresAt: placeholder("expiresAt"),
    })
    .onConflictDoNothing()
    .prepare("identity_session_origin_insert");
  return async (origin: { sessionUid: string; accountId: string; address: string; userAgent: string; expiresAtSeconds?: number }): Promise<void> => {
    const payload = { accountId: origin.accountId, address: origin.address, userAgent: origin.userAgent.slice(0, USER_AGENT_MAX) };
    await insert.execute({
      uid: origin.sessionUid,
      payload: JSON.stringify(payload),
      expiresAt: origin.expiresAtSeconds ? new Date(origin.expiresAtSeconds * 1000).toISOString() : null,
    });
  };
}

/** The user's live sessions, newest sign-in first. */
export async function listSessionsOf(db: Db, accountId: string): Promise<SessionSummary[]> {
  const rows = await db
    .select({ payload: oidcPayloads.payload })
    .from(oidcPayloads)
    .where(and(eq(oidcPayloads.kind, "Session"), ofAccount(accountId), notExpired()));
  const sessions = rows.map((r) => r.payload as SessionPayload).filter((s): s is SessionPayload & { uid: string } => typeof s.uid === "string");
  if (sessions.length === 0) return [];
  const uids = sessions.map((s) => s.uid);
  const origins = await db
    .select({ uid: oidcPayloads.uid, payload: oidcPayloads.payload })
    .from(oidcPayloads)
    .where(and(eq(oidcPayloads.kind, SESSION_ORIGIN_KIND), inArray(oidcPayloads.id, uids)));
  const originOf = new Map(origins.map((o) => [o.uid, o.payload as { address?: string; userAgent?: string }]));
  const sessionUid = sql<string>`${oidcPayloads.payload}->>'sessionUid'`;
  const refreshes = await db
    .select({ uid: sessionUid, lastIat: sql<string | null>`max((${oidcPayloads.payload}->>'iat')::bigint)` })
    .from(oidcPayloads)
    .where(and(eq(oidcPayloads.kind, "RefreshToken"), inArray(sessionUid, uids)))
    .groupBy(sessionUid);
  const lastRefreshOf = new Map(refreshes.map((r) => [r.uid, Number(r.lastIat ?? 0) * 1000]));
  return sessions
    .map((s) => {
      const startedMs = (s.loginTs ?? 0) * 1000;
      const origin = originOf.get(s.uid);
      return {
        id: s.uid,
        accountId,
        clients: Object.keys(s.authorizations ?? {}).sort(),
        address: origin?.address ?? "",
        userAgent: origin?.userAgent ?? "",
        startedMs,
        lastSeenMs: Math.max(startedMs, lastRefreshOf.get(s.uid) ?? 0),
      };
    })
    .sort((a, b) => b.startedMs - a.startedMs || a.id.localeCompare(b.id));
}

/**
 * Ends the user's sessions — one (`uid`) or all — with every grant they hold and the tokens and codes issued under
 * them, and their origins, recording who did it in the same transaction. Ending all also drops grants no live
 * session holds any more. Returns the uids of the sessions ended (none: nothing changed, nothing recorded).
 */
export async function endSessions(db: Db, actor: AuditActor, accountId: string, uid?: string): Promise<string[]> {
  const rows = await db
    .select({ id: oidcPayloads.id, payload: oidcPayloads.payload })
    .from(oidcPayloads)
    .where(and(eq(oidcPayloads.kind, "Session"), ofAccount(accountId), uid === undefined ? undefined : eq(oidcPayloads.uid, uid)));
  const sessions = rows.map((r) => ({ id: r.id, payload: r.payload as SessionPayload }));
  if (sessions.length === 0) return [];
  const ended = sessions.map((s) => s.payload.uid).filter((u): u is string => typeof u === "string");
  let grants = sessions.flatMap((s) => Object.values(s.payload.authorizations ?? {}).map((a) => a.grantId)).filter((g): g is string => typeof g === "string");
  await db.transaction(async (tx) => {
    if (uid === undefined) {
      const all = await tx
        .select({ id: oidcPayloads.id })
        .from(oidcPayloads)
        .where(and(eq(oidcPayloads.kind, "Grant"), ofAccount(accountId)));
      grants = [...new Set([...grants, ...all.map((g) => g.id)])];
    }
    await dropGrantsAndSessions(
      tx,
      grants,
      sessions.map((s) => s.id),
    );
    if (ended.length > 0) await tx.delete(oidcPayloads).where(and(eq(oidcPayloads.kind, SESSION_ORIGIN_KIND), inArray(oidcPayloads.id, ended)));
    await appendAudit(tx, actor, { action: "user.sessions.end", targetType: "user", targetId: accountId, before: { sessions: ended } });
  });
  return ended;
}

/** Whose live session `uid` is, or undefined. */
export async function ownerOfSession(db: Db, uid: string): Promise<string | undefined> {
  const [row] = await db
    .select({ payload: oidcPayloads.payload })
    .from(oidcPayloads)
    .where(and(eq(oidcPayloads.kind, "Session"), eq(oidcPayloads.uid, uid), notExpired()))
    .limit(1);
  return (row?.payload as SessionPayload | undefined)?.accountId;
}

/**
 * Records each signed-in session's origin when it authorizes an app (the authorization endpoint, or its resume after
 * sign-in). A middleware, not an event, so the record is there when the browser gets its answer.
 */
export function keepSessionOrigins(provider: Provider, db: Db, addressOf: (req: IncomingMessage) => string, logger: Logger): void {
  const recordSessionOrigin = sessionOriginRecorder(db);
  provider.use(async (ctx, next) => {
    await next();
    const oidc = (ctx as Partial<KoaContextWithOIDC>).oidc;
    if (oidc?.route !== "authorization" && oidc?.route !== "resume") return;
    const session = oidc.session;
    if (!session?.accountId || !session.uid) return;
    // Only a detail for the session list: a failed write must not fail the sign-in.
    await recordSessionOrigin({
      sessionUid: session.uid,
      accountId: session.accountId,
      address: addressOf(ctx.req),
      userAgent: String(ctx.req.headers["user-agent"] ?? ""),
      expiresAtSeconds: session.exp,
    }).catch((error: unknown) => logger.warn({ err: error }, "could not record a session's origin"));
  });
}
