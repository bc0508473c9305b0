import { eq, inArray, lt, sql } from "drizzle-orm";
import type { Db } from "../platform/db/database.js";
import { loginFailures } from "./schema.js";

/**
 * Failed sign-ins are counted per client address, per (account, address) pair and per account
 * (identity_login_failures, shared by all nodes). After `backoffAfter` failures each further attempt must wait
 * 2^(n-backoffAfter) s (capped) since the last failure; at `lockAfter` failures the key is locked for `lockSeconds`.
 * Counters forget after `windowSeconds` without failures.
 *
 * Only the address and the pair can refuse an address outright, so knowing a username is not enough to keep its owner
 * out. The account-wide counter never locks and starts pacing only far above what one address may try (OWASP: a much
 * larger account-wide bound), so one stranger's failures never make the owner wait after a typo; it paces addresses
 * that failed recently (anywhere), which is what stops many addresses from sharing out the guesses; an address without
 * recent failures is never refused by it.
 * Unknown accounts are throttled by the typed name exactly like real ones, so the answers never tell them apart.
 */
export interface ThrottleRule {
  backoffAfter: number;
  maxBackoffSeconds: number;
  /** Omitted: the key never locks (backoff only). */
  lockAfter?: number;
  lockSeconds: number;
  windowSeconds: number;
}

export interface ThrottlePolicy {
  /** Account-wide: backoff only, and only for addresses with a failure within `address.windowSeconds`. */
  account: ThrottleRule;
  /** One account from one address. */
  pair: ThrottleRule;
  /** One address over all accounts; its window also defines "recent failures" for the account-wide pacing. */
  address: ThrottleRule;
  /** Accounts created per address and window. */
  registrationsPerAddress: { limit: number; windowSeconds: number };
  /** Registration form posts per address and window (slows down probing for taken usernames and emails). */
  registrationAttemptsPerAddress: { limit: number; windowSeconds: number };
}

export const defaultThrottlePolicy: ThrottlePolicy = {
  // Far above what one address may try (the pair rule: ~30 an hour), so one stranger cannot pace the owner's typos.
  account: { backoffAfter: 100, maxBackoffSeconds: 30, lockSeconds: 0, windowSeconds: 60 * 60 },
  pair: { backoffAfter: 3, maxBackoffSeconds: 30, lockAfter: 10, lockSeconds: 15 * 60, windowSeconds: 15 * 60 },
  address: { backoffAfter: 20, maxBackoffSeconds: 30, lockAfter: 50, lockSeconds: 15 * 60, windowSeconds: 60 * 60 },
  registrationsPerAddress: { limit: 5, windowSeconds: 60 * 60 },
  registrationAttemptsPerAddress: { limit: 30, windowSeconds: 60 * 60 },
};

export type ThrottleKey = { key: string; rule: ThrottleRule };

/** The three counters of a sign-in (or password check) by `who` (an account id or typed name) from `address`. */
export interface SignInKeys {
  account: ThrottleKey;
  pair: ThrottleKey;
  address: ThrottleKey;
}

export function signInKeys(policy: ThrottlePolicy, who: string, address: string): SignInKeys {
  return {
    account: { key: who, rule: policy.account },
    pair: { key: `${who}|${address}`, rule: policy.pair },
    address: { key: address, rule: policy.address },
  };
}

export interface ThrottleVerdict {
  allowed: boolean;
  /** Seconds until the next attempt is allowed (when not allowed). */
  retryAfterSeconds: number;
  locked: boolean;
}

type Row = typeof loginFailures.$inferSelect;

function verdictFor(row: Row | undefined, rule: ThrottleRule, now: number): ThrottleVerdict {
  if (!row) return { allowed: true, retryAfterSeconds: 0, locked: false };
  if (row.lockedUntil && row.lockedUntil.getTime() > now) {
    return { allowed: false, retryAfterSeconds: Math.ceil((row.lockedUntil.getTime() - now) / 1000), locked: true };
  }
  const last = row.lastFailureAt.getTime();
  if (now - last > rule.windowSeconds * 1000) return { allowed: true, retryAfterSeconds: 0, locked: false };
  if (row.failures < rule.backoffAfter) return { allowed: true, retryAfterSeconds: 0, locked: false };
  const wait = Math.min(2 ** (row.failures - rule.backoffAfter), rule.maxBackoffSeconds) * 1000;
  const until = last + wait;
  return until > now
    ? { allowed: false, retryAfterSeconds: Math.ceil((until - now) / 1000), locked: false }
    : { allowed: true, retryAfterSeconds: 0, locked: false };
}

const strictest = (verdicts: ThrottleVerdict[]): ThrottleVerdict =>
  verdicts.reduce((worst, v) => (v.retryAfterSeconds > worst.retryAfterSeconds ? v : worst), { allowed: true, retryAfterSeconds: 0, locked: false });

