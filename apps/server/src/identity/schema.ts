import { sql } from "drizzle-orm";
import { bigserial, boolean, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";

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
