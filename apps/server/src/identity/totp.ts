import { createHash, randomInt } from "node:crypto";
import { Secret, TOTP } from "otpauth";

/**
 * TOTP (RFC 6238) as authenticator apps expect it by default: SHA-1, 6 digits, 30-second steps. A code of the
 * step before or after also counts (one step of clock drift each way, RFC 6238 §5.2).
 */
const PERIOD_SECONDS = 30;
const DIGITS = 6;
const DRIFT_STEPS = 1;
export const ISSUER_LABEL = "SRO";

export const RECOVERY_CODE_COUNT = 10;
/** No 0/O or 1/I/L: codes are read off paper. */
const RECOVERY_ALPHABET = "23456789ABCDEFGHJKMNPQRSTUVWXYZ";
const RECOVERY_GROUPS = 3;
const RECOVERY_GROUP_LENGTH = 4;

function totpOf(secretBase32: string, username = ""): TOTP {
  return new TOTP({
    issuer: ISSUER_LABEL,
    label: username,
    algorithm: "SHA1",
    digits: DIGITS,
    period: PERIOD_SECONDS,
    secret: Secret.fromBase32(secretBase32),
  });
}

/** A new random secret (160 bits, RFC 4226's recommendation), base32. */
export function newTotpSecret(): string {
  return new Secret({ size: 20 }).base32;
}

/** The otpauth:// URI an authenticator app imports (Key URI Format). */
export function otpauthUri(secretBase32: string, username: string): string {
  return totpOf(secretBase32, username).toString();
}

/** The secret grouped by four for typing it in by hand. */
export function readableSecret(secretBase32: string): string {
  return secretBase32.replace(/(.{4})(?=.)/g, "$1 ");
}

/** The time step a code is right for at `nowMs` (within the drift), or undefined. */
export function matchingStep(secretBase32: string, code: string, nowMs: number): number | undefined {
  const token = code.replace(/\s+/g, "");
  if (!new RegExp(`^\\d{${DIGITS}}$`).test(token)) return undefined;
  const delta = totpOf(secretBase32).validate({ token, timestamp: nowMs, window: DRIFT_STEPS });
  return delta === null ? undefined : stepAt(nowMs) + delta;
}

export function stepAt(nowMs: number): number {
  return Math.floor(nowMs / 1000 / PERIOD_SECONDS);
}

/** The code an authenticator app shows at `nowMs` (tests, and nothing else on the server). */
export function codeAt(secretBase32: string, nowMs: number): string {
  return totpOf(secretBase32).generate({ timestamp: nowMs });
}

export function looksLikeTotpCode(input: string): boolean {
  return /^\d{6}$/.test(input.replace(/\s+/g, ""));
}

/** Ten codes like `K7QM-2XRA-PV4H` (about 59 bits each: hashed with SHA-256 is enough, they are not passwords). */
export function newRecoveryCodes(): string[] {
  const group = () => Array.from({ length: RECOVERY_GROUP_LENGTH }, () => RECOVERY_ALPHABET[randomInt(RECOVERY_ALPHABET.length)]).join("");
  return Array.from({ length: RECOVERY_CODE_COUNT }, () => Array.from({ length: RECOVERY_GROUPS }, group).join("-"));
}

/** Case, spaces and dashes do not matter when a recovery code is typed. */
export function recoveryCodeHash(code: string): string {
  const normalised = code.toUpperCase().replace(/[\s-]+/g, "");
  return createHash("sha256").update(normalised).digest("base64url");
}
