import { use, useMemo } from 'react';
import { queryOptions, useQueries, useQuery } from '@tanstack/react-query';
import { useSession } from '../auth/session-context';
import { createIdentityAdminClient, type IdentityAdminClient } from '../identity-admin/identity-admin-client';
import { createOwnerDirectory, type OwnerDirectory, type OwnerRecord } from '../identity-admin/owner-directory';
import { ApiTransportContext } from '../rpc/transport-context';
import { useRuntimeConfig } from '../runtime-config-context';

/** The identity provider's users: one owner by id, and the full list. */
export const ownerKeys = {
  all: ['users'] as const,
  byId: (id: string) => ['users', id] as const,
  list: ['users', 'list'] as const,
};

/** The owner reads as query options; the hooks below use them. */
export const ownerQueries = {
  // null = looked up and not found (shown as 'Unknown ({ownerId})').
  byId: (directory: OwnerDirectory, id: string) => queryOptions({ queryKey: ownerKeys.byId(id), queryFn: () => directory.load(id) }),
  list: (client: IdentityAdminClient) => queryOptions({ queryKey: ownerKeys.list, queryFn: () => client.listUsers() }),
};

interface IdentityAdmin {
  client: IdentityAdminClient;
  directory: OwnerDirectory;
}

/** The identity admin users API, authenticated as the signed-in admin, and its batching owner directory. */
export function useIdentityAdmin(): IdentityAdmin {
  const baseUrl = useRuntimeConfig()?.identityAdminUrl ?? '';
  const { getAccessToken } = useSession();
  const fetchImpl = use(ApiTransportContext).fetch;
  return useMemo(() => {
    const client = createIdentityAdminClient({ baseUrl, getAccessToken: () => getAccessToken(), ...(fetchImpl ? { fetchImpl } : {}) });
    const directory = createOwnerDirectory(client, (ids) => console.warn(`Owner lookup failed for ${ids.length} user(s); shown as Unknown: ${ids.join(', ')}`));
    return { client, directory };
  }, [baseUrl, getAccessToken, fetchImpl]);
}

/**
 * Owner records by id, cached per id. Ids missing from the cache are fetched through the
 * directory, which turns the lookups of one render into one batch request.
 */
export function useOwners(ids: readonly string[]): Map<string, OwnerRecord | null | undefined> {
  const { directory } = useIdentityAdmin();
  const unique = useMemo(() => [...new Set(ids.filter(Boolean))], [ids]);
  const results = useQueries({
    queries: unique.map((id) => ownerQueries.byId(directory, id)),
  });
  return useMemo(() => new Map(unique.map((id, i) => [id, results[i]?.data])), [unique, results]);
}

export function useOwner(id: string) {
  const owners = useOwners(useMemo(() => [id], [id]));
  return owners.get(id);
}

/** Every user (owner choices for the character form). */
export function useUsers() {
  const { client } = useIdentityAdmin();
  return useQuery(ownerQueries.list(client));
}
