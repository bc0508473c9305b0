import { describe, expect, it, vi } from 'vitest';
import type { ReactNode } from 'react';
import { act, renderHook } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { dimensionKeys } from './dimensions';
import { mapKeys, useDeleteMap } from './maps';
import type { DimensionRecord, MapRecord } from './records';

const deleteMap = vi.fn(async () => ({}));
vi.mock('./use-game-api', () => ({ useGameApi: () => ({ maps: { deleteMap } }) }));

const downtown: MapRecord = { id: 'm-1', name: 'Downtown', mapPath: 'maps/downtown' };
const docks: MapRecord = { id: 'm-2', name: 'Docks', mapPath: 'maps/docks' };
const prime: DimensionRecord = { id: 'd-1', name: 'Prime', location: 'eu', version: '1.0', mapIds: ['m-1', 'm-2'] };
const shadow: DimensionRecord = { id: 'd-2', name: 'Shadow', location: 'us', version: '1.0', mapIds: ['m-2'] };

function setup() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  client.setQueryData(mapKeys.all, [downtown, docks]);
  client.setQueryData(mapKeys.byId(downtown.id), downtown);
  client.setQueryData(dimensionKeys.all, [prime, shadow]);
  client.setQueryData(dimensionKeys.byId(prime.id), prime);
  client.setQueryData(dimensionKeys.byId(shadow.id), shadow);
  const wrapper = ({ children }: { children: ReactNode }) => <QueryClientProvider client={client}>{children}</QueryClientProvider>;
  const { result } = renderHook(() => useDeleteMap(), { wrapper });
  return { client, result };
}

describe('useDeleteMap', () => {
  it('takes the deleted map out of the cached dimensions, list and details, as the server does', async () => {
    const { client, result } = setup();
    await act(() => result.current.mutateAsync(downtown.id));
    expect(deleteMap).toHaveBeenCalledWith({ id: downtown.id });
    expect(client.getQueryData(mapKeys.all)).toEqual([docks]);
    expect(client.getQueryData(mapKeys.byId(downtown.id))).toBeUndefined();
    // Not 'Unknown (m-1)' on the dimension page, and the list counts one map for Prime.
    expect(client.getQueryData<DimensionRecord[]>(dimensionKeys.all)?.map((d) => d.mapIds)).toEqual([['m-2'], ['m-2']]);
    expect(client.getQueryData<DimensionRecord>(dimensionKeys.byId(prime.id))?.mapIds).toEqual(['m-2']);
    // A dimension without the map is left as it was.
    expect(client.getQueryData(dimensionKeys.byId(shadow.id))).toBe(shadow);
  });

  it('marks the dimensions for reading again after the write', async () => {
    const { client, result } = setup();
    await act(() => result.current.mutateAsync(downtown.id));
    expect(client.getQueryState(dimensionKeys.all)?.isInvalidated).toBe(true);
    expect(client.getQueryState(dimensionKeys.byId(prime.id))?.isInvalidated).toBe(true);
  });
});
