import type { IdentityAdminClient, IdentityUser } from './identity-admin-client';

/** What the admin console shows about a character's owner. */
export interface OwnerRecord {
  id: string;
  username: string;
  firstName: string;
  lastName: string;
  /** Full group paths, e.g. '/Moderator/Admin'. */
  groups: string[];
}

export interface OwnerDirectory {
  /** Resolves null when the owner cannot be looked up (shown as 'Unknown ({ownerId})'). */
  load(id: string): Promise<OwnerRecord | null>;
}

/** Ids per batch request: keeps the query string well under common URL limits. */
export const OWNER_BATCH_SIZE = 50;

type Waiter = (owner: OwnerRecord | null) => void;

function toOwner(user: IdentityUser, groups: string[]): OwnerRecord {
  return {
    id: user.id,
    username: user.username,
    firstName: user.firstName ?? '',
    lastName: user.lastName ?? '',
    groups,
  };
}

function isUserList(value: unknown): value is IdentityUser[] {
  return Array.isArray(value) && value.every((u: unknown) => typeof u === 'object' && u !== null && 'id' in u && typeof u.id === 'string');
}

/**
 * DataLoader-style owner lookups: ids asked for within one tick are collected and
 * deduplicated, then fetched with one batch request. When the answer holds users that were not asked for, or
 * users without groups (a real Keycloak ignores `id`), each unique id is fetched on its own.
 */
export function createOwnerDirectory(client: IdentityAdminClient, onFailed?: (ids: string[]) => void): OwnerDirectory {
  let pending = new Map<string, Waiter[]>();
  let scheduled = false;

  async function fetchOne(id: string): Promise<OwnerRecord | null> {
    const [user, groups] = await Promise.all([client.getUser(id), client.getUserGroups(id)]);
    return user
      ? toOwner(
          user,
          groups.map((g) => g.path),
        )
      : null;
  }

  async function fetchBatch(ids: string[]): Promise<Map<string, OwnerRecord | null>> {
    const found = new Map<string, OwnerRecord | null>();
    const answer = await client.getUsersByIds(ids).catch(() => null);
    // Only asked-for users, each with its groups: the server honoured `id` (the embedded provider does), so an id
    // it left out has no user (a deleted account) and asking again one by one would find nothing either.
    const answered = isUserList(answer) && answer.every((u) => ids.includes(u.id) && Array.isArray(u.groups));
    if (answered) {
      for (const id of ids) found.set(id, null);
      for (const user of answer) found.set(user.id, toOwner(user, user.groups ?? []));
      return found;
    }
    const results = await Promise.all(ids.map((id) => fetchOne(id).catch(() => null)));
    ids.forEach((id, i) => found.set(id, results[i] ?? null));
    return found;
  }

  async function flush() {
    scheduled = false;
    const batch = pending;
    pending = new Map();
    const ids = [...batch.keys()];
    for (let start = 0; start < ids.length; start += OWNER_BATCH_SIZE) {
      const chunk = ids.slice(start, start + OWNER_BATCH_SIZE);
      const found = await fetchBatch(chunk).catch(() => new Map<string, OwnerRecord | null>());
      const failed = chunk.filter((id) => !found.get(id));
      if (failed.length > 0) onFailed?.(failed);
      for (const id of chunk) for (const resolve of batch.get(id) ?? []) resolve(found.get(id) ?? null);
    }
  }

  return {
    load(id) {
      return new Promise((resolve) => {
        const waiters = pending.get(id);
        if (waiters) waiters.push(resolve);
        else pending.set(id, [resolve]);
        if (!scheduled) {
          scheduled = true;
          // A macrotask, not a microtask: every query started during one render commit joins the batch.
          setTimeout(() => void flush(), 0);
        }
      });
    },
  };
}
