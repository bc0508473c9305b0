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

  it("spends the same work when there is no account", async () => {
    expect(await verifyAgainstNothing("anything")).toBe(false);
  });
});