export function createLoginThrottle(db: Db, now: () => number = Date.now) {
  const rowsOf = (keys: ThrottleKey[]) =>
    db
      .select()
      .from(loginFailures)
      .where(
        inArray(
          loginFailures.key,
          keys.map((k) => k.key),
        ),
      );
  // The password form's statements, prepared once: the three counters of a sign-in, and a success clearing its pair's.
  const signInRows = db
    .select()
    .from(loginFailures)
    .where(inArray(loginFailures.key, [sql.placeholder("account"), sql.placeholder("pair"), sql.placeholder("address")]))
    .prepare("identity_login_failures_of_sign_in");
  const resetKey = db
    .delete(loginFailures)
    .where(eq(loginFailures.key, sql.placeholder("key")))
    .prepare("identity_login_failures_reset");
  return {
    /** The strictest verdict over all keys. */
    async check(keys: ThrottleKey[]): Promise<ThrottleVerdict> {
      const rows = await rowsOf(keys);
      const t = now();
      return strictest(
        keys.map(({ key, rule }) =>
          verdictFor(
            rows.find((r) => r.key === key),
            rule,
            t,
          ),
        ),
      );
    },

    /**
     * Address and pair decide; the account-wide pacing applies only when the address failed within its window, so a
     * correct password from an address without recent failures always gets through. `pairCounted`: the pair has a
     * counter, which a success then clears (reset); without one there is nothing to clear, and no statement to run.
     */
    async checkSignIn(keys: SignInKeys): Promise<ThrottleVerdict & { pairCounted: boolean }> {
      const rows = await signInRows.execute({ account: keys.account.key, pair: keys.pair.key, address: keys.address.key });
      const t = now();
      const row = (k: ThrottleKey) => rows.find((r) => r.key === k.key);
      const addressRow = row(keys.address);
      const recent = addressRow !== undefined && t - addressRow.lastFailureAt.getTime() <= keys.address.rule.windowSeconds * 1000;
      const verdicts = [verdictFor(addressRow, keys.address.rule, t), verdictFor(row(keys.pair), keys.pair.rule, t)];
      if (recent) verdicts.push(verdictFor(row(keys.account), keys.account.rule, t));
      return { ...strictest(verdicts), pairCounted: row(keys.pair) !== undefined };
    },

    async recordSignInFailure(keys: SignInKeys): Promise<void> {
      await this.recordFailure([keys.account, keys.pair, keys.address]);
    },

    /** Counts one failure on every key (atomically, so concurrent attempts on several nodes all count). */
    async recordFailure(keys: ThrottleKey[]): Promise<void> {
      const at = new Date(now());
      for (const { key, rule } of keys) {
        const windowStart = new Date(at.getTime() - rule.windowSeconds * 1000);
        const lockUntil = new Date(at.getTime() + rule.lockSeconds * 1000);
        // Counting starts over after a quiet window or once a lock has run out (a lock is served once, not renewed).
        const restart = sql`(${loginFailures.lastFailureAt} < ${windowStart} OR ${loginFailures.lockedUntil} <= ${at})`;
        const next = sql`CASE WHEN ${restart} THEN 1 ELSE ${loginFailures.failures} + 1 END`;
        const lockedUntil =
          rule.lockAfter === undefined
            ? sql`NULL`
            : sql`CASE WHEN ${next} >= ${rule.lockAfter} THEN ${lockUntil}::timestamptz WHEN ${restart} THEN NULL ELSE ${loginFailures.lockedUntil} END`;
        await db
          .insert(loginFailures)
          .values({ key, failures: 1, lastFailureAt: at, lockedUntil: rule.lockAfter !== undefined && rule.lockAfter <= 1 ? lockUntil : null })
          .onConflictDoUpdate({ target: loginFailures.key, set: { failures: next, lastFailureAt: at, lockedUntil } });
      }
    },

    /** A successful sign-in clears its pair's counter (not the address's nor the account-wide one). */
    async reset(key: string): Promise<void> {
      await resetKey.execute({ key });
    },

    /**
     * Counts an event against a fixed-window limit (registrations per address); false when the limit is reached.
     */
    async consume(key: string, limit: number, windowSeconds: number): Promise<boolean> {
      const at = new Date(now());
      const windowStart = new Date(at.getTime() - windowSeconds * 1000);
      const [row] = await db
        .select()
        .from(loginFailures)
        .where(inArray(loginFailures.key, [key]));
      // Here `failures` counts events and `lastFailureAt` holds when the current window began.
      if (row && row.lastFailureAt > windowStart && row.failures >= limit) return false;
      const fresh = !row || row.lastFailureAt <= windowStart;
      await db
        .insert(loginFailures)
        .values({ key, failures: 1, lastFailureAt: at })
        .onConflictDoUpdate({
          target: loginFailures.key,
          set: fresh ? { failures: 1, lastFailureAt: at } : { failures: sql`${loginFailures.failures} + 1` },
        });
      return true;
    },

    /** Housekeeping: rows idle for a day and not locked. */
    async prune(): Promise<void> {
      await db.delete(loginFailures).where(lt(loginFailures.lastFailureAt, new Date(now() - 24 * 3600 * 1000)));
    },
  };
}

export type LoginThrottle = ReturnType<typeof createLoginThrottle>;

/** What a throttled sign-in (or password or code check) is told. */
export function throttledMessage(seconds: number, locked: boolean): string {
  if (locked) {
    const minutes = Math.ceil(seconds / 60);
    return `Too many failed sign-in attempts. Sign-in is locked for ${minutes} minute${minutes === 1 ? "" : "s"}.`;
  }
  return `Too many failed sign-in attempts. Please wait ${seconds} second${seconds === 1 ? "" : "s"} and try again.`;
}
