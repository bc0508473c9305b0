import { describe, expect, it } from 'vitest';
import type { ReactNode } from 'react';
import { act, renderHook } from '@testing-library/react';
import { createRouterTransport } from '@connectrpc/connect';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MapService } from '../../gen/sro/gameserver/gameserver_pb';
import { ApiTransportContext } from '../rpc/transport-context';
import { SessionContext } from '../auth/session-context';
import { signedIn } from '../../test/render';
import { dimensionKeys } from './dimensions';
import { mapKeys, useDeleteMap } from './maps';
import type { DimensionRecord, MapRecord } from './records';

// DeleteMap on an in-memory server (Connect's router transport): the real client and hook, the deletions recorded.
const deleted: { id: string }[] = [];
const transport = createRouterTransport(({ service }) => {
  service(MapService, {
    deleteMap: (req) => {
      deleted.push({ id: req.id });
      return {};
    },
  });
});

const downtown: MapRecord = { id: 'm-1', name: 'Downtown', mapPath: 'maps/downtown' };
const docks: MapRecord = { id: 'm-2', name: 'Docks', mapPath: 'maps/docks' };
const prime: DimensionRecord = { id: 'd-1', name: 'Prime', location: 'eu', version: '1.0', mapIds: ['m-1', 'm-2'] };
const shadow: DimensionRecord = { id: 'd-2', name: 'Shadow', location: 'us', version: '1.0', mapIds: ['m-2'] };

function setup() {
  deleted.length = 0;
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  client.setQueryData(mapKeys.all, [downtown, docks]);
  client.setQueryData(mapKeys.byId(downtown.id), downtown);
  client.setQueryData(dimensionKeys.all, [prime, shadow]);
  client.setQueryData(dimensionKeys.byId(prime.id), prime);
  client.setQueryData(dimensionKeys.byId(shadow.id), shadow);
  const wrapper = ({ children }: { children: ReactNode }) => (
    <ApiTransportContext value={{ rpc: transport }}>
      <SessionContext value={signedIn()}>
        <QueryClientProvider client={client}>{children}</QueryClientProvider>
      </SessionContext>
    </ApiTransportContext>
  );
  const { result } = renderHook(() => useDeleteMap(), { wrapper });
  return { client, result };
}

describe('useDeleteMap', () => {
  it('takes the deleted map out of the cached dimensions, list and details, as the server does', async () => {
    const { client, result } = setup();
    await act(() => result.current.mutateAsync(downtown.id));
    expect(deleted).toEqual([{ id: downtown.id }]);
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
