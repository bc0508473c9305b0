import { use, useEffect, useMemo, useRef } from 'react';
import { createClient, type Client } from '@connectrpc/connect';
import type { DescService } from '@bufbuild/protobuf';
import { useSession, type Session } from '../auth/session-context';
import { createRpcTransport, signInAgain } from './transport';
import { ApiTransportContext } from './transport-context';

/**
 * A typed client for one generated service, authenticated with the current session.
 * The transport is cheap (no connection pooling in the browser), so one per hook is fine.
 */
export function useRpcClient<S extends DescService>(service: S, apiBaseUrl: string): Client<S> {
  const session = useSession();
  const { getAccessToken } = session;
  const given = use(ApiTransportContext).rpc;
  // The latest session signs in again; the client need not be rebuilt when it changes.
  const latest = useRef<Session>(session);
  useEffect(() => {
    latest.current = session;
  });
  return useMemo(
    () =>
      createClient(
        service,
        // A lost session (UNAUTHENTICATED): sign in again and come back to this page (login's default).
        given ?? createRpcTransport({ apiBaseUrl, getAccessToken: () => getAccessToken(), onSessionLost: () => signInAgain(() => latest.current.login()) }),
      ),
    [service, apiBaseUrl, getAccessToken, given],
  );
}
