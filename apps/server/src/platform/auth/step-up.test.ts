import { Code } from "@connectrpc/connect";
import { describe, expect, it } from "vitest";
import { permissionTable, stepUpRpcs } from "./permissions.js";
import { requireRecentSignIn, signInIsRecent, STEP_UP_MARKER, STEP_UP_MAX_AGE_SECONDS, stepUpRefusal } from "./step-up.js";

/** A fake clock: the sign-in happened at `signedInAt` (seconds); the rule is asked `after` seconds later. */
const SIGNED_IN_AT = 1_800_000_000;
const at = (after: number) => (SIGNED_IN_AT + after) * 1000;

describe("the step-up rule (a recent sign-in for destructive actions)", () => {
  it("accepts a sign-in up to 5 minutes old, to the second", () => {
    expect(STEP_UP_MAX_AGE_SECONDS).toBe(300);
    for (const after of [0, 1, 299, 300]) expect(signInIsRecent(SIGNED_IN_AT, at(after)), `${after} s`).toBe(true);
  });

  it("refuses a sign-in older than 5 minutes", () => {
    for (const after of [300.001, 301, 3600, 86_400]) expect(signInIsRecent(SIGNED_IN_AT, at(after)), `${after} s`).toBe(false);
  });

  it("refuses a token that does not say when the user signed in, or says nonsense", () => {
    expect(signInIsRecent(undefined, at(0))).toBe(false);
    expect(signInIsRecent(Number.NaN, at(0))).toBe(false);
    expect(signInIsRecent(Number.POSITIVE_INFINITY, at(0))).toBe(false);
  });

  it("tolerates clock skew into the future, not a sign-in far ahead of the clock", () => {
    expect(signInIsRecent(SIGNED_IN_AT, at(-30))).toBe(true);
    expect(signInIsRecent(SIGNED_IN_AT, at(-31))).toBe(false);
  });

  it("takes another window when asked", () => {
    expect(signInIsRecent(SIGNED_IN_AT, at(60), 60)).toBe(true);
    expect(signInIsRecent(SIGNED_IN_AT, at(61), 60)).toBe(false);
  });

  it("refuses with PERMISSION_DENIED and the documented marker", () => {
    expect(stepUpRefusal({ authTime: SIGNED_IN_AT }, at(10))).toBeUndefined();
    const refusal = stepUpRefusal({ authTime: SIGNED_IN_AT }, at(301))!;
    expect(refusal.code).toBe(Code.PermissionDenied);
    expect(refusal.rawMessage).toBe("step-up required: This action needs a recent sign-in (within 5 minutes). Sign in again to continue.");
    expect(refusal.rawMessage.startsWith(`${STEP_UP_MARKER}:`)).toBe(true);
    expect(() => requireRecentSignIn({}, at(0))).toThrow(/^\[permission_denied\] step-up required:/);
    expect(() => requireRecentSignIn({ authTime: SIGNED_IN_AT }, at(0))).not.toThrow();
  });

  it("names only rpcs of the permission table", () => {
    for (const rpc of stepUpRpcs) expect(permissionTable[rpc], rpc).toBeDefined();
  });
});
