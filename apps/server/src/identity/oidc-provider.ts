import { securityPolicy } from "./http-kit.js";
import Provider, { errors, interactionPolicy, type Configuration, type KoaContextWithOIDC } from "oidc-provider";
import type { Db } from "../platform/db/database.js";
import type { Logger } from "../platform/logger.js";
import { profileClaims, serviceAccessTokenClaims, userAccessTokenClaims } from "./claims.js";
import type { ClientRegistry } from "./clients.js";
import { createOidcAdapterFactory } from "./oidc-adapter.js";
import { errorPage, loggedOutPage, logoutPage, noSessionLogoutPage, stillSignedInPage } from "./pages/message-pages.js";
import type { PageLinks } from "./pages/layout.js";
import { shapeRefreshTokensLikeKeycloak } from "./refresh-token-shape.js";
import { mirrorSessionHint } from "./session-hint-cookie.js";
import type { SigningKeySet } from "./signing-keys.js";
import type { RequestMemo } from "./request-memo.js";
import type { UserStore, UserWithGroups } from "./user-store.js";

/** Keycloak's endpoint layout under the realm (the issuer is …/realms/default). */
export const KEYCLOAK_ROUTES = {
  authorization: "/protocol/openid-connect/auth",
  token: "/protocol/openid-connect/token",
  userinfo: "/protocol/openid-connect/userinfo",
  jwks: "/protocol/openid-connect/certs",
  end_session: "/protocol/openid-connect/logout",
  revocation: "/protocol/openid-connect/revoke",
  pushed_authorization_request: "/protocol/openid-connect/ext/par/request",
} as const;

/** The game API as a resource server: every access token is a JWT for it, even without a `resource` parameter. */
export const API_RESOURCE = "urn:sro:api";
const API_SCOPE = "openid profile email";

/** Lifetimes in seconds, close to Keycloak's defaults (5 min tokens, 10 h SSO session). */
export const TTL = { accessToken: 300, idToken: 300, code: 60, interaction: 30 * 60, session: 10 * 3600, refreshToken: 10 * 3600 };

export interface ProviderDeps {
  issuer: string;
  clients: ClientRegistry;
  keys: SigningKeySet;
  db: Db;
  users: UserStore;
  links: PageLinks;
  logger: Logger;
  /** The request's reads (request-memo.ts): one account read per request, one statement for a token and its grant. */
  memo: RequestMemo;
}

type SignIn = { amr?: string[]; acr?: string; authTime?: number };

/** `prompt=create` (OpenID Connect "Initiating User Registration"): shows the registration page first. */
function createPrompt() {
  return new interactionPolicy.Prompt({ name: "create", requestable: true });
}

