import type { Interceptor, Transport } from '@connectrpc/connect';
import { createGrpcWebTransport } from '@connectrpc/connect-web';

export type AccessTokenSource = () => Promise<string | null>;

/** Adds `authorization: Bearer …` when signed in; anonymous calls go out without it. */
export function bearerInterceptor(getAccessToken: AccessTokenSource): Interceptor {
  return (next) => async (request) => {
    const token = await getAccessToken();
    if (token) request.header.set('authorization', `Bearer ${token}`);
    return next(request);
  };
}

/**
 * Browser transport for the game API (SPEC §7: gRPC-web, bearer token). An empty
 * apiBaseUrl means the API shares the page's origin.
 */
export function createRpcTransport(options: { apiBaseUrl: string; getAccessToken: AccessTokenSource }): Transport {
  return createGrpcWebTransport({
    baseUrl: options.apiBaseUrl || window.location.origin,
    interceptors: [bearerInterceptor(options.getAccessToken)],
  });
}
