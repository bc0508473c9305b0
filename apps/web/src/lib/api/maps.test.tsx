import { describe, expect, it, vi } from 'vitest';
import type { ReactNode } from 'react';
import { act, renderHook } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { useDeleteMap } from './maps';
import { queryKeys } from './query-keys';
import type { DimensionRecord, MapRecord } from './records';

const deleteMap = vi.fn(async () => ({}));
vi.mock('./use-game-api', () => ({ useGameApi: () => ({ maps: { deleteMap } }) }));

const downtown: MapRecord = { id: 'm-1', name: 'Downtown', mapPath: 'maps/downtown' };
const docks: MapRecord = { id: 'm-2', name: 'Docks', mapPath: 'maps/docks' };
const prime: DimensionRecord = { id: 'd-1', name: 'Prime', location: 'eu', version: '1.0', mapIds: ['m-1', 'm-2'] };
const shadow: DimensionRecord = { id: 'd-2', name: 'Shadow', location: 'us', version: '1.0', mapIds: ['m-2'] };

function setup() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  client.setQueryData(queryKeys.maps, [downtown, docks]);
  client.setQueryData(queryKeys.map(downtown.id), downtown);
  client.setQueryData(queryKeys.dimensions, [prime, shadow]);
  client.setQueryData(queryKeys.dimension(prime.id), prime);
  client.setQueryData(queryKeys.dimension(shadow.id), shadow);
  const wrapper = ({ children }: { children: ReactNode }) => <QueryClientProvider client={client}>{children}</QueryClientProvider>;
  const { result } = renderHook(() => useDeleteMap(), { wrapper });
  return { client, result };
}

describe('useDeleteMap', () => {
  it('takes the deleted map out of the cached dimensions, list and details, as the server does', async () => {
    const { client, result } = setup();
    await act(() => result.current.mutateAsync(downtown.id));
    expect(deleteMap).toHaveBeenCalledWith({ id: downtown.id });
    expect(client.getQueryData(queryKeys.maps)).toEqual([docks]);
    expect(client.getQueryData(queryKeys.map(downtown.id))).toBeUndefined();
    // Not 'Unknown (m-1)' on the dimension page, and the list counts one map for Prime.
    expect(client.getQueryData<DimensionRecord[]>(queryKeys.dimensions)?.map((d) => d.mapIds)).toEqual([['m-2'], ['m-2']]);
    expect(client.getQueryData<DimensionRecord>(queryKeys.dimension(prime.id))?.mapIds).toEqual(['m-2']);
    // A dimension without the map is left as it was.
    expect(client.getQueryData(queryKeys.dimension(shadow.id))).toBe(shadow);
  });

  it('marks the dimensions for reading again after the write', async () => {
    const { client, result } = setup();
    await act(() => result.current.mutateAsync(downtown.id));
    expect(client.getQueryState(queryKeys.dimensions)?.isInvalidated).toBe(true);
    expect(client.getQueryState(queryKeys.dimension(prime.id))?.isInvalidated).toBe(true);
  });
});
