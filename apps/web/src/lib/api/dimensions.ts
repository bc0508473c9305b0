import type { Client } from '@connectrpc/connect';
import { useMutation, useQuery, useQueryClient, queryOptions, type QueryClient } from '@tanstack/react-query';
import { isNotFound } from '../rpc/rpc-error';
import { fromListCache, ItemNotFoundError, removeCached, upsertCached } from './entity-cache';
import { toDimension, type DimensionRecord } from './records';
import { DimensionService } from '../../gen/sro/gameserver/gameserver_pb';
import { useGameServiceClient } from './use-game-api';

type DimensionApi = Client<typeof DimensionService>;
const useDimensionApi = () => useGameServiceClient(DimensionService);

export const dimensionKeys = {
  all: ['dimensions'] as const,
  byId: (id: string) => ['dimensions', id] as const,
};

/** The dimension reads as query options (key, fetch and cache rules together); the hooks below use them. */
export const dimensionQueries = {
  all: (api: DimensionApi) =>
    queryOptions({
      queryKey: dimensionKeys.all,
      queryFn: async () => (await api.getDimensions({})).dimensions.map(toDimension),
    }),
  byId: (api: DimensionApi, client: QueryClient, id: string) =>
    queryOptions({
      queryKey: dimensionKeys.byId(id),
      queryFn: async () => {
        try {
          return toDimension(await api.getDimension({ id }));
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
  return useQuery(dimensionQueries.all(useDimensionApi()));
}

export function useDimension(id: string) {
  return useQuery(dimensionQueries.byId(useDimensionApi(), useQueryClient(), id));
}

export function useCreateDimension() {
  const api = useDimensionApi();
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (input: DimensionInput) => toDimension(await api.createDimension(input)),
    onSuccess: (dimension) => upsertCached(client, dimensionKeys.all, dimensionKeys.byId(dimension.id), dimension),
  });
}

export function useEditDimension(id: string) {
  const api = useDimensionApi();
  const client = useQueryClient();
  return useMutation({
    mutationFn: async ({ mapIds, ...fields }: DimensionChanges) =>
      toDimension(
        await api.editDimension({
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
  const api = useDimensionApi();
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (id: string) => {
      await api.deleteDimension({ id });
      return id;
    },
    onSuccess: (id) => removeCached(client, dimensionKeys.all, dimensionKeys.byId(id), id),
  });
}
