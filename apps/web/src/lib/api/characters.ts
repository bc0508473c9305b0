import type { Client } from '@connectrpc/connect';
import { keepPreviousData, useMutation, useQuery, useQueryClient, type QueryClient, queryOptions } from '@tanstack/react-query';
import { isNotFound } from '../rpc/rpc-error';
import { applyWrite, ItemNotFoundError } from './entity-cache';
import { characterEdit, characterPageRequest, type CharacterFields, type CharacterPageQuery } from './character-query';
import { toCharacter, toCharacterStats, type CharacterPage, type CharacterRecord } from './records';
import { CharacterService } from '../../gen/sro/character/character_pb';
import { useGameServiceClient } from './use-game-api';

type CharacterApi = Client<typeof CharacterService>;
const useCharacterApi = () => useGameServiceClient(CharacterService);

/** The characters' cache keys; every one starts with 'characters' but the totals. */
export const characterKeys = {
  all: ['characters'] as const,
  pages: ['characters', 'page'] as const,
  page: (query: object) => ['characters', 'page', query] as const,
  byId: (id: string) => ['characters', 'id', id] as const,
  ofOwner: (ownerId: string) => ['characters', 'owner', ownerId] as const,
  stats: ['character-stats'] as const,
};

/** The character reads as query options (key, fetch and cache rules together); the hooks below use them. */
export const characterQueries = {
  page: (api: CharacterApi, query: CharacterPageQuery) =>
    queryOptions({
      queryKey: characterKeys.page(query),
      queryFn: async ({ signal }): Promise<CharacterPage> => {
        const page = await api.getCharacters(characterPageRequest(query), { signal });
        return { total: Number(page.total), characters: page.characters.map(toCharacter) };
      },
      // Keep showing the previous page while the next one loads: no flash of skeletons on every click.
      placeholderData: keepPreviousData,
    }),
  byId: (api: CharacterApi, client: QueryClient, id: string) =>
    queryOptions({
      queryKey: characterKeys.byId(id),
      queryFn: async () => {
        try {
          return toCharacter(await api.getCharacter({ id }));
        } catch (error) {
          throw isNotFound(error) ? new ItemNotFoundError(id) : error;
        }
      },
      initialData: () => findInPages(client, id),
      enabled: !!id,
    }),
  stats: (api: CharacterApi) =>
    queryOptions({
      queryKey: characterKeys.stats,
      queryFn: async () => toCharacterStats(await api.getCharacterStats({})),
    }),
  ofOwner: (api: CharacterApi, ownerId: string, enabled: boolean) =>
    queryOptions({
      queryKey: characterKeys.ofOwner(ownerId),
      queryFn: async ({ signal }) => (await api.getCharactersForUser({ ownerId }, { signal })).characters.map(toCharacter),
      enabled: !!ownerId && enabled,
    }),
};

/** One server-side page (1,000,000 characters never come to the browser at once). */
export function useCharacterPage(query: CharacterPageQuery) {
  return useQuery(characterQueries.page(useCharacterApi(), query));
}

function findInPages(client: QueryClient, id: string): CharacterRecord | undefined {
  for (const [, page] of client.getQueriesData<CharacterPage>({ queryKey: characterKeys.pages })) {
    const hit = page?.characters.find((c) => c.id === id);
    if (hit) return hit;
  }
  return undefined;
}

export function useCharacter(id: string) {
  return useQuery(characterQueries.byId(useCharacterApi(), useQueryClient(), id));
}

export function useCharacterStats() {
  return useQuery(characterQueries.stats(useCharacterApi()));
}

/** Pages and totals no longer match the server after a write: refetch them (reads in flight hold old values). */
const AFTER_WRITE = [characterKeys.pages, characterKeys.stats];

export function useCreateCharacter() {
  const api = useCharacterApi();
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (input: CharacterFields) => toCharacter(await api.createCharacter(input)),
    onSuccess: (character) =>
      applyWrite(client, [characterKeys.byId(character.id)], () => client.setQueryData(characterKeys.byId(character.id), character), AFTER_WRITE),
  });
}

export function useEditCharacter(id: string) {
  const api = useCharacterApi();
  const client = useQueryClient();
  return useMutation({
    mutationFn: async ({ before, after }: { before: CharacterFields; after: CharacterFields }) => {
      const edit = characterEdit(id, before, after);
      // The form only submits changes; an empty mask would be a no-op round trip.
      if (!edit) throw new Error('No changes to save');
      return toCharacter(await api.editCharacter(edit));
    },
    onSuccess: (character) =>
      applyWrite(
        client,
        [characterKeys.byId(character.id)],
        () => {
          client.setQueryData(characterKeys.byId(character.id), character);
          // Show the new values in the cached pages at once; the refetch then re-sorts them.
          client.setQueriesData<CharacterPage>(
            { queryKey: characterKeys.pages },
            (page) => page && { ...page, characters: page.characters.map((c) => (c.id === character.id ? character : c)) },
          );
        },
        AFTER_WRITE,
      ),
  });
}

export function useDeleteCharacter() {
  const api = useCharacterApi();
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (id: string) => {
      await api.deleteCharacter({ id });
      return id;
    },
    onSuccess: (id) =>
      applyWrite(
        client,
        [characterKeys.byId(id)],
        () => {
          client.removeQueries({ queryKey: characterKeys.byId(id), exact: true });
          client.setQueriesData<CharacterPage>(
            { queryKey: characterKeys.pages },
            (page) => page && { total: Math.max(0, page.total - 1), characters: page.characters.filter((c) => c.id !== id) },
          );
        },
        AFTER_WRITE,
      ),
  });
}

/** A player's own characters (the chat page's choice); `enabled` false while the account may not ask. */
export function useOwnCharacters(ownerId: string, enabled: boolean) {
  return useQuery(characterQueries.ofOwner(useCharacterApi(), ownerId, enabled));
}
