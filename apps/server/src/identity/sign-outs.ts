import type Provider from "oidc-provider";
import type { KoaContextWithOIDC } from "oidc-provider";

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