export function createOidcProvider(d: ProviderDeps): Provider {
  const policy = interactionPolicy.base();
  policy.add(createPrompt(), 0);
  const { web, account, gameServer } = d.clients;
  const audience = web.clientId;
  /**
   * The account with its groups, read once per request for findAccount, extraTokenClaims and the ID token's claims.
   * `readAtMs` is taken before the read: a token stamped with it (iat_ms) carries the state of that moment or later,
   * so a revocation after it still covers the token.
   */
  const accountOf = (id: string): Promise<{ readAtMs: number; user: UserWithGroups | undefined }> =>
    d.memo.once(`account:${id}`, async () => {
      const readAtMs = Date.now();
      return { readAtMs, user: await d.users.findWithGroups(id) };
    });

  const configuration: Configuration = {
    adapter: createOidcAdapterFactory(d.db, d.memo),
    jwks: { keys: d.keys.privateJwks },
    cookies: {
      keys: d.keys.cookieSecrets,
      long: { httpOnly: true, sameSite: "lax" },
      short: { httpOnly: true, sameSite: "lax" },
    },
    routes: KEYCLOAK_ROUTES,
    clients: [
      {
        client_id: web.clientId,
        token_endpoint_auth_method: "none",
        application_type: "web",
        grant_types: ["authorization_code", "refresh_token"],
        response_types: ["code"],
        redirect_uris: web.redirectUris,
        post_logout_redirect_uris: web.postLogoutRedirectUris,
      },
      {
        client_id: account.clientId,
        token_endpoint_auth_method: "none",
        grant_types: [],
        response_types: ["none"],
        redirect_uris: [account.redirectUri],
      },
      ...(gameServer
        ? [{ client_id: gameServer.clientId, client_secret: gameServer.secret, grant_types: ["client_credentials"], response_types: [], redirect_uris: [] }]
        : []),
    ],
    clientBasedCORS: (_ctx, origin) => d.clients.webOrigins.includes(origin),
    // The code flow only (with PKCE): no implicit grant, no tokens in a URL. "none" is the account page's sign-in check.
    responseTypes: ["code", "none"],
    pkce: { required: () => true },
    allowOmittingSingleRegisteredRedirectUri: false,
    scopes: ["openid", "offline_access", "profile", "email"],
    // Keycloak's default client scopes (profile, email, group mapper) apply whatever the request asks for.
    claims: {
      // How the user signed in (amr, e.g. ["pwd","otp"]; acr "1" or "2") and when.
      openid: ["sub", "acr", "amr", "auth_time", "preferred_username", "given_name", "family_name", "name", "email", "email_verified", "groups"],
      profile: ["preferred_username", "given_name", "family_name", "name"],
      email: ["email", "email_verified"],
    },
    conformIdTokenClaims: false,
    findAccount: async (_ctx, sub) => {
      const { user } = await accountOf(sub);
      if (!user?.enabled) return undefined;
      return { accountId: user.id, claims: async () => profileClaims(user, user.groupPaths) };
    },
    extraTokenClaims: async (ctx, token) => {
      if (token.kind === "ClientCredentials") return serviceAccessTokenClaims(token.clientId!);
      const accountId = (token as { accountId?: string }).accountId;
      if (token.kind !== "AccessToken" || !accountId) return undefined;
      // Taken before the claims were read (findAccount read them first in this request): a token stamped after a
      // revocation carries the state after it.
      const { readAtMs: issuedAtMs, user } = await accountOf(accountId);
      if (!user) return undefined;
      const groups = user.groupPaths;
      // How the user signed in, as the code or refresh token this access token is issued for recorded it.
      const entities = ctx.oidc.entities as { AuthorizationCode?: SignIn; RefreshToken?: SignIn; RotatedRefreshToken?: SignIn };
      const source = entities.AuthorizationCode ?? entities.RotatedRefreshToken ?? entities.RefreshToken;
      const signIn = { amr: source?.amr, acr: source?.acr, authTime: source?.authTime };
      return userAccessTokenClaims(user, groups, token.clientId!, issuedAtMs, (token as { sessionUid?: string }).sessionUid, signIn);
    },
    // First-party clients only: consent is implied, so the grant is created (or topped up) without asking.
    loadExistingGrant: async (ctx) => {
      const { client, session } = ctx.oidc;
      if (!client || !session?.accountId) return undefined;
      const grantId = (ctx.oidc.result?.consent as { grantId?: string } | undefined)?.grantId ?? session.grantIdFor(client.clientId);
      const existing = grantId ? await ctx.oidc.provider.Grant.find(grantId) : undefined;
      const grant =
        existing && existing.accountId === session.accountId
          ? existing
          : new ctx.oidc.provider.Grant({ clientId: client.clientId, accountId: session.accountId });
      grant.addOIDCScope(API_SCOPE);
      grant.addResourceScope(API_RESOURCE, API_SCOPE);
      await grant.save();
      return grant;
    },
    // Keycloak issues refresh tokens without offline_access; they end with the session.
    issueRefreshToken: async (_ctx, client) => client.grantTypeAllowed("refresh_token"),
    rotateRefreshToken: true,
    ttl: {
      AccessToken: TTL.accessToken,
      ClientCredentials: TTL.accessToken,
      IdToken: TTL.idToken,
      AuthorizationCode: TTL.code,
      Interaction: TTL.interaction,
      Session: TTL.session,
      Grant: TTL.session,
      // A rotated refresh token inherits what is left of its predecessor: rotation never extends a sign-in.
      RefreshToken: (ctx) => ctx?.oidc?.entities.RotatedRefreshToken?.remainingTTL ?? TTL.refreshToken,
    },
    interactions: {
      policy,
      url: (_ctx, interaction) => `${new URL(d.issuer).pathname}/login-actions/${interaction.uid}`,
    },
    features: {
      devInteractions: { enabled: false },
      revocation: { enabled: true },
      userinfo: { enabled: true },
      clientCredentials: { enabled: gameServer !== undefined },
      resourceIndicators: {
        enabled: true,
        defaultResource: async () => API_RESOURCE,
        useGrantedResource: async () => true,
        getResourceServerInfo: async (_ctx, resource) => {
          if (resource !== API_RESOURCE) throw new errors.InvalidTarget();
          return { scope: API_SCOPE, audience, accessTokenFormat: "jwt", accessTokenTTL: TTL.accessToken, jwt: { sign: { alg: "RS256" } } };
        },
      },
      rpInitiatedLogout: {
        enabled: true,
        logoutSource: async (ctx: KoaContextWithOIDC, form: string) => {
          // oidc-provider has already verified the hint (signature, client) before it gets here. It confirms itself only
          // when it names this browser's own session (same account and session id): a hint of another user, or of
          // an ended session, must not sign this browser out without asking.
          const hint = (ctx.oidc.entities as { IdTokenHint?: { payload?: { sub?: unknown; sid?: unknown } } }).IdTokenHint?.payload;
          const session = ctx.oidc.session;
          const hinted =
            Boolean(ctx.oidc.params?.id_token_hint) &&
            session?.accountId !== undefined &&
            hint?.sub === session.accountId &&
            (hint?.sid === undefined || (ctx.oidc.client !== undefined && hint.sid === session.sidFor(ctx.oidc.client.clientId)));
          ctx.type = "html";
          ctx.body = logoutPage(d.links, form, hinted ? d.links.logoutConfirmScript : undefined);
          if (hinted) ctx.set("content-security-policy", securityPolicy(d.clients.webOrigins, { scripts: true }));
        },
        // "Stay signed in" also ends here (when no client asked to be called back): tell which way it went.
        postLogoutSuccessSource: async (ctx: KoaContextWithOIDC) => {
          const sessionId = ctx.cookies.get(ctx.oidc.provider.cookieName("session"), { signed: true });
          const session = sessionId ? await ctx.oidc.provider.Session.find(sessionId) : undefined;
          ctx.type = "html";
          ctx.body = session?.accountId ? stillSignedInPage(d.links, `${d.issuer}/account`) : loggedOutPage(d.links);
        },
      },
    },
    renderError: async (ctx, out) => {
      ctx.type = "html";
      ctx.body = errorPage(d.links, {
        title: "Something went wrong",
        message: "The sign-in request could not be completed. Go back to SRO and try again.",
        detail: out.error_description ?? out.error,
      });
    },
  };

  const provider = new Provider(d.issuer, configuration);
  // Keycloak's redirect URI forms (exact, or a trailing '/*') for the SPA's client; oidc-provider itself matches
  // exactly only. Other clients keep its matching.
  // eslint-disable-next-line @typescript-eslint/unbound-method -- oidc-provider's own checks, kept to be called with .call(this) below
  const { redirectUriAllowed, postLogoutRedirectUriAllowed } = provider.Client.prototype;
  provider.Client.prototype.redirectUriAllowed = function (this: InstanceType<typeof provider.Client>, uri: string) {
    return this.clientId === web.clientId ? web.redirectUriAllowed(uri) : redirectUriAllowed.call(this, uri);
  };
  provider.Client.prototype.postLogoutRedirectUriAllowed = function (this: InstanceType<typeof provider.Client>, uri: string) {
    return this.clientId === web.clientId ? web.postLogoutRedirectUriAllowed(uri) : postLogoutRedirectUriAllowed.call(this, uri);
  };
  shapeRefreshTokensLikeKeycloak(provider, d.issuer);
  // ID tokens carry `sid` as Keycloak's do (oidc-provider adds it only for back-channel logout clients): the logout
  // page needs it to tell a hint of this browser's session from one of an earlier or another session.
  (provider.Client.prototype as { includeSid(): boolean }).includeSid = () => true;
  // Our handler rewrites X-Forwarded-Host/Proto from PUBLIC_URL, so URLs and Secure cookies follow the public origin.
  provider.proxy = true;
  // The provider answers CORS itself, but without Allow-Credentials, which keycloak-js needs (it sends its token
  // requests with credentials, and Keycloak allows them for a client's web origins).
  provider.use(async (ctx, next) => {
    await next();
    // Logout without a provider session: oidc-provider skips logoutSource and serves its own auto-submitting form,
    // whose inline script our CSP blocks (a blank page). Serve ours instead (same form target and xsrf token).
    const oidc = (ctx as unknown as Partial<KoaContextWithOIDC>).oidc;
    const session = oidc?.session;
    const secret = (session?.state as { secret?: unknown } | undefined)?.secret;
    if (oidc?.route === "end_session" && ctx.status === 200 && session && !session.accountId && typeof secret === "string") {
      ctx.type = "html";
      ctx.body = noSessionLogoutPage(d.links, oidc.urlFor("end_session_confirm"), secret);
      ctx.set("content-security-policy", securityPolicy(d.clients.webOrigins, { scripts: true }));
    }
    const origin = ctx.response.get("Access-Control-Allow-Origin");
    if (origin && d.clients.webOrigins.includes(origin)) ctx.set("Access-Control-Allow-Credentials", "true");
    // Unknown paths under the realm get our page rather than Koa's bare "Not Found".
    if (ctx.status === 404 && ctx.body === undefined) {
      ctx.status = 404;
      ctx.type = "html";
      ctx.body = errorPage(d.links, { title: "Page not found", message: "There is nothing at this address." });
    }
  });
  // A readable "a session may exist" cookie beside the session cookie, for the SPA's silent check at start.
  mirrorSessionHint(provider);
  provider.on("server_error", (_ctx, error) => d.logger.error({ err: error }, "identity provider error"));
  return provider;
}
