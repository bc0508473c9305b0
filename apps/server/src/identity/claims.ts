import type { User } from "./user-store.js";

/** Keycloak's default realm roles, so tokens look like a real Keycloak's (`realm_access.roles`). */
export const DEFAULT_REALM_ROLES = ["default-roles-default", "offline_access", "uma_authorization"];
/** What client-credentials tokens of game servers carry (platform/auth/caller.ts ROLE_GAMESERVER). */
export const GAMESERVER_ROLES = ["gameserver"];

/** Profile claims for id_token, userinfo and access tokens (Keycloak's default profile/email scopes + group mapper). */
export function profileClaims(user: User, groupPaths: string[]) {
  return {
    sub: user.id,
    preferred_username: user.username,
    given_name: user.firstName,
    family_name: user.lastName,
    name: `${user.firstName} ${user.lastName}`.trim(),
    email: user.email,
    email_verified: false,
    groups: groupPaths,
  };
}

/** Extra claims of a user's JWT access token, besides what oidc-provider sets (iss, sub, aud, exp, iat, jti, scope). */
export function userAccessTokenClaims(
  user: User,
  groupPaths: string[],
  clientId: string,
  issuedAtMs: number,
  sessionId?: string,
  signIn: { amr?: string[]; acr?: string; authTime?: number } = {},
) {
  const { sub: _sub, ...profile } = profileClaims(user, groupPaths);
  return {
    typ: "Bearer",
    azp: clientId,
    // Ours, not Keycloak's: `iat` has whole seconds, and a revocation (platform/auth/revocations.ts) must tell a token
    // issued just before it from one issued just after, in the same second.
    iat_ms: issuedAtMs,
    ...(sessionId ? { sid: sessionId } : {}),
    // RFC 8176 methods (["pwd"] or ["pwd","otp"]) and Keycloak's level ("1", "2"): staff rpcs read them (platform/auth/second-factor.ts).
    ...(signIn.amr ? { amr: signIn.amr } : {}),
    ...(signIn.acr ? { acr: signIn.acr } : {}),
    // When the user last signed in (seconds), as Keycloak's access tokens say: destructive actions need it recent
    // (platform/auth/step-up.ts); a refresh keeps the sign-in's time.
    ...(signIn.authTime !== undefined ? { auth_time: signIn.authTime } : {}),
    ...profile,
    realm_access: { roles: DEFAULT_REALM_ROLES },
  };
}

/** A service account's access token, named like Keycloak names them. */
export function serviceAccessTokenClaims(clientId: string) {
  return {
    typ: "Bearer",
    azp: clientId,
    preferred_username: `service-account-${clientId}`,
    realm_access: { roles: GAMESERVER_ROLES },
  };
}
