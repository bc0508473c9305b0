import { describe, expect, it } from "vitest";
import { hashPassword, verifyAgainstNothing, verifyPassword } from "./passwords.js";

describe("password hashing (scrypt, per-user salt)", () => {
  it("stores the cost and a random salt, and verifies only the right password", async () => {
    const a = await hashPassword("correct horse battery");
    const b = await hashPassword("correct horse battery");
    expect(a).toMatch(/^scrypt\$32768\$8\$1\$[A-Za-z0-9_-]{22}\$[A-Za-z0-9_-]{43}$/);
    expect(a).not.toBe(b);
    expect(await verifyPassword("correct horse battery", a)).toBe(true);
    expect(await verifyPassword("correct horse batterY", a)).toBe(false);
    expect(await verifyPassword("", a)).toBe(false);
  });

  it("treats equivalent Unicode forms alike and refuses malformed hashes", async () => {
    const hash = await hashPassword("ﬁnal-pässword");
    expect(await verifyPassword("final-pässword", hash)).toBe(true);
    expect(await verifyPassword("x", "not-a-hash")).toBe(false);
    expect(await verifyPassword("x", "scrypt$a$b$c$d$e")).toBe(false);
    expect(await verifyPassword("x".repeat(257), hash)).toBe(false);
  });

  it("spends the same work when there is no account, at every password length", async () => {
    expect(await verifyAgainstNothing("anything")).toBe(false);
    const hash = await hashPassword("the-real-password");
    expect(await verifyPassword(`the-real-password${"x".repeat(300)}`, hash)).toBe(false);
    // Interleaved runs, median of 5 each (the machine's load drifts); the finding was ~10 ms (existing account,
    // over 256 characters) against ~72 ms (unknown): a ratio of ~0.14.
    const time = async (run: () => Promise<unknown>) => {
      const start = performance.now();
      await run();
      return performance.now() - start;
    };
    for (const length of [1, 256, 257, 300, 5000]) {
      const password = "p".repeat(length);
      const existing: number[] = [];
      const unknown: number[] = [];
      for (let i = 0; i < 5; i++) {
        existing.push(await time(() => verifyPassword(password, hash)));
        unknown.push(await time(() => verifyAgainstNothing(password)));
      }
      const ratio = existing.sort((a, b) => a - b)[2]! / unknown.sort((a, b) => a - b)[2]!;
      expect(ratio, `length ${length}`).toBeGreaterThan(0.5);
      expect(ratio, `length ${length}`).toBeLessThan(2);
    }
  }, 240_000);
});
