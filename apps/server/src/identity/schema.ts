import { sql } from "drizzle-orm";
import { bigint, bigserial, boolean, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";

/** Users of the embedded identity provider (off when OIDC_ISSUER points at an external provider). */
export const users = pgTable(
  "identity_users",
  {
    id: uuid("id").primaryKey(),
    username: text("username").notNull(),
    email: text("email").notNull(),
    firstName: text("first_name").notNull().default(""),
    lastName: text("last_name").notNull().default(""),
    /** scrypt$N$r$p$salt$hash (base64url parts). */
    passwordHash: text("password_hash").notNull(),
    enabled: boolean("enabled").notNull().default(true),
    failedLogins: integer("failed_logins").notNull().default(0),
    lockedUntil: timestamp("locked_until", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("identity_users_username_key").on(sql`lower(${t.username})`), uniqueIndex("identity_users_email_key").on(sql`lower(${t.email})`)],
);

/** The group tree (/Player, /Player/Member, /Moderator, /Moderator/Admin, /Banned). */
export const groups = pgTable(
  "identity_groups",
  {
    id: uuid("id").primaryKey(),
    name: text("name").notNull(),
    parentId: uuid("parent_id"),
    path: text("path").notNull(),
  },
  (t) => [uniqueIndex("identity_groups_path_key").on(t.path)],
);

export const userGroups = pgTable(
  "identity_user_groups",
  {
    userId: uuid("user_id").notNull(),
    groupId: uuid("group_id").notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.groupId] }), index("identity_user_groups_group_idx").on(t.groupId)],
);

/** oidc-provider's models (sessions, grants, codes, refresh tokens …), one row per model instance. */
export const oidcPayloads = pgTable(
  "identity_oidc_payloads",
  {
    id: text("id").notNull(),
    kind: text("kind").notNull(),
    payload: jsonb("payload").notNull(),
    grantId: text("grant_id"),
    userCode: text("user_code"),
    uid: text("uid"),
    expiresAt: timestamp("expires_at", { withTimezone: true }),
    consumedAt: timestamp("consumed_at", { withTimezone: true }),
  },
  (t) => [primaryKey({ columns: [t.kind, t.id] }), index("identity_oidc_payloads_grant_idx").on(t.grantId), index("identity_oidc_payloads_uid_idx").on(t.uid)],
);

/** Token signing keys (private JWKs); the newest active key signs, retired keys still verify until dropped. */
export const signingKeys = pgTable("identity_signing_keys", {
  kid: text("kid").primaryKey(),
  privateJwk: jsonb("private_jwk").notNull(),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  retiredAt: timestamp("retired_at", { withTimezone: true }),
});

/** Failed sign-in attempts, per account and per client address, for throttling and lockout. */
export const loginFailures = pgTable("identity_login_failures", {
  key: text("key").primaryKey(),
  failures: integer("failures").notNull().default(0),
  lastFailureAt: timestamp("last_failure_at", { withTimezone: true }).notNull().defaultNow(),
  lockedUntil: timestamp("locked_until", { withTimezone: true }),
});

/**
 * Access tokens that stopped counting before they expire (platform/auth/revocations.ts): a node that starts later, or
 * this one after a restart, reads the last hour of them, so a signed-out or demoted user's old token stays refused.
 */
export const tokenRevocations = pgTable(
  "identity_token_revocations",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    userId: text("user_id").notNull(),
    /** Null: every token of the user; else the tokens of this sign-in session (of clientId's only when set). */
    sessionId: text("session_id"),
    clientId: text("client_id"),
    revokedAt: timestamp("revoked_at", { withTimezone: true, precision: 3 }).notNull(),
  },
  (t) => [index("identity_token_revocations_revoked_at_idx").on(t.revokedAt)],
);

/**
 * Custom staff roles (docs/permissions.md "Roles and mappings"): a named set of capabilities with their scopes. The
 * built-in roles are not stored: platform/auth/access-resolution.ts defines them from the permission table.
 */
export const accessRoles = pgTable("access_roles", {
  name: text("name").primaryKey(),
  description: text("description").notNull().default(""),
  /** Held alone: an account holding it holds none of its other roles. */
  sole: boolean("sole").notNull().default(false),
  /** [{ name, scope }] sorted by name. */
  capabilities: jsonb("capabilities").$type<{ name: string; scope: "all" | "own" }[]>().notNull(),
  updatedAt: timestamp("updated_at", { withTimezone: true, precision: 3 }).notNull(),
});

/** Group path → roles: the roles an account holds come from the groups its token names. */
export const roleMappings = pgTable(
  "access_role_mappings",
  {
    groupPath: text("group_path").notNull(),
    /** A built-in role's name or a custom role's (access_roles.name). */
    roleName: text("role_name").notNull(),
  },
  (t) => [primaryKey({ columns: [t.groupPath, t.roleName] }), index("access_role_mappings_role_idx").on(t.roleName)],
);

/**
 * A user's authenticator app (TOTP, RFC 6238): pending until confirmed with a code. `lastStep` is the newest time
 * step a code was accepted for, so a code is never accepted twice (nor an older one after a newer).
 */
export const totpCredentials = pgTable("identity_totp_credentials", {
  userId: uuid("user_id").primaryKey(),
  /** The credential's id at the admin API (Keycloak's CredentialRepresentation.id). */
  id: uuid("id").notNull(),
  /** Base32, as the authenticator app holds it. */
  secret: text("secret").notNull(),
  confirmedAt: timestamp("confirmed_at", { withTimezone: true }),
  lastStep: bigint("last_step", { mode: "number" }).notNull().default(0),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});

/** One-time recovery codes of a user with TOTP, as SHA-256 hashes; a used code keeps its row with `usedAt`. */
export const recoveryCodes = pgTable(
  "identity_recovery_codes",
  {
    userId: uuid("user_id").notNull(),
    codeHash: text("code_hash").notNull(),
    usedAt: timestamp("used_at", { withTimezone: true }),
  },
  (t) => [primaryKey({ columns: [t.userId, t.codeHash] })],
);

/**
 * A user's passkeys (WebAuthn credentials). `credentialId` and `publicKey` are base64url; `counter` is the
 * authenticator's signature counter (0 for most passkeys, which do not count); `id` names it at the admin API.
 */
export const webauthnCredentials = pgTable(
  "identity_webauthn_credentials",
  {
    id: uuid("id").primaryKey(),
    credentialId: text("credential_id").notNull(),
    userId: uuid("user_id").notNull(),
    publicKey: text("public_key").notNull(),
    counter: bigint("counter", { mode: "number" }).notNull().default(0),
    transports: jsonb("transports").$type<string[]>().notNull().default([]),
    name: text("name").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    lastUsedAt: timestamp("last_used_at", { withTimezone: true }),
  },
  (t) => [uniqueIndex("identity_webauthn_credentials_credential_id_key").on(t.credentialId), index("identity_webauthn_credentials_user_idx").on(t.userId)],
);
