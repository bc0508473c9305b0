import { describe, expect, it } from "vitest";
import { codeAt, matchingStep, newRecoveryCodes, newTotpSecret, otpauthUri, readableSecret, recoveryCodeHash, stepAt } from "./totp.js";

/** RFC 6238 Appendix B's SHA-1 secret ("12345678901234567890") in base32, and its published 8-digit values' last 6. */
const RFC_SECRET = "GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ";
const RFC_VECTORS: [number, string][] = [
  [59, "287082"],
  [1111111109, "081804"],
  [1111111111, "050471"],
  [1234567890, "005924"],
  [2000000000, "279037"],
];

describe("TOTP (RFC 6238) on a fake clock", () => {
  it("computes RFC 6238's test vectors", () => {
    for (const [seconds, code] of RFC_VECTORS) expect(codeAt(RFC_SECRET, seconds * 1000)).toBe(code);
  });

  it("accepts the code of the step before, now and after, nothing further", () => {
    const now = 1_700_000_015_000;
    const step = stepAt(now);
    expect(matchingStep(RFC_SECRET, codeAt(RFC_SECRET, now), now)).toBe(step);
    expect(matchingStep(RFC_SECRET, codeAt(RFC_SECRET, now - 30_000), now)).toBe(step - 1);
    expect(matchingStep(RFC_SECRET, codeAt(RFC_SECRET, now + 30_000), now)).toBe(step + 1);
    expect(matchingStep(RFC_SECRET, codeAt(RFC_SECRET, now - 60_000), now)).toBeUndefined();
    expect(matchingStep(RFC_SECRET, codeAt(RFC_SECRET, now + 60_000), now)).toBeUndefined();
  });

  it("ignores spaces in a typed code and refuses anything but 6 digits", () => {
    const now = 1_700_000_000_000;
    const code = codeAt(RFC_SECRET, now);
    expect(matchingStep(RFC_SECRET, `${code.slice(0, 3)} ${code.slice(3)}`, now)).toBe(stepAt(now));
    for (const bad of ["", "12345", "1234567", "abcdef", `${code}0`]) expect(matchingStep(RFC_SECRET, bad, now)).toBeUndefined();
  });

  it("makes 160-bit secrets and the otpauth URI apps import", () => {
    const secret = newTotpSecret();
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(newTotpSecret()).not.toBe(secret);
    expect(otpauthUri(secret, "max")).toBe(`otpauth://totp/SRO:max?issuer=SRO&secret=${secret}&algorithm=SHA1&digits=6&period=30`);
    expect(readableSecret("ABCDEFGHIJ")).toBe("ABCD EFGH IJ");
  });

  it("makes ten distinct recovery codes, matched whatever their case, spaces or dashes", () => {
    const codes = newRecoveryCodes();
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    for (const code of codes) expect(code).toMatch(/^[2-9A-HJKMNP-Z]{4}-[2-9A-HJKMNP-Z]{4}-[2-9A-HJKMNP-Z]{4}$/);
    const [first] = codes;
    expect(recoveryCodeHash(first!.toLowerCase().replace(/-/g, " "))).toBe(recoveryCodeHash(first!));
    expect(recoveryCodeHash(codes[1]!)).not.toBe(recoveryCodeHash(first!));
  });
});
