/** SQLSTATE classes the RPC layer maps to status codes. Works for errors from `pg` and from PGlite. */
export function sqlState(error: unknown): string | undefined {
  let current: unknown = error;
  // drizzle wraps driver errors in DrizzleQueryError with the driver error as `cause`.
  for (let depth = 0; depth < 4 && current && typeof current === "object"; depth++) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === "string" && /^[0-9A-Z]{5}$/.test(code)) return code;
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}

export const isUniqueViolation = (error: unknown) => sqlState(error) === "23505";

const networkCodes = new Set(["ECONNREFUSED", "ECONNRESET", "ETIMEDOUT", "EPIPE", "ENOTFOUND", "EHOSTUNREACH"]);

/** True when the database could not be reached or went away (retryable: UNAVAILABLE). */
export function isDatabaseUnavailable(error: unknown): boolean {
  let current: unknown = error;
  for (let depth = 0; depth < 4 && current && typeof current === "object"; depth++) {
    const { code, message } = current as { code?: unknown; message?: unknown };
    if (typeof code === "string") {
      if (networkCodes.has(code)) return true;
      // 08: connection exception; 57P01-57P03: admin shutdown / crash shutdown / cannot connect now.
      if (code.startsWith("08") || code === "57P01" || code === "57P02" || code === "57P03") return true;
    }
    if (
      typeof message === "string" &&
      /Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error/i.test(message)
    ) {
      return true;
    }
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}
