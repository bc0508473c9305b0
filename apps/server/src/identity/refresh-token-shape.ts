import type Provider from "oidc-provider";

interface RefreshTokenFields {
  clientId?: string;
  accountId?: string;
  sessionUid?: string;
  remainingTTL: number;
}

/**
 * Keycloak's refresh tokens are JWTs and keycloak-js decodes them (setToken → decodeToken: "Unable to decode token,
 * payload not found" otherwise). oidc-provider's are opaque random ids. So the id of each new refresh token gets a
 * readable second segment: `<random>.<base64url JSON claims>`. It is still only a database key: nothing trusts the
 * claims, the random part keeps it unguessable, and the first segment is not a JOSE header, so the revocation
 * endpoint still treats it as an opaque token.
 */
export function shapeRefreshTokensLikeKeycloak(provider: Provider, issuer: string): void {
  const prototype = provider.RefreshToken.prototype as unknown as { generateTokenId(this: RefreshTokenFields): string };
  // eslint-disable-next-line @typescript-eslint/unbound-method -- oidc-provider's own id generator, called with .call(this) below
  const randomId = prototype.generateTokenId;
  prototype.generateTokenId = function (this: RefreshTokenFields) {
    const iat = Math.floor(Date.now() / 1000);
    const claims = { typ: "Refresh", iss: issuer, azp: this.clientId, sub: this.accountId, sid: this.sessionUid, iat, exp: iat + this.remainingTTL };
    return `${randomId.call(this)}.${Buffer.from(JSON.stringify(claims)).toString("base64url")}`;
  };
}
