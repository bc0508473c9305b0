import { createContext } from 'react';
import type { Transport } from '@connectrpc/connect';

/**
 * How the clients reach the server, when something other than the network is wanted. The app provides nothing:
 * each rpc client builds its own transport (transport.ts) and the identity admin client uses the browser's fetch.
 * Component tests provide Connect's in-memory router transport and an in-memory fetch (src/test/), so the screens
 * run their real clients against a test server.
 */
export interface ApiTransports {
  rpc?: Transport;
  fetch?: typeof fetch;
}

export const ApiTransportContext = createContext<ApiTransports>({});
