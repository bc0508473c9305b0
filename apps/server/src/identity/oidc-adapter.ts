import { and, eq, gt, inArray, isNull, lt, or, sql } from "drizzle-orm";
import type { Adapter, AdapterPayload } from "oidc-provider";
import type { Db } from "../platform/db/database.js";
import { hasControlCharacters } from "../platform/text-rules.js";
import { oidcPayloads } from "./schema.js";

/**
 * oidc-provider's storage (sessions, interactions, grants, codes, refresh tokens …) in identity_oidc_payloads, one
 * row per model instance keyed by (kind, id). Shared by every node, so any node can continue any flow.
 */
export function createOidcAdapterFactory(db: Db): (kind: string) => Adapter {
  return (kind) => new DbAdapter(db, kind);
}

const notExpired = () => or(isNull(oidcPayloads.expiresAt), gt(oidcPayloads.expiresAt, new Date()));

class DbAdapter implements Adapter {
  constructor(
    private readonly db: Db,
    private readonly kind: string,
  ) {}

  async upsert(id: string, payload: AdapterPayload, expiresIn?: number): Promise<void> {
    const row = {
      payload,
      grantId: payload.grantId ?? null,
      userCode: payload.userCode ?? null,
      uid: payload.uid ?? null,
      expiresAt: expiresIn ? new Date(Date.now() + expiresIn * 1000) : null,
    };
    await this.db
      .insert(oidcPayloads)
      .values({ id, kind: this.kind, ...row })
      .onConflictDoUpdate({ target: [oidcPayloads.kind, oidcPayloads.id], set: { ...row, consumedAt: null } });
  }

  // Ids come from clients (codes, tokens, cookies): one with a control character exists nowhere, and PostgreSQL
  // would refuse the NUL with an error (a 500) instead of finding nothing.
  find(id: string) {
    return hasControlCharacters(id) ? Promise.resolve(undefined) : this.findBy(eq(oidcPayloads.id, id));
  }

  findByUid(uid: string) {
    return hasControlCharacters(uid) ? Promise.resolve(undefined) : this.findBy(eq(oidcPayloads.uid, uid));
  }

  findByUserCode(userCode: string) {
    return hasControlCharacters(userCode) ? Promise.resolve(undefined) : this.findBy(eq(oidcPayloads.userCode, userCode));
  }

  private async findBy(condition: ReturnType<typeof eq>): Promise<AdapterPayload | undefined> {
    const [row] = await this.db
      .select({ payload: oidcPayloads.payload, consumedAt: oidcPayloads.consumedAt })
      .from(oidcPayloads)
      .where(and(eq(oidcPayloads.kind, this.kind), condition, notExpired()))
      .limit(1);
    if (!row) return undefined;
    const payload = row.payload as AdapterPayload;
    return row.consumedAt ? { ...payload, consumed: Math.floor(row.consumedAt.getTime() / 1000) } : payload;
  }

  async consume(id: string): Promise<void> {
    if (hasControlCharacters(id)) return;
    await this.db
      .update(oidcPayloads)
      .set({ consumedAt: new Date() })
      .where(and(eq(oidcPayloads.kind, this.kind), eq(oidcPayloads.id, id)));
  }

  async destroy(id: string): Promise<void> {
    if (hasControlCharacters(id)) return;
    await this.db.delete(oidcPayloads).where(and(eq(oidcPayloads.kind, this.kind), eq(oidcPayloads.id, id)));
  }

  /** Revoking a grant drops every artefact issued under it, whatever its kind (codes, refresh tokens …). */
  async revokeByGrantId(grantId: string): Promise<void> {
    await this.db.delete(oidcPayloads).where(eq(oidcPayloads.grantId, grantId));
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
