import { SYSTEM_ACTOR } from "../audit/audit-trail.js";
import type { Logger } from "../platform/logger.js";
import { demoAccounts } from "./demo-accounts.js";
import { isUniqueViolation } from "../platform/db/errors.js";
import { hashPassword, verifyPassword } from "../identity/passwords.js";
import type { UserStore } from "../identity/user-store.js";

/**
 * Local mode only: creates the demo accounts that are missing, with their fixed ids (demo characters name them as
 * owners). An account whose username or email a real user already took is skipped, never overwritten.
 */
export async function seedDemoAccounts(store: UserStore, logger: Logger): Promise<void> {
  for (const account of demoAccounts) {
    if (await store.findById(account.id)) continue;
    try {
      await store.create(SYSTEM_ACTOR, {
        id: account.id,
        username: account.username,
        email: account.email,
        firstName: account.firstName,
        lastName: account.lastName,
        passwordHash: await hashPassword(account.password),
        groupPaths: account.groups,
      });
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
      // Another node seeding at the same moment is fine; a real user holding the name is worth a warning.
      if (await store.findById(account.id)) continue;
      logger.warn({ username: account.username }, "demo account skipped: its username or email is taken");
    }
  }
}

/** What the start-up log shows in local mode: who the demo accounts are (their seeded password is the username). */
export function demoAccountSummary(): { username: string; groups: string }[] {
  return demoAccounts.map((a) => ({ username: a.username, groups: a.groups.join(", ") }));
}

/**
 * The demo accounts that still sign in with their seeded password, in seeding order: a data directory outlives a
 * password change, so the start-up line promises only these. One scrypt per account, run only for a terminal.
 */
export async function demoAccountsOnSeededPasswords(store: Pick<UserStore, "passwordHashOf">): Promise<string[]> {
  const still = await Promise.all(
    demoAccounts.map(async (account) => {
      const hash = await store.passwordHashOf(account.id);
      return hash !== undefined && (await verifyPassword(account.password, hash));
    }),
  );
  return demoAccounts.filter((_, i) => still[i]).map((account) => account.username);
}
