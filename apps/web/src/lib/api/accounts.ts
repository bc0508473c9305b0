import { use, useMemo } from 'react';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useSession } from '../auth/session-context';
import type { IdentityAdminClient, IdentityUser } from '../identity-admin/identity-admin-client';
import { createIdentitySessionsClient, type IdentitySession, type IdentitySessionsClient } from '../identity-admin/identity-sessions-client';
import { ApiTransportContext } from '../rpc/transport-context';
import { useRuntimeConfig } from '../runtime-config-context';
import { ItemNotFoundError } from './entity-cache';
import { useIdentityAdmin } from './owners';

/** One account as the player page shows it: the provider's user with its group paths. */
export interface AccountRecord {
  id: string;
  username: string;
  firstName: string;
  lastName: string;
  /** Empty when the provider has none. */
  email: string;
  enabled: boolean;
  /** Epoch ms; 0 when the provider does not say. */
  createdMs: number;
  groups: string[];
}

export interface AccountSession {
  id: string;
  address: string;
  clients: string[];
  startedMs: number;
  lastSeenMs: number;
}

// Not persisted: an account's e-mail and its sessions' addresses stay out of localStorage.
const NOT_PERSISTED = { meta: { persist: false } } as const;

export const accountKeys = {
  one: (id: string) => ['accounts', id] as const,
  sessions: (id: string) => ['accounts', id, 'sessions'] as const,
};

const toAccount = (user: IdentityUser, groups: string[]): AccountRecord => ({
  id: user.id,
  username: user.username,
  firstName: user.firstName ?? '',
  lastName: user.lastName ?? '',
  email: user.email ?? '',
  enabled: user.enabled !== false,
  createdMs: user.createdTimestamp ?? 0,
  groups,
});

const toSession = (s: IdentitySession): AccountSession => ({
  id: s.id,
  address: s.ipAddress,
  clients: Object.values(s.clients ?? {}),
  startedMs: s.start,
  lastSeenMs: s.lastAccess,
});

export const accountQueries = {
  one: (client: IdentityAdminClient, id: string) =>
    queryOptions({
      queryKey: accountKeys.one(id),
      queryFn: async (): Promise<AccountRecord> => {
        const [user, groups] = await Promise.all([client.getUser(id), client.getUserGroups(id).catch(() => null)]);
        if (!user) throw new ItemNotFoundError(id);
        return toAccount(user, groups?.map((g) => g.path) ?? user.groups ?? []);
      },
      enabled: !!id,
      ...NOT_PERSISTED,
    }),
  sessions: (client: IdentitySessionsClient, id: string, enabled: boolean) =>
    queryOptions({
      queryKey: accountKeys.sessions(id),
      // Most recently seen first: the session the person is using now leads.
      queryFn: async () => (await client.listUserSessions(id)).map(toSession).sort((a, b) => b.lastSeenMs - a.lastSeenMs),
      enabled: !!id && enabled,
      ...NOT_PERSISTED,
    }),
};

/** The provider's session paths, authenticated as the signed-in admin. */
function useIdentitySessions(): IdentitySessionsClient {
  const baseUrl = useRuntimeConfig()?.identityAdminUrl ?? '';
  const { getAccessToken } = useSession();
  const fetchImpl = use(ApiTransportContext).fetch;
  return useMemo(
    () => createIdentitySessionsClient({ baseUrl, getAccessToken: () => getAccessToken(), ...(fetchImpl ? { fetchImpl } : {}) }),
    [baseUrl, getAccessToken, fetchImpl],
  );
}

export function useAccount(id: string) {
  return useQuery(accountQueries.one(useIdentityAdmin().client, id));
}

/** The account's sign-in sessions; `enabled` false where the caller may not see them (the desk). */
export function useAccountSessions(id: string, enabled: boolean) {
  return useQuery(accountQueries.sessions(useIdentitySessions(), id, enabled));
}

/** Ends one session (`sessionId`) or, without one, every session of the account; then reads the sessions again. */
export function useEndSessions(accountId: string) {
  const client = useIdentitySessions();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (sessionId?: string) => (sessionId ? client.deleteSession(sessionId) : client.logoutUser(accountId)),
    onSettled: () => queryClient.invalidateQueries({ queryKey: accountKeys.sessions(accountId) }),
  });
}
