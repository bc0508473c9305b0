import { createPublicKey } from "node:crypto";
import { eq } from "drizzle-orm";
import type { JWTVerifyGetKey } from "jose";
import { createTokenVerifier } from "../platform/auth/token-verifier.js";
import type { Config } from "../platform/config.js";
import type { Db } from "../platform/db/database.js";
import type { AnyRequest, AnyResponse } from "../platform/http/listener.js";
import type { Logger } from "../platform/logger.js";
import { handleAccount } from "./account-routes.js";
import { handleAdminApi } from "./admin-api.js";
import { clientRegistry } from "./clients.js";
import { demoAccountSummary, seedDemoAccounts } from "../demo/demo-identity.js";
import { ensureGroupTree, groupIdOf } from "./group-tree.js";
import { redirect, sendHtml, sendJson, setSecurityHeaders } from "./http-kit.js";
import type { IdentityContext } from "./identity-context.js";
import { handleInteraction } from "./interaction-routes.js";
import { createLoginThrottle, defaultThrottlePolicy, type ThrottlePolicy } from "./login-throttle.js";
import { deleteExpiredOidcPayloads, endSessionsOf } from "./oidc-adapter.js";
import { createOidcProvider, KEYCLOAK_ROUTES } from "./oidc-provider.js";
import type { PageLinks } from "./pages/layout.js";
import { errorPage } from "./pages/message-pages.js";
import { displayFont, faviconSvg, PASSKEY_FORM_SCRIPT, webauthnBrowserBundle } from "./pages/static-resources.js";
import { createPasskeyStore } from "./passkey-store.js";
import { relyingPartyOf } from "./passkeys.js";
import { identityCss } from "./pages/theme-css.js";
import { loadSigningKeys, localVerificationKeys } from "./signing-keys.js";
import { handleThirdPartyCookieCheck } from "./third-party-cookie-check.js";
import { handleUserinfo } from "./userinfo-route.js";
import { MIN_PASSWORD_LENGTH } from "./profile-rules.js";
import { userGroups } from "./schema.js";
import { controlError } from "../platform/text-rules.js";
import { createRequestMemo } from "./request-memo.js";
import { createUserStore } from "./user-store.js";
import { createSecondFactorStore } from "./second-factor-store.js";
import { isClientGone } from "../platform/http/client-gone.js";
import { announceSignOuts } from "./sign-outs.js";
import { endSessions, keepSessionOrigins, listSessionsOf, ownerOfSession } from "./session-list.js";
import { clientAddress } from "../platform/http/client-address.js";
import { unlessRevoked } from "../platform/auth/revocations.js";
import { createAccessResolver, type AccessResolver } from "../platform/auth/access-resolution.js";
import { appendAudit } from "../audit/audit-trail.js";

export interface IdentityOptions {
  throttle?: ThrottlePolicy;
  /** A user's access changed (groups, enabled): app.ts announces it to every node (platform/auth/revocations.ts). */
  onUserChanged?: (userId: string) => void;
  /**
   * A user signed out of a sign-in session (of every client, or of clientId only): app.ts announces it to every node,
   * whose revocations then refuse that session's tokens (platform/auth/revocations.ts).
   */
  onSessionEnded?: (userId: string, sessionId: string, clientId?: string) => void;
  /** True when a verified token of sub no longer counts (revocations.ts): userinfo, account JSON and the admin API refuse it. */
  isRevoked?: (sub: string, token: string) => boolean;
  /** Clock of the login throttle (tests). */
  now?: () => number;
  /** Why this user may not sign in (an account ban: moderation, wired in app.ts), or undefined. */
  signInRefusal?: (userId: string) => string | undefined;
  /** This node's roles and mappings (app.ts); the users API decides by them. Default: the built-in roles only. */
  access?: AccessResolver;
}

