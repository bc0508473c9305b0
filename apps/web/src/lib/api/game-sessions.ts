import { useEffect, useMemo } from 'react';
import type { Client } from '@connectrpc/connect';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { GameServerControlService, PlayerRemovalState, type OnlinePlayers, type PlayerRemoval } from '../../gen/sro/gameserver/control_pb';
import { mayAnswerDifferently } from '../rpc/rpc-error';
import { useGameServiceClient } from './use-game-api';

type ControlApi = Client<typeof GameServerControlService>;
const useControlApi = () => useGameServiceClient(GameServerControlService);

/** Who plays now changes by the second: the live views ask again this often. */
export const ONLINE_POLL_MS = 5_000;
/** A removal is confirmed within seconds (or marked unconfirmed after 10 s): its outcome is asked for this often. */
export const REMOVAL_POLL_MS = 1_000;
/** The server's most players per answer: one call covers a page of characters. */
export const ONLINE_LIMIT = 500;

export interface OnlineFilter {
  dimensionId?: string;
  serverId?: string;
}

/** Removals are listed by the character they removed or by the sanction that caused them. */
export type RemovalsOf = { characterId: string } | { sanctionId: string };

export const gameSessionKeys = {
  online: (filter: OnlineFilter) => ['online-players', filter.dimensionId ?? '', filter.serverId ?? ''] as const,
  onlineAll: ['online-players'] as const,
  removal: (id: string) => ['player-removals', id] as const,
  removalsOf: (of: RemovalsOf) =>
    ['player-removals', 'sanctionId' in of ? 'sanction' : 'character', 'sanctionId' in of ? of.sanctionId : of.characterId] as const,
  removalsAll: ['player-removals'] as const,
};

export const gameSessionQueries = {
  online: (api: ControlApi, filter: OnlineFilter) =>
    queryOptions({
      queryKey: gameSessionKeys.online(filter),
      queryFn: ({ signal }): Promise<OnlinePlayers> =>
        api.listOnlinePlayers({ dimensionId: filter.dimensionId ?? '', serverId: filter.serverId ?? '', limit: ONLINE_LIMIT }, { signal }),
      // A refusal that would come again (local mode answers FAILED_PRECONDITION) stops the polling.
      refetchInterval: (query) => (query.state.error && !mayAnswerDifferently(query.state.error) ? false : ONLINE_POLL_MS),
      staleTime: 0,
      // Live: a reload must not show who played then as playing now.
      meta: { persist: false },
    }),
  removal: (api: ControlApi, id: string) =>
    queryOptions({
      queryKey: gameSessionKeys.removal(id),
      queryFn: ({ signal }) => api.getPlayerRemoval({ id }, { signal }),
      // Only a pending removal can still change.
      refetchInterval: (query) => (query.state.data?.state === PlayerRemovalState.PENDING ? REMOVAL_POLL_MS : false),
      enabled: !!id,
      meta: { persist: false },
    }),
  removalsOf: (api: ControlApi, of: RemovalsOf) =>
    queryOptions({
      queryKey: gameSessionKeys.removalsOf(of),
      queryFn: async ({ signal }) => (await api.listPlayerRemovals(of, { signal })).removals,
      refetchInterval: (query) => (query.state.data?.some((r) => r.state === PlayerRemovalState.PENDING) ? REMOVAL_POLL_MS : false),
      meta: { persist: false },
    }),
};

export function useOnlinePlayers(filter: OnlineFilter = {}, { enabled = true } = {}) {
  return useQuery({ ...gameSessionQueries.online(useControlApi(), filter), enabled });
}

/** The set of characters playing now (one call for a whole page of characters), or null while unknown. */
export function useOnlineCharacterIds({ enabled = true } = {}): ReadonlySet<string> | null {
  const data = useOnlinePlayers({}, { enabled }).data;
  // One set per answer, so tables built from it are rebuilt only when the answer changes.
  return useMemo(() => (data ? new Set(data.players.map((p) => p.characterId)) : null), [data]);
}

/**
 * The character's session now: its player entry, null when it does not play, undefined while unknown; `error` when
 * the server could not say (local mode answers FAILED_PRECONDITION).
 */
export function useOnlinePlayer(characterId: string, dimensionId: string, { enabled = true } = {}) {
  // Filtered by the character's dimension: its players fit one answer far more often than every dimension's do.
  const online = useOnlinePlayers({ dimensionId }, { enabled: enabled && !!dimensionId });
  const player = online.data ? (online.data.players.find((p) => p.characterId === characterId) ?? null) : undefined;
  return { player, error: online.data ? null : online.error };
}

export function usePlayerRemoval(id: string) {
  const removal = useQuery(gameSessionQueries.removal(useControlApi(), id));
  const client = useQueryClient();
  const confirmed = removal.data?.state === PlayerRemovalState.CONFIRMED;
  // The session ended: who plays now is asked again at once, not at the next poll.
  useEffect(() => {
    if (confirmed) void client.invalidateQueries({ queryKey: gameSessionKeys.onlineAll });
  }, [confirmed, client]);
  return removal;
}

export function usePlayerRemovals(of: RemovalsOf, { enabled = true } = {}) {
  const id = 'sanctionId' in of ? of.sanctionId : of.characterId;
  return useQuery({ ...gameSessionQueries.removalsOf(useControlApi(), of), enabled: enabled && !!id });
}

export function useKickPlayer() {
  const api = useControlApi();
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: { characterId: string; reason: string }) => api.kickPlayer(input),
    onSuccess: (removal: PlayerRemoval) => {
      client.setQueryData(gameSessionKeys.removal(removal.id), removal);
      void client.invalidateQueries({ queryKey: gameSessionKeys.removalsOf({ characterId: removal.characterId }) });
    },
  });
}
