import { and, eq, ne } from "drizzle-orm";
import type { AccessResolver } from "../platform/auth/access-resolution.js";
import type { CapabilityName } from "../platform/auth/capabilities.js";
import type { Db } from "../platform/db/database.js";
import { groups, userGroups, users } from "./schema.js";

/**
 * Whether an enabled account of the embedded identity provider, other than one, holds capabilities through its
 * groups and today's role mappings (the appeal rule "not the sanction's issuer, unless no other may"). An external
 * provider's accounts are not listed here: with one, the answer is false.
 */
export function createCapabilityHolders(db: Db, access: AccessResolver) {
  return {
    /** Whether some account but `exceptAccountId` holds every one of `capabilities`. */
    async othersHolding(capabilities: readonly CapabilityName[], exceptAccountId: string): Promise<boolean> {
      const rows = await db
        .select({ userId: userGroups.userId, path: groups.path })
        .from(userGroups)
        .innerJoin(groups, eq(groups.id, userGroups.groupId))
        .innerJoin(users, eq(users.id, userGroups.userId))
        .where(and(eq(users.enabled, true), ne(users.id, exceptAccountId)));
      const byUser = new Map<string, string[]>();
      for (const row of rows) byUser.set(row.userId, [...(byUser.get(row.userId) ?? []), row.path]);
      return [...byUser.values()].some((paths) => {
        const held = access.resolve({ groups: paths, roles: [] }).capabilities;
        return capabilities.every((c) => held.has(c));
      });
    },
  };
}
