import { useMutation, useQuery, useQueryClient, queryOptions, type QueryClient } from '@tanstack/react-query';
import { isNotFound } from '../rpc/rpc-error';
import { fromListCache, ItemNotFoundError, removeCached, upsertCached } from './entity-cache';
import { toDimension, type DimensionRecord } from './records';
import { useGameApi, type GameApi } from './use-game-api';

export const dimensionKeys = {
  all: ['dimensions'] as const,
  byId: (id: string) => ['dimensions', id] as const,
};

/** The dimension reads as query options (key, fetch and cache rules together); the hooks below use them. */
export const dimensionQueries = {
  all: (api: GameApi) =>
    queryOptions({
      queryKey: dimensionKeys.all,
      queryFn: async () => (await api.dimensions.getDimensions({})).dimensions.map(toDimension),
    }),
  byId: (api: GameApi, client: QueryClient, id: string) =>
    queryOptions({
      queryKey: dimensionKeys.byId(id),
      queryFn: async () => {
        try {
          return toDimension(await api.dimensions.getDimension({ id }));
        } catch (error) {
          throw isNotFound(error) ? new ItemNotFoundError(id) : error;
        }
      },
      ...fromListCache<DimensionRecord>(client, dimensionKeys.all, id),
      enabled: !!id,
    }),
};

export interface DimensionInput {
  name: string;
  version: string;
  location: string;
  mapIds: string[];
}

/** Only the fields that changed; `mapIds` replaces the maps when present. */
export type DimensionChanges = Partial<DimensionInput>;

export function useDimensions() {
  return useQuery(dimensionQueries.all(useGameApi()));
}

export function useDimension(id: string) {
  return useQuery(dimensionQueries.byId(useGameApi(), useQueryClient(), id));
}

export function useCreateDimension() {
  const api = useGameApi();
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (input: DimensionInput) => toDimension(await api.dimensions.createDimension(input)),
    onSuccess: (dimension) => upsertCached(client, dimensionKeys.all, dimensionKeys.byId(dimension.id), dimension),
  });
}

export function useEditDimension(id: string) {
  const api = useGameApi();
  const client = useQueryClient();
  return useMutation({
    mutationFn: async ({ mapIds, ...fields }: DimensionChanges) =>
      toDimension(
        await api.dimensions.editDimension({
          targetId: id,
          ...fields,
          editMaps: mapIds !== undefined,
          mapIds: mapIds ?? [],
        }),
      ),
    onSuccess: (dimension) => upsertCached(client, dimensionKeys.all, dimensionKeys.byId(dimension.id), dimension),
  });
}

export function useDeleteDimension() {
  const api = useGameApi();
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (id: string) => {
      await api.dimensions.deleteDimension({ id });
      return id;
    },
    onSuccess: (id) => removeCached(client, dimensionKeys.all, dimensionKeys.byId(id), id),
  });
}
