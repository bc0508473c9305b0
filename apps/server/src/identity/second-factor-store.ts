import { randomUUID } from "node:crypto";
import { and, count, eq, isNotNull, isNull, lt, sql } from "drizzle-orm";
import { appendAudit, type AuditActor } from "../audit/audit-trail.js";
import type { Db } from "../platform/db/database.js";
import { recoveryCodes, totpCredentials } from "./schema.js";
import { dropRecoveryCodesIfNoFactor, hasSecondFactor, issueRecoveryCodes } from "./passkey-store.js";
import { looksLikeTotpCode, matchingStep, newTotpSecret, recoveryCodeHash } from "./totp.js";

export interface SecondFactorStatus {
  totp: boolean;
  /** Keycloak's CredentialRepresentation.id of the confirmed TOTP credential. */
  credentialId?: string;
  confirmedAt?: Date;
  recoveryCodesLeft: number;
}

/** How a second factor was proven: an authenticator code, or one of the recovery codes (used up now). */
export type SecondFactorProof = "otp" | "recovery-code";

/**
 * Authenticator apps and recovery codes of the embedded provider's users. Every change is audited in its
 * transaction (enrolment, removal by the user, reset by an admin or the CLI, a recovery code used); secrets and
 * codes never enter the audit log.
 */
export function createSecondFactorStore(db: Db, now: () => number = Date.now) {
  const confirmed = async (userId: string) => {
    const [row] = await db
      .select()
      .from(totpCredentials)
      .where(and(eq(totpCredentials.userId, userId), isNotNull(totpCredentials.confirmedAt)));
    return row;
  };
  return {
    async status(userId: string): Promise<SecondFactorStatus> {
      const row = await confirmed(userId);
      const [left] = await db
        .select({ n: count() })
        .from(recoveryCodes)
        .where(and(eq(recoveryCodes.userId, userId), isNull(recoveryCodes.usedAt)));
      if (!row) return { totp: false, recoveryCodesLeft: left?.n ?? 0 };
      return { totp: true, credentialId: row.id, confirmedAt: row.confirmedAt ?? undefined, recoveryCodesLeft: left?.n ?? 0 };
    },

    /** A confirmed authenticator app (the admin API's `totp` flag). */
    async hasFactor(userId: string): Promise<boolean> {
      return (await confirmed(userId)) !== undefined;
    },

    /** An authenticator app or a passkey: the sign-in asks for one after the password. */
    async hasAnyFactor(userId: string): Promise<boolean> {
      return hasSecondFactor(db, userId);
    },

    /** Which of `userIds` have a confirmed authenticator (the admin API's `totp` flag). */
    async withFactor(userIds: string[]): Promise<Set<string>> {
      if (!userIds.length) return new Set();
      const rows = await db
        .select({ userId: totpCredentials.userId })
        .from(totpCredentials)
        .where(and(sql`${totpCredentials.userId} in ${userIds}`, isNotNull(totpCredentials.confirmedAt)));
      return new Set(rows.map((r) => r.userId));
    },

    /**
     * The pending secret to show while enrolling: the one already pending (a reload shows the same), or a new one.
     * Undefined when the user already has a confirmed authenticator (remove it first).
     */
    async pendingSecret(userId: string): Promise<string | undefined> {
      const [row] = await db.select().from(totpCredentials).where(eq(totpCredentials.userId, userId));
      if (row?.confirmedAt) return undefined;
      if (row) return row.secret;
      const secret = newTotpSecret();
      await db.insert(totpCredentials).values({ userId, id: randomUUID(), secret }).onConflictDoNothing();
      const [stored] = await db.select().from(totpCredentials).where(eq(totpCredentials.userId, userId));
      return stored?.confirmedAt ? undefined : stored?.secret;
    },

    /**
     * Confirms the pending secret with a code from the app: the new recovery codes (shown once) when it is the first
     * second factor, [] when a passkey came first (its codes stay), or undefined.
     */
    async confirm(actor: AuditActor, userId: string, code: string): Promise<string[] | undefined> {
      return db.transaction(async (tx) => {
        const [row] = await tx.select().from(totpCredentials).where(eq(totpCredentials.userId, userId)).for("update");
        if (!row || row.confirmedAt) return undefined;
        const step = matchingStep(row.secret, code, now());
        if (step === undefined) return undefined;
        const first = !(await hasSecondFactor(tx, userId));
        await tx
          .update(totpCredentials)
          .set({ confirmedAt: new Date(now()), lastStep: step })
          .where(eq(totpCredentials.userId, userId));
        const codes = first ? await issueRecoveryCodes(tx, userId) : [];
        await appendAudit(
          tx,
          actor,
          { action: "user.otp.enrol", targetType: "user", targetId: userId, after: { totp: true, recoveryCodes: codes.length } },
          now(),
        );
        return codes;
      });
    },

    /**
     * Checks a second factor: an authenticator code (only for a time step after the last one accepted, so a code is
     * never accepted twice), or an unused recovery code (used up by this). Undefined when it is neither.
     */
    async verify(actor: AuditActor, userId: string, input: string): Promise<SecondFactorProof | undefined> {
      if (looksLikeTotpCode(input)) {
        const row = await confirmed(userId);
        if (!row) return undefined;
        const step = matchingStep(row.secret, input, now());
        if (step === undefined) return undefined;
        // One statement, so two nodes given the same code at once accept it once.
        const claimed = await db
          .update(totpCredentials)
          .set({ lastStep: step })
          .where(and(eq(totpCredentials.userId, userId), lt(totpCredentials.lastStep, step)))
          .returning({ userId: totpCredentials.userId });
        return claimed.length ? "otp" : undefined;
      }
      return db.transaction(async (tx) => {
        const used = await tx
          .update(recoveryCodes)
          .set({ usedAt: new Date(now()) })
          .where(and(eq(recoveryCodes.userId, userId), eq(recoveryCodes.codeHash, recoveryCodeHash(input)), isNull(recoveryCodes.usedAt)))
          .returning({ userId: recoveryCodes.userId });
        if (!used.length) return undefined;
        await appendAudit(tx, actor, { action: "user.recovery-code.use", targetType: "user", targetId: userId }, now());
        return "recovery-code" as const;
      });
    },

    /**
     * Removes the authenticator (and the recovery codes when no passkey is left): "user.otp.remove" by the user, "user.otp.reset" by an admin
     * or the CLI (a lost factor). False when there was none.
     */
    async remove(actor: AuditActor, userId: string, action: "user.otp.remove" | "user.otp.reset"): Promise<boolean> {
      return db.transaction(async (tx) => {
        const removed = await tx
          .delete(totpCredentials)
          .where(and(eq(totpCredentials.userId, userId), isNotNull(totpCredentials.confirmedAt)))
          .returning({ userId: totpCredentials.userId });
        if (!removed.length) return false;
        await dropRecoveryCodesIfNoFactor(tx, userId);
        await appendAudit(tx, actor, { action, targetType: "user", targetId: userId, before: { totp: true }, after: { totp: false } }, now());
        return true;
      });
    },
  };
}

export type SecondFactorStore = ReturnType<typeof createSecondFactorStore>;
