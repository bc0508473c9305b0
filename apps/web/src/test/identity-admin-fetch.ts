import type { IdentityGroup, IdentityUser } from '../lib/identity-admin/identity-admin-client';

// An in-memory stand-in for the identity provider's admin users API, as a fetch: the real identity admin client
// (lib/identity-admin/) reads these users by id, in a batch or all at once.

const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

export function createIdentityAdminFetch(users: IdentityUser[], groups: Record<string, IdentityGroup[]> = {}): typeof fetch {
  return async (input) => {
    const url = new URL(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url, 'http://idp.test');
    const [, resource, id, sub] = url.pathname.match(/\/(users)(?:\/([^/]+))?(?:\/(groups))?$/) ?? [];
    if (!resource) return json({ error: 'not found' }, 404);
    if (!id) {
      const wanted = url.searchParams.getAll('id');
      const username = url.searchParams.get('username');
      // The embedded provider's batch extension answers only the asked-for users, each with its group paths.
      if (wanted.length) return json(users.filter((u) => wanted.includes(u.id)).map((u) => ({ ...u, groups: (groups[u.id] ?? []).map((g) => g.path) })));
      return json(username ? users.filter((u) => u.username === username) : users);
    }
    const user = users.find((u) => u.id === decodeURIComponent(id));
    if (!user) return json({ error: 'User not found' }, 404);
    return json(sub ? (groups[user.id] ?? []) : user);
  };
}
