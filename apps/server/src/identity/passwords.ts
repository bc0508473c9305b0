import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from "node:crypto";

/**
 * scrypt with a per-user random salt, stored as `scrypt$N$r$p$salt$hash` (base64url parts) so the cost can be raised
 * later without breaking old hashes. N=2^15, r=8, p=1 is OWASP's scrypt baseline (~50-100 ms here, 32 MiB memory).
 */
const COST = { N: 2 ** 15, r: 8, p: 1 } as const;
const KEY_LENGTH = 32;
const SALT_LENGTH = 16;
/** scrypt needs 128·N·r bytes; Node's default cap (32 MiB) is exactly that, so leave headroom. */
const MAX_MEMORY = 96 * 1024 * 1024;
/** Longer inputs are refused before hashing: scrypt cost grows with input size only slightly, but nobody needs more. */
export const MAX_PASSWORD_LENGTH = 256;

function derive(password: string, salt: Buffer, cost: { N: number; r: number; p: number }): Promise<Buffer> {
  const options: ScryptOptions = { ...cost, maxmem: MAX_MEMORY };
  return new Promise((resolve, reject) =>
    scrypt(password.normalize("NFKC"), salt, KEY_LENGTH, options, (error, key) => (error ? reject(error) : resolve(key))),
  );
}

export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(SALT_LENGTH);
  const hash = await derive(password, salt, COST);
  return ["scrypt", COST.N, COST.r, COST.p, salt.toString("base64url"), hash.toString("base64url")].join("$");
}

/**
 * A password over the limit is still hashed (its first MAX_PASSWORD_LENGTH characters) before it is refused: an early
 * return would answer an existing account faster than an unknown one (the dummy check always hashes).
 */
export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const parts = stored.split("$");
  if (parts.length !== 6 || parts[0] !== "scrypt") return false;
  const [N, r, p] = parts.slice(1, 4).map(Number) as [number, number, number];
  if (![N, r, p].every(Number.isSafeInteger)) return false;
  const tooLong = password.length > MAX_PASSWORD_LENGTH;
  const expected = Buffer.from(parts[5]!, "base64url");
  const actual = await derive(password.slice(0, MAX_PASSWORD_LENGTH), Buffer.from(parts[4]!, "base64url"), { N, r, p });
  return !tooLong && expected.length === actual.length && timingSafeEqual(expected, actual);
}

let dummyHash: Promise<string> | undefined;

/**
 * Burns the same time as a real check when the account does not exist, so response times do not tell which
 * usernames are registered.
 */
export async function verifyAgainstNothing(password: string): Promise<false> {
  dummyHash ??= hashPassword("not-a-real-password");
  await verifyPassword(password, await dummyHash);
  return false;
}
