import { useMemo } from 'react';
import { createClient, type Client } from '@connectrpc/connect';
import type { DescService } from '@bufbuild/protobuf';
import { useSession } from '../auth/session-context';
import { createRpcTransport } from './transport';

/**
 * A typed client for one generated service, authenticated with the current session.
 * The transport is cheap (no connection pooling in the browser), so one per hook is fine.
 */
export function useRpcClient<S extends DescService>(service: S, apiBaseUrl: string): Client<S> {
  const { getAccessToken } = useSession();
  return useMemo(
    () => createClient(service, createRpcTransport({ apiBaseUrl, getAccessToken: () => getAccessToken() })),
    [service, apiBaseUrl, getAccessToken],
  );
}
