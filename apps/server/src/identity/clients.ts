import type { Config } from "../platform/config.js";

/** The registered clients and where they may send users back to (exact match, no wildcards: no open redirects). */
export interface ClientRegistry {
  /** The SPA: public client, PKCE, refresh tokens. */
  web: { clientId: string; redirectUris: string[]; postLogoutRedirectUris: string[] };
  /** Origins allowed to call the token, userinfo, account and admin endpoints from a browser (CORS). */
  webOrigins: string[];
  /** Internal client of the account page: only establishes the sign-in session (response_type none). */
  account: { clientId: string; redirectUri: string };
  /** Client-credentials client for game servers; absent without GAMESERVER_CLIENT_SECRET. */
  gameServer?: { clientId: string; secret: string };
}

export const ACCOUNT_CLIENT_ID = "account-console";
export const GAME_SERVER_CLIENT_ID = "game-server";

export function clientRegistry(config: Config): ClientRegistry {
  const base = config.publicUrl;
  const extras = config.identity.extraRedirectUris;
  const redirectUris = unique([`${base}/`, `${base}/silent-check-sso.html`, ...extras]);
  const postLogoutRedirectUris = unique([`${base}/`, ...extras]);
  return {
    web: { clientId: config.identity.clientId, redirectUris, postLogoutRedirectUris },
    webOrigins: unique([...redirectUris, ...postLogoutRedirectUris].map((u) => new URL(u).origin)),
    account: { clientId: ACCOUNT_CLIENT_ID, redirectUri: `${config.identity.issuer}/account/callback` },
    gameServer: config.identity.gameServerClientSecret ? { clientId: GAME_SERVER_CLIENT_ID, secret: config.identity.gameServerClientSecret } : undefined,
  };
}

const unique = (values: string[]) => [...new Set(values)];
