import { importJWK, SignJWT, type JWTPayload } from "jose";
import { loadSigningKeys } from "../identity/signing-keys.js";
import type { EmbeddedServer } from "./embedded-identity-server.js";

/**
 * An access token as the embedded provider signs them (its newest key, `at+jwt`), with the claims a test chooses:
 * e.g. a sign-in older than the provider's clock can make (`auth_time` minutes ago) without waiting.
 */
export async function mintEmbeddedAccessToken(s: EmbeddedServer, claims: JWTPayload & { sub: string }): Promise<string> {
  const [jwk] = (await loadSigningKeys(s.server.database.db)).privateJwks;
  const now = Math.floor(Date.now() / 1000);
  const payload = { iss: s.issuer, aud: "sro-web", azp: "sro-web", client_id: "sro-web", typ: "Bearer", iat: now, exp: now + 300, ...claims };
  return new SignJWT(payload).setProtectedHeader({ alg: "RS256", kid: jwk!.kid!, typ: "at+jwt" }).sign(await importJWK(jwk!, "RS256"));
}
