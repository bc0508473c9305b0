import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { exportJWK, generateKeyPair, SignJWT, type JWK, type JWTPayload, type CryptoKey } from "jose";

/** What a staff member's token says of a sign-in with an authenticator app: staff rpcs need it (SECOND_FACTOR_GROUPS). */
export const STAFF_AMR = ["pwd", "otp"];

export interface TestIssuer {
  readonly issuer: string;
  readonly publicJwk: JWK;
  readonly privateKey: CryptoKey;
  /** A signed RS256 access token; `claims` override the defaults, `lifetimeSeconds` may be negative (expired). */
  mint(claims?: JWTPayload, options?: { lifetimeSeconds?: number; notBeforeSeconds?: number; kid?: string; privateKey?: CryptoKey }): Promise<string>;
  close(): Promise<void>;
}

export const TEST_CLIENT_ID = "sro-web";

/**
 * A stand-in OpenID provider for tests: a real RSA key pair, a discovery document and a JWKS served over HTTP,
 * so the server's verification path is the real one.
 */
export async function startTestIssuer(): Promise<TestIssuer> {
  const { publicKey, privateKey } = await generateKeyPair("RS256", { extractable: true });
  const publicJwk = { ...(await exportJWK(publicKey)), kid: "test-key", alg: "RS256", use: "sig" };
  let issuer = "";
  const server: Server = createServer((req, res) => {
    if (req.url === "/realms/test/.well-known/openid-configuration") {
      res.writeHead(200, { "content-type": "application/json" });
      return res.end(JSON.stringify({ issuer, jwks_uri: `${issuer}/protocol/openid-connect/certs` }));
    }
    if (req.url === "/realms/test/protocol/openid-connect/certs") {
      res.writeHead(200, { "content-type": "application/json" });
      return res.end(JSON.stringify({ keys: [publicJwk] }));
    }
    res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}/realms/test`;
  return {
    issuer,
    publicJwk,
    privateKey,
    async mint(claims = {}, options = {}) {
      const now = Math.floor(Date.now() / 1000);
      const payload: JWTPayload = {
        iss: issuer,
        aud: TEST_CLIENT_ID,
        azp: TEST_CLIENT_ID,
        // An access token, as Keycloak marks them (its ID tokens say "ID").
        typ: "Bearer",
        iat: now,
        // Keycloak's access tokens say when the user signed in: here, just now (a fresh sign-in; step-up.ts).
        auth_time: now,
        exp: now + (options.lifetimeSeconds ?? 300),
        ...(options.notBeforeSeconds !== undefined ? { nbf: now + options.notBeforeSeconds } : {}),
        ...claims,
      };
      return new SignJWT(payload).setProtectedHeader({ alg: "RS256", kid: options.kid ?? "test-key", typ: "JWT" }).sign(options.privateKey ?? privateKey);
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
