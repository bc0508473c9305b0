import { resolve } from "node:path";
import { z } from "zod";
import { parseRedirectRule } from "../identity/redirect-patterns.js";
import type { ConnectionLimits } from "./http/listener.js";
import { GROUP_ADMIN, GROUP_MODERATOR } from "./auth/caller.js";
import type { SecondFactorPolicy } from "./auth/second-factor.js";

const emptyToUndefined = (value: unknown) => (value === "" ? undefined : value);
/** A comma-separated list (blanks dropped) whose every entry passes `valid`; empty or unset: []. */
const commaList = (valid: (entry: string) => boolean, message: string) =>
  z.preprocess(
    emptyToUndefined,
    z
      .string()
      .optional()
      .transform((v) =>
        (v ?? "")
          .split(",")
          .map((u) => u.trim())
          .filter(Boolean),
      )
      .pipe(z.array(z.string().refine(valid, message))),
  );
const optionalUrl = (protocols: string[]) =>
  z.preprocess(emptyToUndefined, z.url({ protocol: new RegExp(`^(${protocols.join("|")})$`), error: `must be a ${protocols.join(" or ")} URL` }).optional());
const flag = z.preprocess(emptyToUndefined, z.enum(["true", "false", "1", "0"], { error: "must be true or false" }).optional());

function seconds(fallback: number) {
  return z.preprocess(
    emptyToUndefined,
    z.coerce.number({ error: "must be a number" }).positive("must be more than 0").max(86_400, "must be at most 86400").default(fallback),
  );
}

