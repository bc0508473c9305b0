import type { Client } from '@connectrpc/connect';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { SanctionService, SanctionKind, SanctionScope, SanctionState } from '../../gen/sro/moderation/moderation_pb';
import { useRuntimeConfig } from '../runtime-config-context';
import { useRpcClient } from '../rpc/use-rpc-client';
import { isNotFound } from '../rpc/rpc-error';
import { ItemNotFoundError } from './entity-cache';
import {
  KIND_NAMES,
  SCOPE_NAMES,
  STATE_NAMES,
  toSanctionRecord,
  type SanctionKindName,
  type SanctionRecord,
  type SanctionScopeName,
  type SanctionStateName,
} from '../sanctions/sanction-records';

// Every sanction read sits under 'sanctions': an issue or a revoke refetches them all (lists, details, history).
export const sanctionKeys = {
  all: ['sanctions'] as const,
  list: (query: SanctionListQuery) => ['sanctions', 'list', query] as const,
  one: (id: string) => ['sanctions', 'id', id] as const,
  mine: ['sanctions', 'mine'] as const,
  suggestions: ['sanctions', 'suggestion'] as const,
  suggestion: (subject: SanctionSubject) => ['sanctions', 'suggestion', subject] as const,
  settings: ['moderation-settings'] as const,
};

type SanctionApi = Client<typeof SanctionService>;

/** The typed SanctionService client, authenticated as the signed-in user. */
export function useSanctionApi(): SanctionApi {
  const base = useRuntimeConfig()?.apiBaseUrl ?? '';
  return useRpcClient(SanctionService, base);
}

export interface SanctionListQuery {
  kind?: SanctionKindName | '';
  scope?: SanctionScopeName | '';
  state?: SanctionStateName | '';
  characterId?: string;
  accountId?: string;
  issuedById?: string;
  pageIndex: number;
  pageSize: number;
}

export interface SanctionPage {
  total: number;
  sanctions: SanctionRecord[];
}

export function sanctionListRequest(query: SanctionListQuery) {
  return {
    kind: query.kind ? KIND_NAMES[query.kind] : SanctionKind.UNSPECIFIED,
    scope: query.scope ? SCOPE_NAMES[query.scope] : SanctionScope.UNSPECIFIED,
    state: query.state ? STATE_NAMES[query.state] : SanctionState.UNSPECIFIED,
    characterId: query.characterId ?? '',
    accountId: query.accountId ?? '',
    issuedById: query.issuedById?.trim() ?? '',
    limit: query.pageSize,
    offset: query.pageIndex * query.pageSize,
  };
}

/** The sanction reads as query options (key, fetch and cache rules together); the hooks use them. */
export const sanctionQueries = {
  list: (api: SanctionApi, query: SanctionListQuery, enabled = true) =>
    queryOptions({
      queryKey: sanctionKeys.list(query),
      queryFn: async ({ signal }): Promise<SanctionPage> => {
        const page = await api.listSanctions(sanctionListRequest(query), { signal });
        return { total: Number(page.total), sanctions: page.sanctions.map(toSanctionRecord) };
      },
      placeholderData: keepPreviousData,
      enabled,
    }),
  one: (api: SanctionApi, id: string) =>
    queryOptions({
      queryKey: sanctionKeys.one(id),
      queryFn: async () => {
        try {
          return toSanctionRecord(await api.getSanction({ id }));
        } catch (error) {
          throw isNotFound(error) ? new ItemNotFoundError(id) : error;
        }
      },
      enabled: !!id,
    }),
  mine: (api: SanctionApi) =>
    queryOptions({
      queryKey: sanctionKeys.mine,
      queryFn: async ({ signal }): Promise<SanctionPage> => {
        const page = await api.getMySanctions({}, { signal });
        return { total: Number(page.total), sanctions: page.sanctions.map(toSanctionRecord) };
      },
      // Others decide what this shows (a sanction, an appeal's or a report's outcome): every visit asks again, the
      // cached answer drawn meanwhile.
      staleTime: 0,
    }),
  settings: (api: SanctionApi) =>
    queryOptions({
      queryKey: sanctionKeys.settings,
      queryFn: async ({ signal }): Promise<ModerationSettingsRecord> => {
        const settings = await api.getModerationSettings({}, { signal });
        return {
          reasonTemplates: settings.reasonTemplates,
          ladder: settings.ladder.map((s) => ({ kind: s.kind === SanctionKind.BAN ? 'ban' : 'mute', durationSeconds: Number(s.durationSeconds) })),
        };
      },
    }),
  suggestion: (api: SanctionApi, subject: SanctionSubject | null) =>
    queryOptions({
      queryKey: sanctionKeys.suggestion(subject ?? { characterId: '' }),
      queryFn: async ({ signal }): Promise<SanctionSuggestionRecord> => {
        const answer = await api.suggestSanction({ characterId: subject?.characterId ?? '', accountId: subject?.accountId ?? '' }, { signal });
        const step = answer.step
          ? { kind: answer.step.kind === SanctionKind.BAN ? ('ban' as const) : ('mute' as const), durationSeconds: Number(answer.step.durationSeconds) }
          : null;
        return { step, priorSanctions: answer.priorSanctions };
      },
      enabled: !!(subject?.characterId || subject?.accountId),
      // A suggestion is only good for the history it was made from.
      staleTime: 0,
    }),
};