export interface Identity {
  /** For createHttpHandler's `identity` slot: answers every path under /realms/ and /admin/realms/ (404 for other realms). */
  handle: (req: AnyRequest, res: AnyResponse) => Promise<boolean>;
  /** This provider's token keys, for the RPC token verifier. */
  tokenKeys: JWTVerifyGetKey;
  close(): Promise<void>;
}

const REALM = "default";
/** Without demo accounts nobody can sign in to the console until an operator makes the first admin. */
export const FIRST_ADMIN_HINT =
  `no admin account yet: create the first one with IDENTITY_ADMIN_PASSWORD=<at least ${MIN_PASSWORD_LENGTH} characters> ` +
  "node apps/server/dist/identity/identity-cli.js create-admin --username <name> --email <address> " +
  "(with PGlite, stop the server first; docs/deploy.md)";

async function hasAdmin(db: Db): Promise<boolean> {
  const rows = await db
    .select({ userId: userGroups.userId })
    .from(userGroups)
    .where(eq(userGroups.groupId, groupIdOf("/Moderator/Admin")))
    .limit(1);
  return rows.length > 0;
}
const HOUSEKEEPING_MS = 10 * 60 * 1000;

/** The embedded identity provider (docs/identity.md): Keycloak's paths, our users, groups, keys and pages. */
export async function createIdentity(deps: { config: Config; db: Db; logger: Logger }, options: IdentityOptions = {}): Promise<Identity> {
  const { config, db } = deps;
  const logger = deps.logger.child({ component: "identity" });
  const issuer = config.identity.issuer;
  const users = createUserStore(db);
  await ensureGroupTree(db);
  if (config.seedDemo) {
    await seedDemoAccounts(users, logger);
    logger.info({ accounts: demoAccountSummary() }, "local mode: demo accounts (seeded with password = username)");
  } else if (!(await hasAdmin(db))) {
    logger.warn(FIRST_ADMIN_HINT);
  }
  const keys = await loadSigningKeys(db);
  const tokenKeys = localVerificationKeys(db, keys.publicJwks);
  const clients = clientRegistry(config);
  const realmPath = new URL(issuer).pathname;
  const links = {
    stylesheet: `${realmPath}/resources/identity.css`,
    home: `${config.publicUrl}/`,
    logoutConfirmScript: `${realmPath}/resources/logout-confirm.js`,
    icon: `${realmPath}/resources/favicon.svg`,
    passkeyScripts: [`${realmPath}/resources/simplewebauthn-browser.js`, `${realmPath}/resources/passkey.js`],
  };
  const memo = createRequestMemo();
  const provider = createOidcProvider({ issuer, clients, keys, db, users, links, logger, memo });
  announceSignOuts(provider, options.onSessionEnded);
  keepSessionOrigins(provider, db, (req) => clientAddress(req, config.trustProxy), logger);
  const throttle = createLoginThrottle(db, options.now);
  const ctx: IdentityContext = {
    provider,
    users,
    secondFactors: createSecondFactorStore(db, options.now),
    secondFactorPolicy: config.secondFactor,
    passkeys: createPasskeyStore(db, options.now),
    relyingParty: relyingPartyOf(config.publicUrl),
    throttle,
    policy: options.throttle ?? defaultThrottlePolicy,
    links,
    keys,
    clients,
    access: options.access ?? createAccessResolver(),
    tokens: unlessRevoked(
      createTokenVerifier({ issuer, audiences: config.identity.audiences, clientId: config.identity.clientId, keys: tokenKeys }),
      options.isRevoked,
    ),
    realmPath,
    adminPath: `/admin/realms/${REALM}`,
    issuer,
    publicUrl: config.publicUrl,
    trustProxy: config.trustProxy,
    logger,
    now: options.now ?? Date.now,
    onUserChanged: options.onUserChanged ?? (() => {}),
    audit: (actor, change) => appendAudit(db, actor, change, (options.now ?? Date.now)()),
    // These drop sessions and grants beside the adapter: what the request read of them before is forgotten.
    endSessions: (userId, keepSessionUid) => endSessionsOf(db, userId, keepSessionUid).finally(memo.forgetPayloads),
    sessions: {
      list: (userId) => listSessionsOf(db, userId),
      end: (actor, userId, sessionUid) => endSessions(db, actor, userId, sessionUid).finally(memo.forgetPayloads),
      ownerOf: (sessionUid) => ownerOfSession(db, sessionUid),
    },
    onSessionEnded: options.onSessionEnded ?? (() => {}),
    signInRefusal: options.signInRefusal ?? (() => undefined),
  };
  const callProvider = provider.callback();
  const publicUrl = new URL(config.publicUrl);
  const realmInfo = realmRepresentation(issuer, keys.publicJwks[0]);

  const housekeeping = setInterval(() => {
    Promise.all([deleteExpiredOidcPayloads(db), throttle.prune()]).catch((error) => logger.warn({ err: error }, "identity housekeeping failed"));
  }, HOUSEKEEPING_MS);
  housekeeping.unref();

  // Presses "Sign out" on the logout page (only served there when the app sent a valid id_token_hint).
  const LOGOUT_CONFIRM_SCRIPT = `document.querySelector('button[name="logout"][value="yes"]')?.click();\n`;

  const route = async (req: AnyRequest, res: AnyResponse, url: URL): Promise<void> => {
    const path = url.pathname;
    if (path === ctx.adminPath || path.startsWith(`${ctx.adminPath}/`)) {
      const segments = path.slice(ctx.adminPath.length).split("/").filter(Boolean).map(safeDecode);
      return handleAdminApi(ctx, req, res, segments, url.searchParams);
    }
    const rel = path.slice(realmPath.length);
    if (rel === "" || rel === "/") return sendJson(res, 200, realmInfo, { "access-control-allow-origin": "*" });
    if (rel === "/resources/logout-confirm.js") {
      res.writeHead(200, { "content-type": "text/javascript; charset=utf-8", "cache-control": "public, max-age=3600" });
      return void res.end(LOGOUT_CONFIRM_SCRIPT);
    }
    if (rel === "/resources/identity.css") {
      res.writeHead(200, { "content-type": "text/css; charset=utf-8", "cache-control": "public, max-age=3600" });
      return void res.end(identityCss);
    }
    if (rel === "/resources/simplewebauthn-browser.js" || rel === "/resources/passkey.js") {
      res.writeHead(200, { "content-type": "text/javascript; charset=utf-8", "cache-control": "public, max-age=3600" });
      return void res.end(rel === "/resources/passkey.js" ? PASSKEY_FORM_SCRIPT : webauthnBrowserBundle());
    }
    if (rel === "/resources/favicon.svg") {
      res.writeHead(200, { "content-type": "image/svg+xml", "cache-control": "public, max-age=3600" });
      return void res.end(faviconSvg);
    }
    if (rel === "/resources/orbitron-latin-700.woff2") {
      res.writeHead(200, { "content-type": "font/woff2", "cache-control": "public, max-age=86400" });
      return void res.end(displayFont());
    }
    const interaction = /^\/login-actions\/([A-Za-z0-9_-]{1,64})(?:\/([a-z]+(?:-[a-z]+)?))?\/?$/.exec(rel);
    if (interaction) return handleInteraction(ctx, req, res, interaction[1]!, interaction[2] ?? "");
    const account = /^\/account(?:\/([a-z]+))?\/?$/.exec(rel);
    if (account) return handleAccount(ctx, req, res, account[1] ?? "", url.searchParams);
    if (rel === KEYCLOAK_ROUTES.userinfo) return handleUserinfo(ctx, req, res);
    if (handleThirdPartyCookieCheck(realmPath, rel, res, clients.webOrigins)) return;
    if (rel === "/protocol/openid-connect/registrations") {
      // Keycloak's registration entry point (keycloak-js register()): an authorization request that starts with sign-up.
      const params = new URLSearchParams(url.search);
      params.set("prompt", "create");
      return redirect(res, `${realmPath}${KEYCLOAK_ROUTES.authorization}?${params}`, 302);
    }
    // Everything else is oidc-provider's, mounted at the realm path the way Express mounts sub-apps.
    (req as { originalUrl?: string }).originalUrl = req.url;
    req.url = `${rel}${url.search}`;
    await callProvider(req, res);
  };

  return {
    tokenKeys,
    async handle(req, res) {
      const url = new URL(req.url ?? "/", "http://internal");
      const path = url.pathname;
      const ours = path === realmPath || path.startsWith(`${realmPath}/`) || path === ctx.adminPath || path.startsWith(`${ctx.adminPath}/`);
      if (!ours && !path.startsWith("/realms/") && !path.startsWith("/admin/realms/")) return false;
      // URLs the provider builds and the Secure flag of its cookies follow PUBLIC_URL, whatever Host the request used.
      req.headers["x-forwarded-proto"] = publicUrl.protocol.slice(0, -1);
      req.headers["x-forwarded-host"] = publicUrl.host;
      setSecurityHeaders(res, clients.webOrigins);
      if (!ours) {
        // Another realm's discovery or admin URL (a client configured for the wrong realm): a 404 it can read, not the SPA.
        if (wantsPage(req) && !path.startsWith("/admin/"))
          sendHtml(res, 404, errorPage(links, { title: "Realm not found", message: `This server has one realm: ${REALM}.` }));
        else sendJson(res, 404, { error: "Realm does not exist", error_description: `This server has one realm: ${REALM}.` });
        return true;
      }
      const badParameter = controlCharacterParameter(url.searchParams);
      if (badParameter) {
        refuseParameter(req, res, links, badParameter);
        return true;
      }
      try {
        await memo.run(() => route(req, res, url));
      } catch (error) {
        // Not ours to answer: http-handler.ts logs a client that went away (at info) and closes the response.
        if (isClientGone(error)) throw error;
        logger.error({ err: error, path }, "identity request failed");
        if (res.headersSent) res.end();
        else if (path.startsWith(ctx.adminPath) || !wantsPage(req)) sendJson(res, 500, { error: "server_error", error_description: "internal error" });
        else
          sendHtml(
            res,
            500,
            errorPage(links, { title: "Something went wrong", message: "The identity service could not complete this request. Please try again." }),
          );
      }
      return true;
    },
    async close() {
      clearInterval(housekeeping);
    },
  };
}