/** Every environment variable the server reads. README's configuration table lists the same. */
const environmentSchema = z.object({
  PORT: z.preprocess(
    emptyToUndefined,
    z.coerce.number({ error: "must be a number" }).int("must be an integer").min(0, "must be 0..65535").max(65535, "must be 0..65535").default(8080),
  ),
  HOST: z.preprocess(emptyToUndefined, z.string().default("0.0.0.0")),
  PUBLIC_URL: optionalUrl(["http", "https"]),
  DATA_DIR: z.preprocess(emptyToUndefined, z.string().default("./data")),
  DATABASE_URL: optionalUrl(["postgres", "postgresql"]),
  DATABASE_POOL_SIZE: z.preprocess(
    emptyToUndefined,
    z.coerce.number({ error: "must be a number" }).int("must be an integer").min(1, "must be at least 1").max(200, "must be at most 200").default(10),
  ),
  NATS_URL: optionalUrl(["nats", "tls", "ws", "wss"]),
  OIDC_ISSUER: optionalUrl(["http", "https"]),
  OIDC_CLIENT_ID: z.preprocess(emptyToUndefined, z.string().default("sro-web")),
  OIDC_AUDIENCE: z.preprocess(emptyToUndefined, z.string().optional()),
  IDENTITY_ADMIN_URL: optionalUrl(["http", "https"]),
  IDENTITY_EXTRA_REDIRECT_URIS: commaList(isRedirectRule, "must be a comma-separated list of http(s) URLs or patterns ending in '/*'"),
  CORS_ORIGINS: commaList(isOrigin, "must be a comma-separated list of origins (http(s)://host[:port], no path)"),
  CHARACTERS_UNPAGED_MAX: z.preprocess(
    emptyToUndefined,
    z.coerce
      .number({ error: "must be a number" })
      .int("must be an integer")
      .min(1, "must be at least 1")
      .max(1_000_000, "must be at most 1000000")
      .default(10_000),
  ),
  GAMESERVER_CLIENT_SECRET: z.preprocess(emptyToUndefined, z.string().min(16, "must be at least 16 characters").optional()),
  TRUST_PROXY: flag,
  GAMESERVER_MODE: z.preprocess(emptyToUndefined, z.enum(["local", "registry"], { error: "must be local or registry" }).default("local")),
  GAMESERVER_TTL_SECONDS: z.preprocess(
    emptyToUndefined,
    z.coerce.number({ error: "must be a number" }).int("must be an integer").min(5, "must be at least 5").max(3600, "must be at most 3600").default(30),
  ),
  SEED_DEMO: flag,
  DEMO_PLAYERS: flag,
  SECOND_FACTOR_GROUPS: commaList(
    (v) => v === "none" || /^\/[^/]+(\/[^/]+)*$/.test(v),
    "must be a comma-separated list of group paths (e.g. /Moderator) or none",
  ),
  SECOND_FACTOR_ACR_VALUES: commaList((v) => /^[\x21-\x7e]+$/.test(v), "must be a comma-separated list of acr values"),
  LEAN_PATHS: z.preprocess(emptyToUndefined, z.enum(["on", "off"], { error: "must be on or off" }).default("on")),
  LOG_LEVEL: z.preprocess(
    emptyToUndefined,
    z
      .enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"], { error: "must be one of fatal, error, warn, info, debug, trace, silent" })
      .default("info"),
  ),
  BODY_LIMIT_BYTES: z.preprocess(
    emptyToUndefined,
    z.coerce
      .number({ error: "must be a number" })
      .int("must be an integer")
      .min(1024, "must be at least 1024")
      .max(64 * 1024 * 1024, "must be at most 67108864")
      .default(1024 * 1024),
  ),
  WEB_DIST_DIR: z.preprocess(emptyToUndefined, z.string().optional()),
  OIDC_USERINFO_RECHECK_SECONDS: z.preprocess(
    emptyToUndefined,
    z.coerce.number({ error: "must be a number" }).min(0, "must be 0 or more").max(3600, "must be at most 3600").default(0),
  ),
  MAX_CHARACTERS_PER_PLAYER: z.preprocess(
    emptyToUndefined,
    z.coerce.number({ error: "must be a number" }).int("must be an integer").min(1, "must be at least 1").max(100_000, "must be at most 100000").default(10),
  ),
  CHAT_STREAMS_PER_ACCOUNT: z.preprocess(
    emptyToUndefined,
    z.coerce.number({ error: "must be a number" }).int("must be an integer").min(1, "must be at least 1").max(100_000, "must be at most 100000").default(50),
  ),
  METRICS_TOKEN: z.preprocess(emptyToUndefined, z.string().min(16, "must be at least 16 characters").optional()),
  METRICS_PORT: z.preprocess(
    emptyToUndefined,
    z.coerce.number({ error: "must be a number" }).int("must be an integer").min(0, "must be 0..65535").max(65535, "must be 0..65535").optional(),
  ),
  HTTP_FIRST_BYTES_TIMEOUT_SECONDS: seconds(10),
  HTTP_HEADERS_TIMEOUT_SECONDS: seconds(10),
  HTTP_REQUEST_TIMEOUT_SECONDS: seconds(30),
  HTTP_KEEPALIVE_TIMEOUT_SECONDS: seconds(65),
  HTTP2_IDLE_TIMEOUT_SECONDS: seconds(65),
  CHAT_SEARCH_TIMEOUT_SECONDS: seconds(10),
  PURGE_APPROVAL_THRESHOLD: z.preprocess(
    emptyToUndefined,
    z.coerce.number({ error: "must be a number" }).int("must be an integer").min(1, "must be 1..1000000").max(1_000_000, "must be 1..1000000").default(100),
  ),
  AUDIT_RETENTION_DAYS: z.preprocess(
    emptyToUndefined,
    z.coerce.number({ error: "must be a number" }).int("must be an integer").min(1, "must be 1..36500").max(36_500, "must be 1..36500").default(365),
  ),
  HTTP_MAX_CONNECTIONS: z.preprocess(
    emptyToUndefined,
    z.coerce
      .number({ error: "must be a number" })
      .int("must be an integer")
      .min(1, "must be at least 1")
      .max(1_000_000, "must be at most 1000000")
      .default(20_000),
  ),
});

/** Every variable loadConfig reads (README's configuration table must list each). */
export const CONFIG_VARIABLES: readonly string[] = Object.keys(environmentSchema.shape);

function isRedirectRule(value: string): boolean {
  try {
    parseRedirectRule(value);
    return true;
  } catch {
    return false;
  }
}