/** One page of ListSanctions, newest first, filtered on the server. */
export function useSanctionList(query: SanctionListQuery, enabled = true) {
  return useQuery(sanctionQueries.list(useSanctionApi(), query, enabled));
}

export function useSanction(id: string) {
  return useQuery(sanctionQueries.one(useSanctionApi(), id));
}

/** The signed-in player's own sanctions (every character and the account), newest first. */
export function useMySanctions() {
  return useQuery(sanctionQueries.mine(useSanctionApi()));
}

export interface LadderStepRecord {
  kind: SanctionKindName;
  /** As IssueSanctionRequest.duration_seconds: negative is permanent. */
  durationSeconds: number;
}

export interface ModerationSettingsRecord {
  reasonTemplates: string[];
  ladder: LadderStepRecord[];
}

export function useModerationSettings() {
  return useQuery(sanctionQueries.settings(useSanctionApi()));
}

/** Replaces the reason templates and the ladder (admins only); every reader of the settings refetches. */
export function useSaveModerationSettings() {
  const api = useSanctionApi();
  const client = useQueryClient();
  return useMutation({
    mutationFn: (settings: ModerationSettingsRecord) =>
      api.setModerationSettings({
        reasonTemplates: settings.reasonTemplates,
        ladder: settings.ladder.map((s) => ({ kind: KIND_NAMES[s.kind], durationSeconds: BigInt(s.durationSeconds) })),
      }),
    // The ladder changes what is suggested next.
    onSuccess: () =>
      Promise.all([client.invalidateQueries({ queryKey: sanctionKeys.settings }), client.invalidateQueries({ queryKey: sanctionKeys.suggestions })]),
  });
}

/** Exactly one of the two. */
export type SanctionSubject = { characterId: string; accountId?: undefined } | { accountId: string; characterId?: undefined };

export interface SanctionSuggestionRecord {
  step: LadderStepRecord | null;
  priorSanctions: number;
}

/** The next step of the escalation ladder for the subject, from its history. */
export function useSanctionSuggestion(subject: SanctionSubject | null) {
  return useQuery(sanctionQueries.suggestion(useSanctionApi(), subject));
}

export interface IssueSanctionInput {
  kind: SanctionKindName;
  scope: SanctionScopeName;
  scopeId: string;
  characterId: string;
  accountId: string;
  durationSeconds: number;
  reason: string;
  playerMessage: string;
  /** The chat line it is issued from (its evidence is frozen with it); absent: none. */
  sourceMessageId?: string;
}

export function useIssueSanction() {
  const api = useSanctionApi();
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (input: IssueSanctionInput) =>
      toSanctionRecord(
        await api.issueSanction({
          kind: KIND_NAMES[input.kind],
          scope: SCOPE_NAMES[input.scope],
          scopeId: input.scope === 'everywhere' ? '' : input.scopeId,
          characterId: input.characterId,
          accountId: input.characterId ? '' : input.accountId,
          durationSeconds: BigInt(input.durationSeconds),
          reason: input.reason,
          playerMessage: input.playerMessage,
          sourceMessageId: input.sourceMessageId ?? '',
        }),
      ),
    onSuccess: () => client.invalidateQueries({ queryKey: sanctionKeys.all }),
  });
}

export function useRevokeSanction() {
  const api = useSanctionApi();
  const client = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, reason }: { id: string; reason: string }) => toSanctionRecord(await api.revokeSanction({ id, reason })),
    onSuccess: (sanction) => {
      client.setQueryData(sanctionKeys.one(sanction.id), sanction);
      return client.invalidateQueries({ queryKey: sanctionKeys.all });
    },
  });
}