/**
 * Query parameters end up in stored payloads (state, nonce, login_hint of an interaction) and in queries; PostgreSQL
 * refuses NUL in text and JSON, so control characters are refused up front, naming the parameter.
 */
function controlCharacterParameter(params: URLSearchParams): string | undefined {
  for (const [name, value] of params) {
    const error = controlError(`The ${name.replace(/[^\w.-]/g, "?").slice(0, 64)} parameter`, value) ?? controlError("A parameter name", name);
    if (error) return error;
  }
  return undefined;
}

const wantsPage = (req: AnyRequest) => String(req.headers.accept ?? "").includes("text/html");

function refuseParameter(req: AnyRequest, res: AnyResponse, links: PageLinks, message: string): void {
  if (wantsPage(req)) sendHtml(res, 400, errorPage(links, { title: "Invalid request", message }));
  else sendJson(res, 400, { error: "invalid_request", error_description: message });
}

/** GET /realms/default, as Keycloak answers it (some adapters read public_key from here). */
function realmRepresentation(issuer: string, jwk: object | undefined) {
  const publicKey = jwk
    ? createPublicKey({ key: jwk as never, format: "jwk" })
        .export({ type: "spki", format: "der" })
        .toString("base64")
    : undefined;
  return {
    realm: REALM,
    public_key: publicKey,
    "token-service": `${issuer}/protocol/openid-connect`,
    "account-service": `${issuer}/account`,
    "tokens-not-before": 0,
  };
}

/** A malformed %-escape is left as it is (it then matches nothing: 404), never an exception. */
function safeDecode(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}
