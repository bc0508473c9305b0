import { and, eq, gt, inArray, isNull, lt, or, sql } from "drizzle-orm";
import { alias, type PgColumn } from "drizzle-orm/pg-core";
import { errors, type Adapter, type AdapterPayload } from "oidc-provider";
import type { Db } from "../platform/db/database.js";
import { hasControlCharacters } from "../platform/text-rules.js";
import type { RequestMemo } from "./request-memo.js";
import { oidcPayloads } from "./schema.js";

/**
 * oidc-provider's storage (sessions, interactions, grants, codes, refresh tokens …) in identity_oidc_payloads, one
 * row per model instance keyed by (kind, id). Shared by every node, so any node can continue any flow.
 *
 * Each statement is prepared once (no query building per call; a named statement on PostgreSQL). Reads go through
 * the request's memo (request-memo.ts): a code or refresh token comes with its grant and session in one statement,
 * which the provider asks for next, and a second read of a row in the same request is not a second statement. Any
 * write through the adapter forgets what the request read, so later reads in it see the write.
 */
export function createOidcAdapterFactory(db: Db, memo: RequestMemo): (kind: string) => Adapter {
  const statements = prepareStatements(db);
  return (kind) => new DbAdapter(statements, memo, kind);
}

/** A placeholder passed to the driver as given (drizzle's column encoders would refuse a null timestamp). */
const value = (name: string) => sql`${sql.placeholder(name)}`;
const notExpired = (expiresAt: PgColumn = oidcPayloads.expiresAt) => or(isNull(expiresAt), gt(expiresAt, value("now")));
/** Kinds whose rows name a grant (grant_id) and a session (payload sessionUid) that the provider checks right after. */
const GRANT_SOURCES = new Set(["AuthorizationCode", "RefreshToken"]);
const REUSED: Record<string, string> = { AuthorizationCode: "authorization code", RefreshToken: "refresh token" };

type Row = { payload: unknown; consumedAt: Date | null };

function prepareStatements(db: Db) {
  const byColumn = (column: typeof oidcPayloads.id | typeof oidcPayloads.uid | typeof oidcPayloads.userCode, name: string) =>
    db
      .select({ payload: oidcPayloads.payload, consumedAt: oidcPayloads.consumedAt })
      .from(oidcPayloads)
      .where(and(eq(oidcPayloads.kind, value("kind")), eq(column, value("key")), notExpired()))
      .limit(1)
      .prepare(name);
  const grant = alias(oidcPayloads, "grant_row");
  const session = alias(oidcPayloads, "session_row");
  const columns = { id: value("id"), kind: value("kind"), payload: value("payload"), grantId: value("grantId"), userCode: value("userCode") };
  const rest = { uid: value("uid"), expiresAt: value("expiresAt") };
  return {
    findById: byColumn(oidcPayloads.id, "identity_oidc_find_by_id"),
    findByUid: byColumn(oidcPayloads.uid, "identity_oidc_find_by_uid"),
    findByUserCode: byColumn(oidcPayloads.userCode, "identity_oidc_find_by_user_code"),
    /** A code or refresh token with the grant it names and the session of its sessionUid (as findByUid finds it). */
    findWithGrantAndSession: db
      .select({
        payload: oidcPayloads.payload,
        consumedAt: oidcPayloads.consumedAt,
        grantId: grant.id,
        grantPayload: grant.payload,
        grantConsumedAt: grant.consumedAt,
        sessionPayload: session.payload,
        sessionConsumedAt: session.consumedAt,
      })
      .from(oidcPayloads)
      .leftJoin(grant, and(eq(grant.kind, "Grant"), eq(grant.id, oidcPayloads.grantId), notExpired(grant.expiresAt)))
      .leftJoin(session, and(eq(session.kind, "Session"), eq(session.uid, sql`${oidcPayloads.payload}->>'sessionUid'`), notExpired(session.expiresAt)))
      .where(and(eq(oidcPayloads.kind, value("kind")), eq(oidcPayloads.id, value("key")), notExpired()))
      .limit(1)
      .prepare("identity_oidc_find_grant_source"),
    upsert: db
      .insert(oidcPayloads)
      .values({ ...columns, ...rest })
      .onConflictDoUpdate({
        target: [oidcPayloads.kind, oidcPayloads.id],
        set: { payload: columns.payload, grantId: columns.grantId, userCode: columns.userCode, ...rest, consumedAt: null },
      })
      .prepare("identity_oidc_upsert"),
    consume: db
      .update(oidcPayloads)
      .set({ consumedAt: value("now") })
      .where(and(eq(oidcPayloads.kind, value("kind")), eq(oidcPayloads.id, value("id")), isNull(oidcPayloads.consumedAt)))
      .returning({ id: oidcPayloads.id })
      .prepare("identity_oidc_consume"),
    grantOf: db
      .select({ grantId: oidcPayloads.grantId })
      .from(oidcPayloads)
      .where(and(eq(oidcPayloads.kind, value("kind")), eq(oidcPayloads.id, value("id"))))
      .prepare("identity_oidc_grant_of"),
    destroy: db
      .delete(oidcPayloads)
      .where(and(eq(oidcPayloads.kind, value("kind")), eq(oidcPayloads.id, value("id"))))
      .prepare("identity_oidc_destroy"),
    revokeByGrantId: db
      .delete(oidcPayloads)
      .where(eq(oidcPayloads.grantId, value("grantId")))
      .prepare("identity_oidc_revoke_grant"),
  };
}

