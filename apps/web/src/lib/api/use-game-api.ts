import type { DescService } from '@bufbuild/protobuf';
import type { Client } from '@connectrpc/connect';
import { useRuntimeConfig } from '../runtime-config-context';
import { useRpcClient } from '../rpc/use-rpc-client';

/**
 * A typed, authenticated client for one game service. Each API module passes the service it calls, so a screen's
 * chunk holds only the generated messages of the services it uses (not every service's, as one shared client set did).
 */
export function useGameServiceClient<S extends DescService>(service: S): Client<S> {
  return useRpcClient(service, useRuntimeConfig()?.apiBaseUrl ?? '');
}
