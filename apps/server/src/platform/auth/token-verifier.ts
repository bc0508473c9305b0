import { createRemoteJWKSet, errors as joseErrors, jwtVerify, type JWTPayload, type JWTVerifyGetKey } from "jose";
import { LRUCache } from "lru-cache";
import { roleOf, type Caller } from "./caller.js";

// Asymmetric algorithms only: "none" and HMAC (e.g. HS256 signed with the public key) are never accepted.
const ALLOWED_ALGORITHMS = ["RS256", "RS384", "RS512", "PS256", "PS384", "PS512", "ES256", "ES384", "ES512", "EdDSA"];
const CLOCK_SKEW_SECONDS = 30;
/**
 * Verified tokens, by their exact text, until they expire. An RS256 signature check through WebCrypto costs more
 * than the rest of a simple rpc; a client sends the same token for minutes. Only fully verified tokens get in.
 */
const VERIFIED_TOKENS_KEPT = 10_000;
/**
 * Refused tokens, by their exact text, briefly: a call is checked twice (credentials-first.ts before its body is
 * read, then the auth interceptor), and a forged token should cost one signature check, not two. Bounded by the
 * tokens' total length, since anyone can send them; short-lived, so a token refused for a signing key not yet
 * fetched (or not valid yet) is tried again soon.
 */
const REFUSED_TOKENS_BYTES = 4 * 1024 * 1024;
const REFUSAL_KEPT_MS = 10_000;

export class TokenError extends Error {}

export interface TokenVerifierOptions {
  issuer: string;
  /** Accepted `aud` values. */
  audiences: string[];
  /** A token whose `azp` is this client passes the audience check too (Keycloak puts "account" in aud). */
  clientId: string;
  /** Keys to verify with; defaults to the issuer's JWKS (discovered, then cached by jose). */
  keys?: JWTVerifyGetKey;
}

export interface TokenVerifier {
  verify(token: string): Promise<Caller>;
  /** The caller `verify` would answer from its cache (verified before, not expired: no signature check), or undefined. */
  knownCaller(token: string): Caller | undefined;
}

export function createTokenVerifier(options: TokenVerifierOptions): TokenVerifier {
  const keys = options.keys ?? discoveredJwks(options.issuer);
  const verified = new LRUCache<string, { caller: Caller; exp: number }>({ max: VERIFIED_TOKENS_KEPT });
  const refused = new LRUCache<string, { reason: string; until: number }>({
    maxSize: REFUSED_TOKENS_BYTES,
    sizeCalculation: (_, token) => Math.max(1, token.length),
  });
  const unexpired = (known: { exp: number } | undefined) => known !== undefined && known.exp + CLOCK_SKEW_SECONDS > Date.now() / 1000;
  return {
    knownCaller(token) {
      const known = verified.get(token);
      return unexpired(known) ? known!.caller : undefined;
    },
    async verify(token) {
      const known = verified.get(token);
      if (known) {
        if (unexpired(known)) return known.caller;
        verified.delete(token); // expired: the full check below says so
      }
      const refusal = refused.get(token);
      if (refusal && refusal.until > Date.now()) throw new TokenError(refusal.reason);
      try {
        const checked = await checkFully(token, keys, options);
        verified.set(token, checked);
        return checked.caller;
      } catch (error) {
        if (error instanceof TokenError) refused.set(token, { reason: error.message, until: Date.now() + REFUSAL_KEPT_MS });
        throw error;
      }
    },
  };
}

/** Signature, algorithm, issuer, expiry, type and audience: the caller and the token's expiry, or a TokenError. */
async function checkFully(token: string, keys: JWTVerifyGetKey, options: TokenVerifierOptions): Promise<{ caller: Caller; exp: number }> {
  let payload: JWTPayload;
  let header: { typ?: string };
  try {
    ({ payload, protectedHeader: header } = await jwtVerify(token, keys, {
      issuer: options.issuer,
      algorithms: ALLOWED_ALGORITHMS,
      clockTolerance: CLOCK_SKEW_SECONDS,
      requiredClaims: ["exp", "sub"],
    }));
  } catch (error) {
    const fault = describe(error);
    // Not the caller's fault (a timeout, an unreachable or broken JWKS): the interceptor answers UNAVAILABLE.
    throw fault === undefined ? new Error("the issuer's signing keys could not be fetched", { cause: error }) : new TokenError(fault);
  }
  if (!isAccessToken(payload, header)) throw new TokenError("token is not an access token (an ID token?)");
  const aud = typeof payload.aud === "string" ? [payload.aud] : (payload.aud ?? []);
  const azp = typeof payload.azp === "string" ? payload.azp : undefined;
  if (!aud.some((a) => options.audiences.includes(a)) && azp !== options.clientId) {
    throw new TokenError("token audience is not accepted");
  }
  return { caller: Object.freeze(callerFromClaims(payload)), exp: payload.exp! };
}