/** An exact origin as browsers send it: scheme, host and port only. */
function isOrigin(value: string): boolean {
  try {
    const url = new URL(value);
    return (url.protocol === "http:" || url.protocol === "https:") && url.origin === value;
  } catch {
    return false;
  }
}

export type Environment = z.infer<typeof environmentSchema>;

export interface Config {
  port: number;
  host: string;
  /** The origin users reach this server at (issuer, redirect URIs and CORS derive from it). */
  publicUrl: string;
  dataDir: string;
  databaseUrl?: string;
  databasePoolSize: number;
  natsUrl?: string;
  identity: {
    /** embedded: our own provider at /realms/default; external: OIDC_ISSUER. */
    mode: "embedded" | "external";
    issuer: string;
    clientId: string;
    /** Accepted `aud` values; a token also passes when its `azp` is the client id. */
    audiences: string[];
    adminUrl: string;
    /** Embedded provider: redirect URIs or `/*` patterns allowed besides `PUBLIC_URL/*` (their origins become web origins too). */
    extraRedirectUris: string[];
    /** External provider: re-check tokens at its userinfo endpoint this often (0: never), for revocation. */
    userinfoRecheckMs: number;
    /** Embedded provider: the `game-server` client-credentials client exists only when this is set. */
    gameServerClientSecret?: string;
  };
  /** Origins (besides PUBLIC_URL's) whose browser pages may call the game API (CORS). */
  corsOrigins: string[];
  /** GetCharacters without filters returns every live character up to this many. */
  charactersUnpagedMax: number;
  /** Behind a reverse proxy: take the client address from X-Forwarded-For (login throttling per IP). */
  trustProxy: boolean;
  gameServer: { mode: "local" | "registry"; ttlSeconds: number };
  seedDemo: boolean;
  /** The demo game world (demo/demo-world.ts): reference game servers and a few players online; `npm start` turns it on in the demo. */
  demoPlayers: boolean;
  /** Who must sign in with a second factor, and which `acr` values count as one (platform/auth/second-factor.ts). */
  secondFactor: SecondFactorPolicy;
  /** off: every rpc goes through Connect-ES's own router (to compare, or to rule the lean paths out of a bug). */
  leanPaths: boolean;
  logLevel: Environment["LOG_LEVEL"];
  bodyLimitBytes: number;
  webDistDir?: string;
  /** Live characters one owner may have (CreateCharacter answers RESOURCE_EXHAUSTED beyond). */
  maxCharactersPerPlayer: number;
  /** Chat streams one account may hold open on one node (more: RESOURCE_EXHAUSTED). */
  chatStreamsPerAccount: number;
  /** /metrics: on the main port only for this bearer token; on `port` (loopback only) for anyone who can reach it. */
  metrics: { token?: string; port?: number };
  /** Connection time limits and cap (platform/http/listener.ts). */
  connections: ConnectionLimits;
  /** Audit records older than this many days are pruned (at start, then hourly). */
  auditRetentionDays: number;
  /** Staff searches of stored chat messages stop after this (PostgreSQL only: PGlite has no statement timeout). */
  chatSearchTimeoutMs: number;
  /** A purge matching more messages than this waits for another holder's approval (docs/moderation.md "Approvals"). */
  purgeApprovalThreshold: number;
}

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join("\n")}`);
  }
}

export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const parsed = environmentSchema.safeParse(env);
  if (!parsed.success) {
    throw new ConfigError(parsed.error.issues.map((issue) => `${issue.path.join(".")}=${JSON.stringify(env[String(issue.path[0])] ?? "")}: ${issue.message}`));
  }
  const e = parsed.data;
  const publicUrl = (e.PUBLIC_URL ?? `http://localhost:${e.PORT || 8080}`).replace(/\/+$/, "");
  const external = e.OIDC_ISSUER !== undefined;
  const issuer = (e.OIDC_ISSUER ?? `${publicUrl}/realms/default`).replace(/\/+$/, "");
  // Demo accounts and data only exist with the embedded provider (local mode), unless asked otherwise.
  const seedDemo = e.SEED_DEMO === undefined ? !external : e.SEED_DEMO === "true" || e.SEED_DEMO === "1";
  const demoPlayers = e.DEMO_PLAYERS === "true" || e.DEMO_PLAYERS === "1";
  // Its game servers take client-credentials tokens from the embedded provider and register with the registry.
  if (demoPlayers && (external || e.GAMESERVER_MODE !== "registry" || !e.GAMESERVER_CLIENT_SECRET)) {
    throw new ConfigError([
      `DEMO_PLAYERS=${JSON.stringify(env.DEMO_PLAYERS)}: needs the embedded provider (no OIDC_ISSUER), GAMESERVER_MODE=registry and GAMESERVER_CLIENT_SECRET`,
    ]);
  }
  const adminUrl = (e.IDENTITY_ADMIN_URL ?? issuer.replace("/realms/", "/admin/realms/")).replace(/\/+$/, "");
  return {
    port: e.PORT,
    host: e.HOST,
    publicUrl,
    dataDir: resolve(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    databasePoolSize: e.DATABASE_POOL_SIZE,
    natsUrl: e.NATS_URL,
    identity: {
      mode: external ? "external" : "embedded",
      issuer,
      clientId: e.OIDC_CLIENT_ID,
      audiences: e.OIDC_AUDIENCE
        ? e.OIDC_AUDIENCE.split(",")
            .map((a) => a.trim())
            .filter(Boolean)
        : [e.OIDC_CLIENT_ID],
      adminUrl,
      extraRedirectUris: e.IDENTITY_EXTRA_REDIRECT_URIS,
      gameServerClientSecret: e.GAMESERVER_CLIENT_SECRET,
      userinfoRecheckMs: e.OIDC_USERINFO_RECHECK_SECONDS * 1000,
    },
    corsOrigins: [...new Set([new URL(publicUrl).origin, ...e.CORS_ORIGINS])],
    charactersUnpagedMax: e.CHARACTERS_UNPAGED_MAX,
    trustProxy: e.TRUST_PROXY === "true" || e.TRUST_PROXY === "1",
    gameServer: { mode: e.GAMESERVER_MODE, ttlSeconds: e.GAMESERVER_TTL_SECONDS },
    seedDemo,
    demoPlayers,
    // Every staff group by default; off in the local demo (its accounts sign in with their passwords) unless set.
    secondFactor: {
      groups: e.SECOND_FACTOR_GROUPS.includes("none")
        ? []
        : e.SECOND_FACTOR_GROUPS.length
          ? e.SECOND_FACTOR_GROUPS
          : seedDemo
            ? []
            : [GROUP_MODERATOR, GROUP_ADMIN],
      acrValues: e.SECOND_FACTOR_ACR_VALUES.length ? e.SECOND_FACTOR_ACR_VALUES : ["2"],
    },
    leanPaths: e.LEAN_PATHS === "on",
    logLevel: e.LOG_LEVEL,
    bodyLimitBytes: e.BODY_LIMIT_BYTES,
    webDistDir: e.WEB_DIST_DIR,
    maxCharactersPerPlayer: e.MAX_CHARACTERS_PER_PLAYER,
    chatStreamsPerAccount: e.CHAT_STREAMS_PER_ACCOUNT,
    metrics: { token: e.METRICS_TOKEN, port: e.METRICS_PORT },
    connections: {
      firstBytesMs: e.HTTP_FIRST_BYTES_TIMEOUT_SECONDS * 1000,
      headersMs: e.HTTP_HEADERS_TIMEOUT_SECONDS * 1000,
      requestMs: e.HTTP_REQUEST_TIMEOUT_SECONDS * 1000,
      keepAliveMs: e.HTTP_KEEPALIVE_TIMEOUT_SECONDS * 1000,
      http2IdleMs: e.HTTP2_IDLE_TIMEOUT_SECONDS * 1000,
      maxConnections: e.HTTP_MAX_CONNECTIONS,
    },
    auditRetentionDays: e.AUDIT_RETENTION_DAYS,
    chatSearchTimeoutMs: e.CHAT_SEARCH_TIMEOUT_SECONDS * 1000,
    purgeApprovalThreshold: e.PURGE_APPROVAL_THRESHOLD,
  };
}
