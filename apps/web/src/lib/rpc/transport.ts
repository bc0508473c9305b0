import { Code, ConnectError, type Interceptor, type Transport } from '@connectrpc/connect';
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
 * UNAUTHENTICATED to a call that carried a token: the server no longer accepts this session (a corrupted token, one
 * another issuer signed, a revoked one). Retrying cannot help; `onLost` signs in again.
 */
export function sessionLostInterceptor(onLost: () => void): Interceptor {
  return (next) => async (request) => {
    try {
      return await next(request);
    } catch (error) {
      if (error instanceof ConnectError && error.code === Code.Unauthenticated && request.header.has('authorization')) onLost();
      throw error;
    }
  };
}

/** Within this long after a sign-in this answer started, another UNAUTHENTICATED shows as an error instead of looping. */
export const SIGN_IN_AGAIN_GUARD_MS = 60_000;
const SIGN_IN_AGAIN_KEY = 'sro.sign-in-again-at';

/**
 * Signs in again and comes back to this page, once: if the new session is refused too, the page shows the error
 * rather than sending the browser round the provider forever. True when it left for the provider.
 */
export function signInAgain(login: () => Promise<void>, storage: Pick<Storage, 'getItem' | 'setItem'> = sessionStorage, now = Date.now()): boolean {
  const last = Number(storage.getItem(SIGN_IN_AGAIN_KEY) ?? 0);
  if (now - last < SIGN_IN_AGAIN_GUARD_MS) return false;
  storage.setItem(SIGN_IN_AGAIN_KEY, String(now));
  void login();
  return true;
}

/**
 * Browser transport for the game API (docs/product.md#calls: gRPC-web, bearer token). An empty
 * apiBaseUrl means the API shares the page's origin.
 */
export function createRpcTransport(options: { apiBaseUrl: string; getAccessToken: AccessTokenSource; onSessionLost?: () => void }): Transport {
  return createGrpcWebTransport({
    baseUrl: options.apiBaseUrl || window.location.origin,
    interceptors: [...(options.onSessionLost ? [sessionLostInterceptor(options.onSessionLost)] : []), bearerInterceptor(options.getAccessToken)],
  });
}
