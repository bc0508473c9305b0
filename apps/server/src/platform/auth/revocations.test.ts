import { UnsecuredJWT } from "jose";
import { describe, expect, it } from "vitest";
import { createRevocations, unlessRevoked } from "./revocations.js";
import { TokenError, type TokenVerifier } from "./token-verifier.js";

/** Revocations read only iat, sid and azp of a token (its signature was verified before). */
const token = (claims: { sub: string; iat: number; iat_ms?: number; sid?: string; azp?: string }) => new UnsecuredJWT(claims).encode();
const T = 1_800_000_000; // a moment, in seconds

describe("revocations", () => {
  it("a user's revocation covers every token issued up to its second, none after", () => {
    const r = createRevocations(() => T * 1000);
    r.revoke("u1", T * 1000 + 300);
    expect(r.isRevoked("u1", token({ sub: "u1", iat: T - 60, sid: "s1" }))).toBe(true);
    expect(r.isRevoked("u1", token({ sub: "u1", iat: T }))).toBe(true);
    expect(r.isRevoked("u1", token({ sub: "u1", iat: T + 1 }))).toBe(false);
    expect(r.isRevoked("u2", token({ sub: "u2", iat: T - 60 }))).toBe(false);
  });

  it("with iat_ms (the embedded provider's tokens) the revocation's own second splits at its millisecond", () => {
    const r = createRevocations(() => T * 1000);
    r.revoke("u1", T * 1000 + 300);
    expect(r.isRevoked("u1", token({ sub: "u1", iat: T, iat_ms: T * 1000 + 300 }))).toBe(true);
    expect(r.isRevoked("u1", token({ sub: "u1", iat: T, iat_ms: T * 1000 + 301 }))).toBe(false);
    r.endSession("u1", "s1", T * 1000 + 600);
    expect(r.isRevoked("u1", token({ sub: "u1", iat: T, iat_ms: T * 1000 + 500, sid: "s1" }))).toBe(true);
    expect(r.isRevoked("u1", token({ sub: "u1", iat: T, iat_ms: T * 1000 + 700, sid: "s1" }))).toBe(false);
  });

  it("a sign-out covers that session's tokens only", () => {
    const r = createRevocations(() => T * 1000);
    r.endSession("u1", "s1", T * 1000);
    expect(r.isRevoked("u1", token({ sub: "u1", iat: T - 10, sid: "s1", azp: "sro-web" }))).toBe(true);
    expect(r.isRevoked("u1", token({ sub: "u1", iat: T - 10, sid: "s1", azp: "account" }))).toBe(true);
    expect(r.isRevoked("u1", token({ sub: "u1", iat: T - 10, sid: "s2", azp: "sro-web" }))).toBe(false);
    expect(r.isRevoked("u1", token({ sub: "u1", iat: T - 10 }))).toBe(false); // no session: a service token, say
  });

  it("one client's sign-out covers that client's tokens of the session; later ones count again", () => {
    const r = createRevocations(() => T * 1000);
    r.endSession("u1", "s1", T * 1000, "sro-web");
    expect(r.isRevoked("u1", token({ sub: "u1", iat: T - 10, sid: "s1", azp: "sro-web" }))).toBe(true);
    expect(r.isRevoked("u1", token({ sub: "u1", iat: T - 10, sid: "s1", azp: "account" }))).toBe(false);
    expect(r.isRevoked("u1", token({ sub: "u1", iat: T + 5, sid: "s1", azp: "sro-web" }))).toBe(false);
  });

  it("a token without iat is refused once its user has a revocation", () => {
    const r = createRevocations(() => T * 1000);
    expect(r.isRevoked("u1", new UnsecuredJWT({ sub: "u1" }).encode())).toBe(false);
    r.endSession("u1", "s9", T * 1000);
    expect(r.isRevoked("u1", new UnsecuredJWT({ sub: "u1" }).encode())).toBe(true);
  });

  it("tells a watcher when its own token is covered, not for another session's", () => {
    const r = createRevocations(() => T * 1000);
    const told: string[] = [];
    r.watch("u1", token({ sub: "u1", iat: T - 10, sid: "s1" }), () => told.push("s1"));
    const stop = r.watch("u1", token({ sub: "u1", iat: T - 10, sid: "s2" }), () => told.push("s2"));
    r.endSession("u1", "s1", T * 1000);
    expect(told).toEqual(["s1"]);
    stop();
    r.revoke("u1", T * 1000);
    expect(told).toEqual(["s1", "s1"]);
  });

  it("forgets a user's revocations an hour after the newest", () => {
    let now = T * 1000;
    const r = createRevocations(() => now);
    const old = token({ sub: "u1", iat: T - 10, sid: "s1" });
    r.endSession("u1", "s1", now);
    now += 60 * 60 * 1000 + 1;
    r.revoke("u2", now); // any revocation sweeps
    expect(r.isRevoked("u1", old)).toBe(false);
    expect(r.isRevoked("u2", token({ sub: "u2", iat: T }))).toBe(true);
  });

  it("unlessRevoked: a verified token that no longer counts is refused like an invalid one, from the cache too", async () => {
    const r = createRevocations(() => T * 1000);
    const caller = (sub: string) => ({ sub, username: sub, groups: [], roles: [], role: "player" as const });
    // A verifier that knows every token (as after its first check): only the revocation can refuse.
    const inner: TokenVerifier = {
      verify: (t) => Promise.resolve(caller(String(JSON.parse(Buffer.from(t.split(".")[1]!, "base64url").toString()).sub))),
      knownCaller: (t) => caller(String(JSON.parse(Buffer.from(t.split(".")[1]!, "base64url").toString()).sub)),
    };
    const v = unlessRevoked(inner, (sub, t) => r.isRevoked(sub, t));
    const before = token({ sub: "u1", iat: T - 10 });
    const other = token({ sub: "u2", iat: T - 10 });
    r.revoke("u1", T * 1000);
    expect(v.knownCaller(before)).toBeUndefined();
    await expect(v.verify(before)).rejects.toThrow(TokenError);
    expect(v.knownCaller(other)?.sub).toBe("u2");
    await expect(v.verify(other)).resolves.toMatchObject({ sub: "u2" });
  });
});
