import { decodeJwt } from "jose";
import type Provider from "oidc-provider";
import type { KoaContextWithOIDC } from "oidc-provider";
import { TokenError, type TokenVerifier } from "../platform/auth/token-verifier.js";

/**
 * Tells `onSessionEnded` of every sign-out at the provider's logout endpoint: "Sign out" ends the whole session (every
 * client's tokens), "Stay signed in" signs only the asking client out of a session that goes on.
 */
export function announceSignOuts(provider: Provider, onSessionEnded?: (userId: string, sessionId: string, clientId?: string) => void): void {
  if (!onSessionEnded) return;
  provider.on("end_session.success", (ctx: KoaContextWithOIDC) => {
    const { session, params, client } = ctx.oidc;
    if (!session?.accountId) return;
    if (params?.logout) onSessionEnded(session.accountId, session.uid);
    else if (client) onSessionEnded(session.accountId, session.uid, client.clientId);
  });
}

/** The identity routes' verifier: a token that no longer counts (signed out, access changed) is refused like an expired one. */
export function unlessRevoked(verifier: TokenVerifier, isRevoked?: (sub: string, token: string) => boolean): TokenVerifier {
  if (!isRevoked) return verifier;
  return {
    async verify(token) {
      const caller = await verifier.verify(token);
      if (isRevoked(caller.sub, token)) throw new TokenError("the token was revoked: signed out, or the account changed; sign in again");
      return caller;
    },
    isKnownValid: (token) => verifier.isKnownValid(token) && !isRevoked(String(decodeJwt(token).sub), token),
  };
}