type Statements = ReturnType<typeof prepareStatements>;

const payloadOf = (row: Row): AdapterPayload => {
  const payload = row.payload as AdapterPayload;
  return row.consumedAt ? { ...payload, consumed: Math.floor(row.consumedAt.getTime() / 1000) } : payload;
};

class DbAdapter implements Adapter {
  constructor(
    private readonly statements: Statements,
    private readonly memo: RequestMemo,
    private readonly kind: string,
  ) {}

  async upsert(id: string, payload: AdapterPayload, expiresIn?: number): Promise<void> {
    this.memo.forgetPayloads();
    await this.statements.upsert.execute({
      id,
      kind: this.kind,
      payload: JSON.stringify(payload),
      grantId: payload.grantId ?? null,
      userCode: payload.userCode ?? null,
      uid: payload.uid ?? null,
      expiresAt: expiresIn ? new Date(Date.now() + expiresIn * 1000).toISOString() : null,
    });
  }

  // Ids come from clients (codes, tokens, cookies): one with a control character exists nowhere, and PostgreSQL
  // would refuse the NUL with an error (a 500) instead of finding nothing.
  find(id: string) {
    if (hasControlCharacters(id)) return Promise.resolve(undefined);
    return GRANT_SOURCES.has(this.kind) ? this.findGrantSource(id) : this.findBy("id", id, this.statements.findById);
  }

  findByUid(uid: string) {
    return hasControlCharacters(uid) ? Promise.resolve(undefined) : this.findBy("uid", uid, this.statements.findByUid);
  }

  findByUserCode(userCode: string) {
    return hasControlCharacters(userCode) ? Promise.resolve(undefined) : this.findBy("userCode", userCode, this.statements.findByUserCode);
  }

  private async findBy(column: string, key: string, statement: Statements["findById"]): Promise<AdapterPayload | undefined> {
    const memoKey = `${this.kind}:${column}:${key}`;
    const known = this.remembered(memoKey);
    if (known) return known.payload;
    const [row] = await statement.execute({ kind: this.kind, key, now: new Date().toISOString() });
    const payload = row ? payloadOf(row) : undefined;
    // The memo keeps its own copy: the caller's may be changed by the provider's model.
    this.memo.payloads()?.set(memoKey, payload && structuredClone(payload));
    return payload;
  }

  /** The token, remembering its grant and session (found or not) for the reads the provider makes next. */
  private async findGrantSource(id: string): Promise<AdapterPayload | undefined> {
    const memoKey = `${this.kind}:id:${id}`;
    const known = this.remembered(memoKey);
    if (known) return known.payload;
    const [row] = await this.statements.findWithGrantAndSession.execute({ kind: this.kind, key: id, now: new Date().toISOString() });
    const payload = row ? payloadOf(row) : undefined;
    const payloads = this.memo.payloads();
    if (payloads && row) {
      payloads.set(memoKey, payload && structuredClone(payload));
      if (payload?.grantId) {
        const grant = row.grantId === null ? undefined : payloadOf({ payload: row.grantPayload, consumedAt: row.grantConsumedAt });
        payloads.set(`Grant:id:${payload.grantId}`, grant);
      }
      if (typeof payload?.sessionUid === "string") {
        const session = row.sessionPayload === null ? undefined : payloadOf({ payload: row.sessionPayload, consumedAt: row.sessionConsumedAt });
        payloads.set(`Session:uid:${payload.sessionUid}`, session);
      }
    }
    return payload;
  }

