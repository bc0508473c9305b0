import { hkdfSync } from "node:crypto";
import { asc, desc, isNull, ne, and } from "drizzle-orm";
import { calculateJwkThumbprint, createLocalJWKSet, errors as joseErrors, exportJWK, generateKeyPair, type JWK, type JWTVerifyGetKey } from "jose";
import type { Db } from "../platform/db/database.js";
import { signingKeys } from "./schema.js";

/**
 * Token signing keys live in identity_signing_keys so tokens survive restarts and every node signs alike.
 * Rotation (docs/identity.md): `rotate` adds a key that becomes the signer when nodes restart; the old key keeps
 * verifying until `retire` marks it retired (after the longest token lifetime has passed).
 */
export interface SigningKeySet {
  /** Private JWKs, newest first: the first one signs. */
  privateJwks: JWK[];
  publicJwks: JWK[];
  /** HMAC secrets derived from the keys, newest first: cookie signing (oidc-provider) and CSRF tokens. */
  cookieSecrets: string[];
  csrfSecrets: Buffer[];
}

const PUBLIC_MEMBERS = ["kty", "n", "e", "kid", "alg", "use"] as const;

export async function createSigningKey(db: Db): Promise<string> {
  const { privateKey } = await generateKeyPair("RS256", { modulusLength: 2048, extractable: true });
  const jwk = await exportJWK(privateKey);
  const kid = await calculateJwkThumbprint(jwk);
  await db
    .insert(signingKeys)
    .values({ kid, privateJwk: { ...jwk, kid, alg: "RS256", use: "sig" } })
    .onConflictDoNothing();
  return kid;
}

async function activeKeys(db: Db): Promise<JWK[]> {
  const rows = await db.select().from(signingKeys).where(isNull(signingKeys.retiredAt)).orderBy(desc(signingKeys.createdAt), asc(signingKeys.kid));
  return rows.map((r) => r.privateJwk as JWK);
}

/** The active keys; on the very first start one is generated. */
export async function loadSigningKeys(db: Db): Promise<SigningKeySet> {
  let keys = await activeKeys(db);
  if (keys.length === 0) {
    await createSigningKey(db);
    keys = await activeKeys(db);
  }
  return {
    privateJwks: keys,
    publicJwks: keys.map(publicPart),
    cookieSecrets: keys.map((k) => derive(k, "oidc-provider cookies").toString("base64url")),
    csrfSecrets: keys.map((k) => derive(k, "identity form csrf")),
  };
}

/** Marks every active key but the newest as retired; returns how many were retired. */
export async function retireOlderSigningKeys(db: Db): Promise<number> {
  const [newest] = await activeKeys(db);
  if (!newest?.kid) return 0;
  const retired = await db
    .update(signingKeys)
    .set({ retiredAt: new Date() })
    .where(and(isNull(signingKeys.retiredAt), ne(signingKeys.kid, newest.kid)))
    .returning({ kid: signingKeys.kid });
  return retired.length;
}

export async function listSigningKeys(db: Db) {
  return db
    .select({ kid: signingKeys.kid, createdAt: signingKeys.createdAt, retiredAt: signingKeys.retiredAt })
    .from(signingKeys)
    .orderBy(desc(signingKeys.createdAt));
}

export function publicPart(jwk: JWK): JWK {
  return Object.fromEntries(PUBLIC_MEMBERS.filter((m) => jwk[m] !== undefined).map((m) => [m, jwk[m]]));
}

/** A secret per key and purpose: HKDF over the private exponent, so it rotates with the key and is never stored. */
function derive(jwk: JWK, purpose: string): Buffer {
  if (!jwk.d) throw new Error(`signing key ${jwk.kid} has no private part`);
  return Buffer.from(hkdfSync("sha256", Buffer.from(jwk.d, "base64url"), "sro-identity", purpose, 32));
}

/**
 * Token verification keys for this process (RPC verifier, admin API, userinfo). A token signed with a key this node
 * has not loaded yet (another node rotated) triggers one reload from the database, at most every 10 seconds.
 */
export function localVerificationKeys(db: Db, initial: JWK[]): JWTVerifyGetKey {
  let keys = createLocalJWKSet({ keys: initial });
  let lastReload = 0;
  return async (header, token) => {
    try {
      return await keys(header, token);
    } catch (error) {
      if (!(error instanceof joseErrors.JWKSNoMatchingKey) || Date.now() - lastReload < 10_000) throw error;
      lastReload = Date.now();
      keys = createLocalJWKSet({ keys: (await activeKeys(db)).map(publicPart) });
      return keys(header, token);
    }
  };
}