/**
 * ID tokens are signed by the same keys and carry the same audience, so the type decides: RFC 9068's `at+jwt` header
 * (oidc-provider's JWT access tokens) or Keycloak's `typ: "Bearer"` claim (its ID tokens say "ID").
 */
function isAccessToken(payload: JWTPayload, header: { typ?: string }): boolean {
  const typ = header.typ?.toLowerCase();
  return payload.typ === "Bearer" || typ === "at+jwt" || typ === "application/at+jwt";
}

export function callerFromClaims(payload: JWTPayload): Caller {
  const groups = stringList(payload.groups);
  const realmRoles = stringList((payload.realm_access as { roles?: unknown } | undefined)?.roles);
  const clientRoles = Object.entries((payload.resource_access ?? {}) as Record<string, { roles?: unknown }>).flatMap(([client, access]) =>
    stringList(access?.roles).map((role) => `${client}:${role}`),
  );
  const roles = [...realmRoles, ...clientRoles];
  const username =
    typeof payload.preferred_username === "string"
      ? payload.preferred_username
      : typeof payload.client_id === "string"
        ? payload.client_id
        : String(payload.sub);
  const amr = stringList(payload.amr);
  const acr = typeof payload.acr === "string" ? payload.acr : undefined;
  const authTime = typeof payload.auth_time === "number" && Number.isFinite(payload.auth_time) ? payload.auth_time : undefined;
  return {
    sub: String(payload.sub),
    username,
    groups,
    roles,
    role: roleOf(groups, roles),
    ...(amr.length ? { amr } : {}),
    ...(acr ? { acr } : {}),
    ...(authTime !== undefined ? { authTime } : {}),
  };
}

function stringList(value: unknown): string[] {
  return Array.isArray(value) ? value.filter((v): v is string => typeof v === "string") : [];
}

/** What is wrong with the token, or undefined when the fault is not the token's (the issuer's keys are out of reach). */
function describe(error: unknown): string | undefined {
  if (error instanceof joseErrors.JWTExpired) return "token expired";
  if (error instanceof joseErrors.JWTClaimValidationFailed) return `token claim "${error.claim}" is not valid`;
  if (error instanceof joseErrors.JOSEAlgNotAllowed) return "token algorithm is not allowed";
  if (error instanceof joseErrors.JWSSignatureVerificationFailed) return "token signature is not valid";
  if (error instanceof joseErrors.JWKSNoMatchingKey) return "token signing key is unknown";
  if (error instanceof joseErrors.JWKSMultipleMatchingKeys) return "token names no signing key (kid)";
  if (error instanceof joseErrors.JWSInvalid || error instanceof joseErrors.JWTInvalid) return "token is malformed";
  if (error instanceof joseErrors.JOSENotSupported) return "token uses an unsupported algorithm or header";
  return undefined;
}

/** The issuer's JWKS from its discovery document, fetched on first use (the issuer may start after us). */
function discoveredJwks(issuer: string): JWTVerifyGetKey {
  let remote: Promise<JWTVerifyGetKey> | undefined;
  const load = async () => {
    try {
      const response = await fetch(`${issuer}/.well-known/openid-configuration`, { signal: AbortSignal.timeout(5_000) });
      if (response.ok) {
        const { jwks_uri } = (await response.json()) as { jwks_uri?: string };
        if (jwks_uri) return createRemoteJWKSet(new URL(jwks_uri));
      }
    } catch {
      // Fall back to Keycloak's layout below.
    }
    return createRemoteJWKSet(new URL(`${issuer}/protocol/openid-connect/certs`));
  };
  return async (header, token) => {
    remote ??= load().catch((error) => {
      remote = undefined;
      throw error;
    });
    return (await remote)(header, token);
  };
}
