import { describe, expect, it } from 'vitest';
import { QueryClient } from '@tanstack/react-query';
import { runSignOutCleanups } from './auth/sign-out-cleanup';
import { clearQueryCacheOnSignOut, signOutGatedStorage } from './query-client';
import { QUERY_CACHE_STORAGE_KEY } from './query-cache-key';

describe('sign-out and the persisted query cache', () => {
  it("clears the cache and refuses the persister's later writes", () => {
    const client = new QueryClient();
    client.setQueryData(['maps'], [{ id: 'm1' }]);
    const gate = signOutGatedStorage(window.localStorage);
    gate.storage.setItem(QUERY_CACHE_STORAGE_KEY, 'before');
    const stop = clearQueryCacheOnSignOut(client, window.localStorage, gate.close);
    runSignOutCleanups();
    expect(client.getQueryData(['maps'])).toBeUndefined();
    expect(window.localStorage.getItem(QUERY_CACHE_STORAGE_KEY)).toBeNull();
    // A throttled write scheduled before sign-out lands afterwards.
    gate.storage.setItem(QUERY_CACHE_STORAGE_KEY, 'late');
    expect(window.localStorage.getItem(QUERY_CACHE_STORAGE_KEY)).toBeNull();
    stop();
  });
});
