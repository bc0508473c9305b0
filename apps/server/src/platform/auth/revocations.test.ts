import { UnsecuredJWT } from "jose";
import { describe, expect, it } from "vitest";
import { createRevocations } from "./revocations.js";

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
});
