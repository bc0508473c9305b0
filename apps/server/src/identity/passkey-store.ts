import { randomUUID } from "node:crypto";
import { and, asc, count, eq, isNotNull, sql } from "drizzle-orm";
import { appendAudit, type AuditActor } from "../audit/audit-trail.js";
import type { Db } from "../platform/db/database.js";
import { recoveryCodes, totpCredentials, webauthnCredentials } from "./schema.js";
import { newRecoveryCodes, recoveryCodeHash } from "./totp.js";

export interface Passkey {
  /** Names it at the admin API (Keycloak's CredentialRepresentation.id). */
  id: string;
  credentialId: string;
  publicKey: string;
  counter: number;
  transports: string[];
  name: string;
  createdAt: Date;
  lastUsedAt?: Date;
}

export interface NewPasskey {
  credentialId: string;
  publicKey: string;
  counter: number;
  transports: string[];
  name: string;
}

type Tx = Pick<Db, "select" | "insert" | "delete">;

/** Whether the user has a second factor of either kind (the recovery codes live as long as one does). */
export async function hasSecondFactor(tx: Pick<Db, "select">, userId: string): Promise<boolean> {
  const [keys] = await tx.select({ n: count() }).from(webauthnCredentials).where(eq(webauthnCredentials.userId, userId));
  if (keys && keys.n > 0) return true;
  const [app] = await tx
    .select({ n: count() })
    .from(totpCredentials)
    .where(and(eq(totpCredentials.userId, userId), isNotNull(totpCredentials.confirmedAt)));
  return (app?.n ?? 0) > 0;
}

/** New recovery codes (replacing any), returned to show once. */
export async function issueRecoveryCodes(tx: Tx, userId: string): Promise<string[]> {
  const codes = newRecoveryCodes();
  await tx.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
  await tx.insert(recoveryCodes).values(codes.map((c) => ({ userId, codeHash: recoveryCodeHash(c) })));
  return codes;
}

/** After a factor was removed: the recovery codes go with the last one. */
export async function dropRecoveryCodesIfNoFactor(tx: Tx, userId: string): Promise<void> {
  if (!(await hasSecondFactor(tx, userId))) await tx.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
}

const toPasskey = (row: typeof webauthnCredentials.$inferSelect): Passkey => ({ ...row, lastUsedAt: row.lastUsedAt ?? undefined });

/**
 * Passkeys (WebAuthn credentials) of the embedded provider's users. Enrolment and removal are audited in their
 * transaction with the passkey's name and admin-API id only: never its public key or credential id.
 */
export function createPasskeyStore(db: Db, now: () => number = Date.now) {
  return {
    async list(userId: string): Promise<Passkey[]> {
      const rows = await db
        .select()
        .from(webauthnCredentials)
        .where(eq(webauthnCredentials.userId, userId))
        .orderBy(asc(webauthnCredentials.createdAt), asc(webauthnCredentials.id));
      return rows.map(toPasskey);
    },

    async find(userId: string, credentialId: string): Promise<Passkey | undefined> {
      const [row] = await db
        .select()
        .from(webauthnCredentials)
        .where(and(eq(webauthnCredentials.userId, userId), eq(webauthnCredentials.credentialId, credentialId)));
      return row ? toPasskey(row) : undefined;
    },

    /**
     * Stores a verified passkey: the new recovery codes when it is the user's first second factor, else [] (the
     * existing codes stay). Undefined when the credential is registered already.
     */
    async add(actor: AuditActor, userId: string, key: NewPasskey): Promise<string[] | undefined> {
      return db.transaction(async (tx) => {
        const first = !(await hasSecondFactor(tx, userId));
        const id = randomUUID();
        const added = await tx
          .insert(webauthnCredentials)
          .values({ id, userId, ...key, createdAt: new Date(now()) })
          .onConflictDoNothing()
          .returning({ id: webauthnCredentials.id });
        if (!added.length) return undefined;
        const codes = first ? await issueRecoveryCodes(tx, userId) : [];
        await appendAudit(
          tx,
          actor,
          { action: "user.passkey.enrol", targetType: "user", targetId: userId, after: { passkey: id, name: key.name, recoveryCodes: codes.length } },
          now(),
        );
        return codes;
      });
    },

    /**
     * Records a verified sign-in with the authenticator's new signature counter. False (and nothing changes) when
     * the counter did not move forward while either side counts: a cloned authenticator, or a replay.
     */
    async recordUse(id: string, counter: number): Promise<boolean> {
      const used = await db
        .update(webauthnCredentials)
        .set({ counter, lastUsedAt: new Date(now()) })
        .where(
          and(eq(webauthnCredentials.id, id), sql`((${webauthnCredentials.counter} = 0 and ${counter} = 0) or ${webauthnCredentials.counter} < ${counter})`),
        )
        .returning({ id: webauthnCredentials.id });
      return used.length > 0;
    },

    /** Removes one passkey: "user.passkey.remove" by the user, "user.passkey.reset" by an admin. False when none. */
    async remove(actor: AuditActor, userId: string, id: string, action: "user.passkey.remove" | "user.passkey.reset"): Promise<boolean> {
      return db.transaction(async (tx) => {
        const removed = await tx
          .delete(webauthnCredentials)
          .where(and(eq(webauthnCredentials.userId, userId), eq(webauthnCredentials.id, id)))
          .returning({ name: webauthnCredentials.name });
        if (!removed.length) return false;
        await dropRecoveryCodesIfNoFactor(tx, userId);
        await appendAudit(tx, actor, { action, targetType: "user", targetId: userId, before: { passkey: id, name: removed[0]!.name } }, now());
        return true;
      });
    },

    /** Removes every passkey of the user (the CLI's break-glass reset): how many there were. */
    async removeAll(actor: AuditActor, userId: string): Promise<number> {
      return db.transaction(async (tx) => {
        const removed = await tx.delete(webauthnCredentials).where(eq(webauthnCredentials.userId, userId)).returning({ id: webauthnCredentials.id });
        if (!removed.length) return 0;
        await dropRecoveryCodesIfNoFactor(tx, userId);
        await appendAudit(tx, actor, { action: "user.passkey.reset", targetType: "user", targetId: userId, before: { passkeys: removed.length } }, now());
        return removed.length;
      });
    },
  };
}

export type PasskeyStore = ReturnType<typeof createPasskeyStore>;