  /** A row this request read already: a copy, since the provider's models may change what they are given. */
  private remembered(memoKey: string): { payload: AdapterPayload | undefined } | undefined {
    const payloads = this.memo.payloads();
    if (!payloads?.has(memoKey)) return undefined;
    const payload = payloads.get(memoKey) as AdapterPayload | undefined;
    return { payload: payload && structuredClone(payload) };
  }

  /**
   * oidc-provider checks `consumed` on what it read, then consumes: two exchanges of one code or refresh token in
   * flight together both passed that check. Only one consume now wins; the other is treated as the reuse it is, as
   * oidc-provider treats a second exchange that comes later: the grant and all issued under it are revoked.
   */
  async consume(id: string): Promise<void> {
    if (hasControlCharacters(id)) return;
    this.memo.forgetPayloads();
    const won = await this.statements.consume.execute({ kind: this.kind, id, now: new Date().toISOString() });
    if (won.length > 0 || !GRANT_SOURCES.has(this.kind)) return;
    const [row] = await this.statements.grantOf.execute({ kind: this.kind, id });
    if (row?.grantId) {
      await this.revokeByGrantId(row.grantId);
      await this.statements.destroy.execute({ kind: "Grant", id: row.grantId });
    }
    throw new errors.InvalidGrant(`${REUSED[this.kind]} already used`);
  }

  async destroy(id: string): Promise<void> {
    if (hasControlCharacters(id)) return;
    this.memo.forgetPayloads();
    await this.statements.destroy.execute({ kind: this.kind, id });
  }

  /** Revoking a grant drops every artefact issued under it, whatever its kind (codes, refresh tokens …). */
  async revokeByGrantId(grantId: string): Promise<void> {
    this.memo.forgetPayloads();
    await this.statements.revokeByGrantId.execute({ grantId });
  }
}

/**
 * Ends a user's sign-in sessions and grants (with every token and code issued under them), except the session with
 * uid `keepSessionUid` and the grants it holds: a password change signs the user out everywhere else, as Keycloak
 * does. Returns how many sessions ended.
 */
export async function endSessionsOf(db: Db, accountId: string, keepSessionUid?: string): Promise<number> {
  const ofAccount = sql`${oidcPayloads.payload}->>'accountId' = ${accountId}`;
  const sessions = await db
    .select({ id: oidcPayloads.id, uid: oidcPayloads.uid, payload: oidcPayloads.payload })
    .from(oidcPayloads)
    .where(and(eq(oidcPayloads.kind, "Session"), ofAccount));
  const kept = sessions.find((s) => keepSessionUid !== undefined && s.uid === keepSessionUid);
  const keptGrants = new Set(
    Object.values((kept?.payload as { authorizations?: Record<string, { grantId?: string }> } | undefined)?.authorizations ?? {})
      .map((a) => a.grantId)
      .filter((g): g is string => typeof g === "string"),
  );
  const grants = await db
    .select({ id: oidcPayloads.id })
    .from(oidcPayloads)
    .where(and(eq(oidcPayloads.kind, "Grant"), ofAccount));
  const ended = grants.map((g) => g.id).filter((id) => !keptGrants.has(id));
  const endedSessions = sessions.filter((s) => s !== kept).map((s) => s.id);
  await db.transaction((tx) => dropGrantsAndSessions(tx, ended, endedSessions));
  return endedSessions.length;
}

/** Deletes these grants with every token and code issued under them, and these sessions (by row id), in `tx`. */
export async function dropGrantsAndSessions(tx: Pick<Db, "delete">, grantIds: string[], sessionIds: string[]): Promise<void> {
  if (grantIds.length > 0) {
    await tx.delete(oidcPayloads).where(inArray(oidcPayloads.grantId, grantIds));
    await tx.delete(oidcPayloads).where(and(eq(oidcPayloads.kind, "Grant"), inArray(oidcPayloads.id, grantIds)));
  }
  if (sessionIds.length > 0) await tx.delete(oidcPayloads).where(and(eq(oidcPayloads.kind, "Session"), inArray(oidcPayloads.id, sessionIds)));
}

/** Deletes expired rows; runs periodically (the provider itself ignores them already). */
export async function deleteExpiredOidcPayloads(db: Db): Promise<number> {
  const deleted = await db
    .delete(oidcPayloads)
    .where(lt(oidcPayloads.expiresAt, sql`now()`))
    .returning({ id: oidcPayloads.id });
  return deleted.length;
}
