import type { ConnectError } from "@connectrpc/connect";
import { sanctionError, type SanctionFact } from "./sanction-message.js";
import { accountBanMessage, signInBanMessage } from "./moderation-rules.js";
import { decisive } from "./sanction-facts.js";

/**
 * Which accounts are banned (account-wide, BAN, everywhere), in memory on every node: the auth interceptor asks on
 * every rpc and the sign-in page on every sign-in, so it must not cost a query. Loaded at start; every change is
 * announced on the bus with the account's full list of active account bans (sanction-service.ts), which replaces
 * this node's copy. Expiry needs nothing: each check compares the end with now.
 */
export interface AccountBanGate {
  /** PERMISSION_DENIED with the ban as a detail, or undefined when the account may call. */
  refusal(accountId: string): ConnectError | undefined;
  /** The sign-in page's sentence, or undefined when the account may sign in. */
  signInRefusal(accountId: string): string | undefined;
  /** The account's active account bans are now these (from the bus, any node). */
  replace(accountId: string, bans: readonly SanctionFact[]): void;
  /** The bans read at start; an account already replaced from the bus meanwhile keeps the newer list. */
  seed(bans: readonly SanctionFact[]): void;
  /**
   * Starts re-reading every active ban (the bus was lost): the returned function replaces this node's whole copy
   * with what was read, except accounts replaced from the bus since the re-read began, which keep the newer list.
   */
  resync(): (bans: readonly SanctionFact[]) => void;
}

export function createAccountBanGate(now: () => number = Date.now): AccountBanGate {
  const bans = new Map<string, readonly SanctionFact[]>();
  const replaced = new Set<string>();
  /** The accounts replaced from the bus since each re-read in flight began. */
  const resyncs = new Set<Set<string>>();
  const activeBan = (accountId: string) => {
    const list = bans.get(accountId);
    return list && decisive(list, now());
  };
  return {
    refusal(accountId) {
      const ban = activeBan(accountId);
      return ban && sanctionError(accountBanMessage(ban, now()), ban, now());
    },
    signInRefusal(accountId) {
      const ban = activeBan(accountId);
      return ban && signInBanMessage(ban);
    },
    replace(accountId, list) {
      replaced.add(accountId);
      for (const since of resyncs) since.add(accountId);
      if (list.length === 0) bans.delete(accountId);
      else bans.set(accountId, list);
    },
    seed(initial) {
      for (const ban of initial) if (!replaced.has(ban.accountId)) bans.set(ban.accountId, [...(bans.get(ban.accountId) ?? []), ban]);
    },
    resync() {
      const since = new Set<string>();
      resyncs.add(since);
      return (read) => {
        resyncs.delete(since);
        const fresh = new Map<string, SanctionFact[]>();
        for (const ban of read) if (!since.has(ban.accountId)) fresh.set(ban.accountId, [...(fresh.get(ban.accountId) ?? []), ban]);
        for (const accountId of [...bans.keys()]) if (!since.has(accountId) && !fresh.has(accountId)) bans.delete(accountId);
        for (const [accountId, list] of fresh) bans.set(accountId, list);
      };
    },
  };
}
