import { createLocalJWKSet } from "jose";
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
    });
    expect(await verifier().verify(token)).toEqual({
      sub: "u1",
      username: "ada",
      groups: ["/Moderator", "/Moderator/Admin"],
      roles: ["offline_access", "sro-web:viewer"],
      role: "admin",
    });
  });

  it("a remembered token still stops working when it expires", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(new Date("2026-11-22T10:00:00Z"));
    const v = verifier();
    const token = await issuer.mint({ sub: "u1" }, { lifetimeSeconds: 60 });
    expect(v.isKnownValid(token)).toBe(false);
    await expect(v.verify(token)).resolves.toMatchObject({ sub: "u1" });
    expect(v.isKnownValid(token)).toBe(true);
    await expect(v.verify(token)).resolves.toMatchObject({ sub: "u1" });
    vi.setSystemTime(new Date("2026-11-22T10:01:29Z")); // within the 30 s clock skew
    expect(v.isKnownValid(token)).toBe(true);
    await expect(v.verify(token)).resolves.toMatchObject({ sub: "u1" });
    vi.setSystemTime(new Date("2026-11-22T10:01:31Z"));
    expect(v.isKnownValid(token)).toBe(false);
    await expect(v.verify(token)).rejects.toThrow(new TokenError("token expired"));
  });

  it("never remembers a token that failed", async () => {
    const v = verifier();
    const token = await issuer.mint({ sub: "u1", aud: "other", azp: "other" });
    await expect(v.verify(token)).rejects.toThrow("token audience is not accepted");
    expect(v.isKnownValid(token)).toBe(false);
    await expect(v.verify(token)).rejects.toThrow("token audience is not accepted");
  });
});
