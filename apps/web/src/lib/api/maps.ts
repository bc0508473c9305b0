import type { Client } from '@connectrpc/connect';
import { useMutation, useQuery, useQueryClient, type QueryClient, queryOptions } from '@tanstack/react-query';
import { isNotFound } from '../rpc/rpc-error';
import { applyWrite, dropCached, fromListCache, ItemNotFoundError, upsertCached } from './entity-cache';
import { dimensionKeys } from './dimensions';
import { toMap, type DimensionRecord, type MapRecord } from './records';
import { MapService } from '../../gen/sro/gameserver/gameserver_pb';
import { useGameServiceClient } from './use-game-api';

type MapApi = Client<typeof MapService>;
const useMapApi = () => useGameServiceClient(MapService);

export const mapKeys = {
  all: ['maps'] as const,
  byId: (id: string) => ['maps', id] as const,
};

/** The map reads as query options (key, fetch and cache rules together); the hooks below use them. */
export const mapQueries = {
  all: (api: MapApi) =>
    queryOptions({
      queryKey: mapKeys.all,
      queryFn: async () => (await api.getMaps({})).maps.map(toMap),
    }),
  byId: (api: MapApi, client: QueryClient, id: string) =>
    queryOptions({
      queryKey: mapKeys.byId(id),
      queryFn: async () => {
        try {
          return toMap(await api.getMap({ id }));
        } catch (error) {
          throw isNotFound(error) ? new ItemNotFoundError(id) : error;
        }
      },
      ...fromListCache<MapRecord>(client, mapKeys.all, id),
      enabled: !!id,
    }),
};

export interface MapInput {
  name: string;
  mapPath: string;
}

export function useMaps() {
  return useQuery(mapQueries.all(useMapApi()));
}

export function useMap(id: string) {
  return useQuery(mapQueries.byId(useMapApi(), useQueryClient(), id));
}

export function useCreateMap() {
  const api = useMapApi();
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (input: MapInput) => toMap(await api.createMap(input)),
    onSuccess: (map) => upsertCached(client, mapKeys.all, mapKeys.byId(map.id), map),
  });
}

export function useEditMap(id: string) {
  const api = useMapApi();
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (changes: Partial<MapInput>) => toMap(await api.editMap({ targetId: id, ...changes })),
    onSuccess: (map) => upsertCached(client, mapKeys.all, mapKeys.byId(map.id), map),
  });
}

export function useDeleteMap() {
  const api = useMapApi();
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (id: string) => {
      await api.deleteMap({ id });
      return id;
    },
    onSuccess: (id) => forgetDeletedMap(client, id),
  });
}

/**
 * A deleted map leaves the map caches, and every dimension: the server takes it out of each dimension's map list in
 * the same transaction (docs/game-services.md), so the cached dimensions drop it at once (no 'Unknown (id)' row, no
 * stale map count) and are read again after the write.
 */
export function forgetDeletedMap(client: QueryClient, id: string): Promise<void> {
  const withoutMap = (dimension: DimensionRecord): DimensionRecord =>
    dimension.mapIds.includes(id) ? { ...dimension, mapIds: dimension.mapIds.filter((mapId) => mapId !== id) } : dimension;
  return applyWrite(
    client,
    [mapKeys.all, mapKeys.byId(id), dimensionKeys.all],
    () => {
      dropCached(client, mapKeys.all, mapKeys.byId(id), id);
      // The list (['dimensions']) and every detail (['dimensions', id]).
      client.setQueriesData<DimensionRecord[] | DimensionRecord>({ queryKey: dimensionKeys.all }, (data) =>
        data === undefined ? data : Array.isArray(data) ? data.map(withoutMap) : withoutMap(data),
      );
    },
    [dimensionKeys.all],
  );
}
