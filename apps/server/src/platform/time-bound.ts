import { invalidArgument } from "./validation.js";

/**
 * The last millisecond of year 9999 (9999-12-31T23:59:59.999Z). Later times have no four-digit ISO form: Date writes
 * "+010000-…", which PostgreSQL and PGlite refuse, and no stored time can be that far anyway.
 */
export const MAX_TIME_MS = 253_402_300_799_999;

/** A request's time bound in Unix milliseconds: 0 is unbounded; negative or past year 9999 is INVALID_ARGUMENT naming `field`. */
export function timeBound(value: bigint, field: string): number | undefined {
  if (value < 0n) throw invalidArgument(field, "must be 0 (unbounded) or a positive Unix time in milliseconds");
  if (value > BigInt(MAX_TIME_MS)) throw invalidArgument(field, `must be at most ${MAX_TIME_MS} (the end of year 9999)`);
  return value === 0n ? undefined : Number(value);
}
