import { describe, expect, it, vi } from 'vitest';
import type { IdentityAdminClient, IdentityUser } from './identity-admin-client';
import { createOwnerDirectory } from './owner-directory';
import { ownerBadges, ownerLabel } from './owner-label';

const users: Record<string, IdentityUser> = {
  a: { id: 'a', username: 'alice', firstName: 'Alice' },
  b: { id: 'b', username: 'bob' },
  c: { id: 'c', username: 'cyra' },
};
const groupsOf: Record<string, string[]> = { a: ['/Moderator/Admin'], b: ['/Player/Member'], c: [] };

function fakeClient(batchAnswer: (ids: readonly string[]) => unknown) {
  return {
    getUsersByIds: vi.fn(async (ids: readonly string[]) => batchAnswer(ids)),
    getUser: vi.fn(async (id: string) => users[id] ?? null),
    getUserGroups: vi.fn(async (id: string) => (groupsOf[id] ?? []).map((path) => ({ id: path, name: path, path }))),
    findUserByUsername: vi.fn(),
    listUsers: vi.fn(),
  } satisfies IdentityAdminClient;
}

describe('owner directory', () => {
  it('collects the ids of one tick into one deduplicated batch request', async () => {
    const client = fakeClient((ids) => ids.map((id) => ({ ...users[id], groups: groupsOf[id] })));
    const directory = createOwnerDirectory(client);
    const results = await Promise.all(['a', 'b', 'a', 'b', 'a'].map((id) => directory.load(id)));
    expect(client.getUsersByIds).toHaveBeenCalledTimes(1);
    expect(client.getUsersByIds).toHaveBeenCalledWith(['a', 'b']);
    expect(client.getUser).not.toHaveBeenCalled();
    expect(results.map((o) => o?.username)).toEqual(['alice', 'bob', 'alice', 'bob', 'alice']);
    expect(results[0]?.groups).toEqual(['/Moderator/Admin']);
  });

  it('falls back to one user and one groups request per unique id when the batch answer is not exact', async () => {
    // A real Keycloak ignores `id` and lists its first users.
    const client = fakeClient(() => Object.values(users));
    const failed = vi.fn();
    const directory = createOwnerDirectory(client, failed);
    const [a, b, missing, again] = await Promise.all(['a', 'b', 'zzz', 'a'].map((id) => directory.load(id)));
    expect(client.getUser.mock.calls.map(([id]) => id)).toEqual(['a', 'b', 'zzz']);
    expect(client.getUserGroups).toHaveBeenCalledTimes(3);
    expect(a).toEqual({ id: 'a', username: 'alice', firstName: 'Alice', lastName: '', groups: ['/Moderator/Admin'] });
    expect(b?.groups).toEqual(['/Player/Member']);
    expect(again).toEqual(a);
    expect(missing).toBeNull();
    expect(failed).toHaveBeenCalledWith(['zzz']);
  });

  it('takes a batch answer that leaves out an id as "no such user", without asking again one by one', async () => {
    // The embedded provider honours `id`: a deleted owner is simply not in the answer.
    const client = fakeClient((ids) => ids.filter((id) => users[id]).map((id) => ({ ...users[id], groups: groupsOf[id] })));
    const failed = vi.fn();
    const directory = createOwnerDirectory(client, failed);
    const [a, gone] = await Promise.all(['a', 'gone'].map((id) => directory.load(id)));
    expect(client.getUsersByIds).toHaveBeenCalledTimes(1);
    expect(client.getUser).not.toHaveBeenCalled();
    expect(client.getUserGroups).not.toHaveBeenCalled();
    expect(a?.username).toBe('alice');
    expect(gone).toBeNull();
    expect(failed).toHaveBeenCalledWith(['gone']);
  });

  it('resolves null when every lookup fails', async () => {
    const client = fakeClient(() => {
      throw new Error('Network response was not OK.');
    });
    client.getUser.mockRejectedValue(new Error('down'));
    const directory = createOwnerDirectory(client);
    await expect(directory.load('a')).resolves.toBeNull();
  });
});

describe('owner labels and badges', () => {
  it("shows 'Unknown ({ownerId})' for a failed lookup", () => {
    expect(ownerLabel(null, 'u-9')).toBe('Unknown (u-9)');
    expect(ownerLabel({ id: 'a', username: 'alice', firstName: '', lastName: '', groups: [] }, 'a')).toBe('alice');
  });

  it('maps group paths to coloured badges in a fixed order', () => {
    expect(ownerBadges(['/Player/Member', '/Banned'])).toEqual([
      { label: 'Banned', tone: 'red' },
      { label: 'Member', tone: 'indigo' },
    ]);
    expect(ownerBadges(['/Moderator/Admin']).map((b) => b.label)).toEqual(['Admin']);
    expect(ownerBadges(['/Moderator'])).toEqual([{ label: 'Moderator', tone: 'grey' }]);
    expect(ownerBadges(['/Other'])).toEqual([]);
  });
});
