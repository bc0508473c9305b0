import { pino, type DestinationStream, type Logger } from "pino";

export type { Logger };

/**
 * Logs never hold secrets: a failed query's text and parameters (drizzle puts both in the message, and they hold
 * password hashes, emails, tokens) are replaced by the driver's own error, and well-known secret fields are redacted.
 */
export function createLogger(level: string, destination?: DestinationStream): Logger {
  const options = {
    level,
    base: { service: "sro" },
    timestamp: pino.stdTimeFunctions.isoTime,
    serializers: { err: safeError, error: safeError },
    redact: {
      paths: [
        "password",
        "*.password",
        "passwordHash",
        "*.passwordHash",
        "token",
        "*.token",
        "secret",
        "*.secret",
        "authorization",
        "*.authorization",
        "*.headers.authorization",
        "*.headers.cookie",
      ],
      censor: "[redacted]",
    },
  };
  return destination ? pino(options, destination) : pino(options);
}

const MAX_CAUSES = 5;

/** Like pino's error serializer, minus SQL and its parameters anywhere in the cause chain. */
export function safeError(error: unknown): unknown {
  return serialize(error, 0);
}

// Driver errors: `detail` quotes the offending values, `where`/`internalQuery` the SQL.
const DROPPED = new Set(["detail", "where", "internalQuery", "query", "params", "parameters", "cause", "stack", "message"]);

function serialize(error: unknown, depth: number): unknown {
  if (!(error instanceof Error)) return error;
  const cause = depth < MAX_CAUSES ? serialize((error as { cause?: unknown }).cause, depth + 1) : undefined;
  if ("query" in error && "params" in error) {
    // DrizzleQueryError: keep only what the database said (SQLSTATE, constraint), never the statement.
    return { type: "DatabaseQueryError", message: "database query failed", cause };
  }
  const plain: Record<string, unknown> = { type: error.constructor?.name ?? error.name, message: error.message, stack: error.stack };
  for (const [key, value] of Object.entries(error)) {
    if (!DROPPED.has(key) && (value === null || typeof value !== "object")) plain[key] = value;
  }
  if (cause !== undefined) plain.cause = cause;
  return plain;
}
