import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { isNotFound } from '../rpc/rpc-error';
import { fromListCache, ItemNotFoundError, removeCached, upsertCached } from './entity-cache';
import { queryKeys } from './query-keys';
import { toMap, type MapRecord } from './records';
import { useGameApi } from './use-game-api';

export interface MapInput {
  name: string;
  mapPath: string;
}

export function useMaps() {
  const api = useGameApi();
  return useQuery({
    queryKey: queryKeys.maps,
    queryFn: async () => (await api.maps.getMaps({})).maps.map(toMap),
  });
}

export function useMap(id: string) {
  const api = useGameApi();
  const client = useQueryClient();
  return useQuery({
    queryKey: queryKeys.map(id),
    queryFn: async () => {
      try {
        return toMap(await api.maps.getMap({ id }));
      } catch (error) {
        throw isNotFound(error) ? new ItemNotFoundError(id) : error;
      }
    },
    ...fromListCache<MapRecord>(client, queryKeys.maps, id),
    enabled: !!id,
  });
}

export function useCreateMap() {
  const api = useGameApi();
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (input: MapInput) => toMap(await api.maps.createMap(input)),
    onSuccess: (map) => upsertCached(client, queryKeys.maps, queryKeys.map(map.id), map),
  });
}

export function useEditMap(id: string) {
  const api = useGameApi();
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (changes: Partial<MapInput>) => toMap(await api.maps.editMap({ targetId: id, ...changes })),
    onSuccess: (map) => upsertCached(client, queryKeys.maps, queryKeys.map(map.id), map),
  });
}

export function useDeleteMap() {
  const api = useGameApi();
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (id: string) => {
      await api.maps.deleteMap({ id });
      return id;
    },
    onSuccess: (id) => removeCached(client, queryKeys.maps, queryKeys.map(id), id),
  });
}
