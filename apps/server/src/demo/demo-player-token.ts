import { randomUUID } from "node:crypto";
import { importJWK, SignJWT } from "jose";
import { userAccessTokenClaims } from "../identity/claims.js";
import { loadSigningKeys } from "../identity/signing-keys.js";
import type { UserStore } from "../identity/user-store.js";
import type { Db } from "../platform/db/database.js";

const LIFETIME_SECONDS = 300;

/**
 * A demo player's access token, as the embedded provider would issue it after a sign-in: signed with its current key,
 * the same claims (identity/claims.ts). Demo players only: their client is this process, which cannot type a password
 * into the login page, and their passwords may have changed since seeding. Undefined when the account is gone or off.
 */
export async function demoPlayerToken(deps: { db: Db; users: UserStore; issuer: string; clientId: string }, userId: string): Promise<string | undefined> {
  const user = await deps.users.findById(userId);
  if (!user?.enabled) return undefined;
  const groups = (await deps.users.groupPathsOf([userId])).get(userId) ?? [];
  const [jwk] = (await loadSigningKeys(deps.db)).privateJwks;
  if (!jwk) return undefined;
  const key = await importJWK(jwk, "RS256");
  const now = Date.now();
  return new SignJWT({ ...userAccessTokenClaims(user, groups, deps.clientId, now), client_id: deps.clientId, scope: "openid profile" })
    .setProtectedHeader({ alg: "RS256", kid: jwk.kid, typ: "at+jwt" })
    .setIssuer(deps.issuer)
    .setSubject(user.id)
    .setAudience(deps.clientId)
    .setIssuedAt(Math.floor(now / 1000))
    .setExpirationTime(Math.floor(now / 1000) + LIFETIME_SECONDS)
    .setJti(randomUUID())
    .sign(key);
}
