import { Code, ConnectError } from '@connectrpc/connect';
import { describe, expect, it } from 'vitest';
import { QueryClient } from '@tanstack/react-query';
import { ItemNotFoundError } from './api/entity-cache';
import { runSignOutCleanups } from './auth/sign-out-cleanup';
import { clearQueryCacheOnSignOut, retryOnce, signOutGatedStorage } from './query-client';
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

describe('which failed reads are tried again', () => {
  it('retries once what may answer differently: the network, UNAVAILABLE, UNAUTHENTICATED (a token refreshed meanwhile)', () => {
    for (const error of [
      new ConnectError('Failed to fetch', Code.Unknown, undefined, undefined, new TypeError('Failed to fetch')),
      new ConnectError('database unavailable, try again', Code.Unavailable),
      new ConnectError('token expired', Code.Unauthenticated),
      new ConnectError('internal error', Code.Internal),
    ]) {
      expect([error.rawMessage, retryOnce(0, error)]).toEqual([error.rawMessage, true]);
      expect([error.rawMessage, retryOnce(1, error)]).toEqual([error.rawMessage, false]);
    }
  });

  it('shows at once what the same call would get again', () => {
    for (const error of [
      new ConnectError('search stopped after 10 s: narrow it with a channel, a sender or a time window', Code.DeadlineExceeded),
      new ConnectError('filters.limit: must be 0..200', Code.InvalidArgument),
      new ConnectError('permission denied', Code.PermissionDenied),
      new ConnectError('map m1 not found', Code.NotFound),
      new ItemNotFoundError('m1'),
    ]) {
      expect([error.message, retryOnce(0, error)]).toEqual([error.message, false]);
    }
  });
});
