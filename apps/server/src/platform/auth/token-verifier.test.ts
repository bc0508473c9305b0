import { createLocalJWKSet, generateKeyPair } from "jose";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { startTestIssuer, type TestIssuer } from "../../test/test-issuer.js";
import { createTokenVerifier, TokenError } from "./token-verifier.js";

let issuer: TestIssuer;
beforeAll(async () => {
  issuer = await startTestIssuer();
});
afterAll(() => issuer.close());
afterEach(() => vi.useRealTimers());

const verifier = () =>
  createTokenVerifier({ issuer: issuer.issuer, audiences: ["sro-web"], clientId: "sro-web", keys: createLocalJWKSet({ keys: [issuer.publicJwk] }) });

describe("token verifier", () => {
  it("derives the caller: groups, realm and client roles, role by precedence", async () => {
    const token = await issuer.mint({
      sub: "u1",
      preferred_username: "ada",
      groups: ["/Moderator", "/Moderator/Admin"],
      realm_access: { roles: ["offline_access"] },
      resource_access: { "sro-web": { roles: ["viewer"] } },
      auth_time: 1_800_000_000,
    });
    expect(await verifier().verify(token)).toEqual({
      sub: "u1",
      username: "ada",
      groups: ["/Moderator", "/Moderator/Admin"],
      roles: ["offline_access", "sro-web:viewer"],
      role: "admin",
      // When the user signed in: destructive actions need it recent (step-up.ts).
      authTime: 1_800_000_000,
    });
  });

  it("a remembered token still stops working when it expires", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(new Date("2026-11-22T10:00:00Z"));
    const v = verifier();
    const token = await issuer.mint({ sub: "u1" }, { lifetimeSeconds: 60 });
    expect(v.knownCaller(token)).toBeUndefined();
    await expect(v.verify(token)).resolves.toMatchObject({ sub: "u1" });
    expect(v.knownCaller(token)?.sub).toBe("u1");
    await expect(v.verify(token)).resolves.toMatchObject({ sub: "u1" });
    vi.setSystemTime(new Date("2026-11-22T10:01:29Z")); // within the 30 s clock skew
    expect(v.knownCaller(token)?.sub).toBe("u1");
    await expect(v.verify(token)).resolves.toMatchObject({ sub: "u1" });
    vi.setSystemTime(new Date("2026-11-22T10:01:31Z"));
    expect(v.knownCaller(token)).toBeUndefined();
    await expect(v.verify(token)).rejects.toThrow(new TokenError("token expired"));
  });

  it("never takes a token that failed for valid", async () => {
    const v = verifier();
    const token = await issuer.mint({ sub: "u1", aud: "other", azp: "other" });
    await expect(v.verify(token)).rejects.toThrow("token audience is not accepted");
    expect(v.knownCaller(token)).toBeUndefined();
    await expect(v.verify(token)).rejects.toThrow("token audience is not accepted");
  });

  it("checks a refused token's signature once, and again after 10 s", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(new Date("2026-11-22T10:00:00Z"));
    const { privateKey } = await generateKeyPair("RS256");
    const forged = await issuer.mint({ sub: "u1" }, { privateKey });
    const expired = await issuer.mint({ sub: "u2" }, { lifetimeSeconds: -60 });
    const jwks = createLocalJWKSet({ keys: [issuer.publicJwk] });
    const keyLookups = vi.fn(jwks);
    const v = createTokenVerifier({ issuer: issuer.issuer, audiences: ["sro-web"], clientId: "sro-web", keys: keyLookups });

    const refusals: [token: string, reason: string][] = [
      [forged, "token signature is not valid"],
      [expired, "token expired"],
    ];
    for (const [token, reason] of refusals) {
      keyLookups.mockClear();
      await expect(v.verify(token)).rejects.toThrow(new TokenError(reason));
      await expect(v.verify(token)).rejects.toThrow(new TokenError(reason));
      expect(keyLookups).toHaveBeenCalledTimes(1);
      expect(v.knownCaller(token)).toBeUndefined();
    }

    vi.setSystemTime(new Date("2026-11-22T10:00:11Z"));
    keyLookups.mockClear();
    await expect(v.verify(forged)).rejects.toThrow(new TokenError("token signature is not valid"));
    expect(keyLookups).toHaveBeenCalledTimes(1);
  });

  it("an unreachable issuer is no refusal: not a TokenError, and not remembered", async () => {
    let reachable = false;
    const jwks = createLocalJWKSet({ keys: [issuer.publicJwk] });
    const v = createTokenVerifier({
      issuer: issuer.issuer,
      audiences: ["sro-web"],
      clientId: "sro-web",
      keys: async (...args) => {
        if (!reachable) throw new TypeError("fetch failed");
        return jwks(...args);
      },
    });
    const token = await issuer.mint({ sub: "u1" });
    const unreachable = await v.verify(token).catch((error: unknown) => error);
    expect(unreachable).toBeInstanceOf(Error);
    expect(unreachable).not.toBeInstanceOf(TokenError);
    reachable = true;
    await expect(v.verify(token)).resolves.toMatchObject({ sub: "u1" });
  });
});
