import type { AnyRequest, AnyResponse } from "../platform/http/listener.js";
import { TokenError } from "../platform/auth/token-verifier.js";
import { profileClaims } from "./claims.js";
import { applyCors, bearerToken, readForm, sendJson } from "./http-kit.js";
import type { IdentityContext } from "./identity-context.js";

/**
 * The userinfo endpoint, served here rather than by oidc-provider: the provider refuses access tokens that carry an
 * audience (ours are JWTs for the game API), while Keycloak — and so keycloak-js and oidc-client-ts — use the same
 * access token for userinfo. Returns the profile claims and groups, fresh from the database.
 */
export async function handleUserinfo(ctx: IdentityContext, req: AnyRequest, res: AnyResponse): Promise<void> {
  if (applyCors(req, res, ctx.clients.webOrigins, "GET, POST, OPTIONS")) return;
  if (req.method !== "GET" && req.method !== "POST")
    return sendJson(res, 405, { error: "invalid_request", error_description: "use GET or POST" }, { allow: "GET, POST, OPTIONS" });
  const token = bearerToken(req) ?? (req.method === "POST" ? ((await readForm(req)).get("access_token") ?? undefined) : undefined);
  const unauthorized = (description: string) =>
    sendJson(
      res,
      401,
      { error: "invalid_token", error_description: description },
      { "www-authenticate": `Bearer error="invalid_token", error_description="${description}"` },
    );
  if (!token) return unauthorized("access token missing");
  let sub: string;
  try {
    sub = (await ctx.tokens.verify(token)).sub;
  } catch (error) {
    if (error instanceof TokenError) return unauthorized(error.message);
    throw error;
  }
  const user = await ctx.users.findById(sub);
  if (!user?.enabled) return unauthorized("the token's user does not exist or is disabled");
  const groups = (await ctx.users.groupPathsOf([user.id])).get(user.id) ?? [];
  sendJson(res, 200, profileClaims(user, groups));
}
