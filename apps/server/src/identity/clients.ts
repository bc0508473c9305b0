import type { Config } from "../platform/config.js";
import { redirectMatcher } from "./redirect-patterns.js";

/** The registered clients and where they may send users back to (Keycloak's forms: redirect-patterns.ts). */
export interface ClientRegistry {
  /** The SPA: public client, PKCE, refresh tokens. */
  web: {
    clientId: string;
    /** Exact URIs and `/*` patterns, as configured (shown in the client's metadata). */
    redirectUris: string[];
    postLogoutRedirectUris: string[];
    redirectUriAllowed(uri: string): boolean;
    postLogoutRedirectUriAllowed(uri: string): boolean;
  };
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
  // The SPA's own pages, deep links and silent-check-sso.html included; the same for signing out.
  const redirectUris = unique([`${base}/*`, ...extras]);
  const postLogoutRedirectUris = redirectUris;
  const redirects = redirectMatcher(redirectUris);
  const postLogout = redirectMatcher(postLogoutRedirectUris);
  return {
    web: {
      clientId: config.identity.clientId,
      redirectUris,
      postLogoutRedirectUris,
      redirectUriAllowed: redirects.allowed,
      postLogoutRedirectUriAllowed: postLogout.allowed,
    },
    // Keycloak's "+": the origins of the redirect URIs may call the token, userinfo, account and admin endpoints.
    webOrigins: unique([...redirects.rules, ...postLogout.rules].map((rule) => rule.origin)),
    account: { clientId: ACCOUNT_CLIENT_ID, redirectUri: `${config.identity.issuer}/account/callback` },
    gameServer: config.identity.gameServerClientSecret ? { clientId: GAME_SERVER_CLIENT_ID, secret: config.identity.gameServerClientSecret } : undefined,
  };
}

const unique = (values: string[]) => [...new Set(values)];
