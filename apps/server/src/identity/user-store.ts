import { randomUUID } from "node:crypto";
import { and, asc, count, eq, ilike, inArray, or, sql, type SQL } from "drizzle-orm";
import { appendAudit, type AuditActor, type AuditChange } from "../audit/audit-trail.js";
import type { Db } from "../platform/db/database.js";
import { groupIdOf } from "./group-tree.js";
import { groups, userGroups, users } from "./schema.js";

export interface User {
  id: string;
  username: string;
  email: string;
  firstName: string;
  lastName: string;
  enabled: boolean;
  createdAt: Date;
}

export interface Group {
  id: string;
  name: string;
  path: string;
  parentId: string | null;
}

/** Keycloak's users query (GET /admin/realms/{realm}/users) plus `ids`, our batch lookup. */
export interface UserQuery {
  search?: string;
  username?: string;
  email?: string;
  firstName?: string;
  lastName?: string;
  /** username/email/firstName/lastName must match exactly (case-insensitive) instead of as a substring. */
  exact?: boolean;
  ids?: string[];
  enabled?: boolean;
  first?: number;
  max?: number;
}

export interface NewUser {
  id?: string;
  username: string;
  email: string;
  firstName: string;
  lastName: string;
  passwordHash: string;
  groupPaths: readonly string[];
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const isUuid = (value: string) => UUID.test(value);

const publicColumns = {
  id: users.id,
  username: users.username,
  email: users.email,
  firstName: users.firstName,
  lastName: users.lastName,
  enabled: users.enabled,
  createdAt: users.createdAt,
};

const escapeLike = (value: string) => value.replace(/[\\%_]/g, (c) => `\\${c}`);
type TextColumn = typeof users.username | typeof users.email | typeof users.firstName | typeof users.lastName;
const lower = (column: TextColumn) => sql`lower(${column})`;

/** Keycloak 26 semantics: `foo` and `foo*` are prefix searches, `*foo*` infix, `"foo"` exact. */
function searchCondition(search: string): SQL | undefined {
  const term = search.trim();
  if (!term) return undefined;
  const columns = [users.username, users.email, users.firstName, users.lastName];
  if (term.length > 1 && term.startsWith('"') && term.endsWith('"')) {
    const exact = term.slice(1, -1).toLowerCase();
    return or(...columns.map((c) => eq(lower(c), exact)));
  }
  const pattern = term.includes("*") ? term.split("*").map(escapeLike).join("%") : `${escapeLike(term)}%`;
  return or(...columns.map((c) => ilike(c, pattern)));
}

function fieldCondition(column: TextColumn, value: string | undefined, exact: boolean): SQL | undefined {
  if (value === undefined) return undefined;
  return exact ? eq(lower(column), value.toLowerCase()) : ilike(column, `%${escapeLike(value)}%`);
}

function whereOf(query: UserQuery): SQL | undefined {
  const exact = query.exact === true;
  const conditions = [
    query.search !== undefined ? searchCondition(query.search) : undefined,
    fieldCondition(users.username, query.username, exact),
    fieldCondition(users.email, query.email, exact),
    fieldCondition(users.firstName, query.firstName, exact),
    fieldCondition(users.lastName, query.lastName, exact),
    query.ids ? inArray(users.id, query.ids.filter(isUuid).concat("00000000-0000-0000-0000-000000000000")) : undefined,
    query.enabled !== undefined ? eq(users.enabled, query.enabled) : undefined,
  ].filter((c): c is SQL => c !== undefined);
  return conditions.length ? and(...conditions) : undefined;
}

/** A user as the audit log shows it: the public fields and group paths, never the password hash. */
async function userAuditView(tx: Db, id: string) {
  const [row] = await tx.select(publicColumns).from(users).where(eq(users.id, id));
  if (!row) return undefined;
  const paths = await tx
    .select({ path: groups.path })
    .from(userGroups)
    .innerJoin(groups, eq(groups.id, userGroups.groupId))
    .where(eq(userGroups.userId, id))
    .orderBy(asc(groups.path));
  const { createdAt: _createdAt, ...fields } = row;
  return { ...fields, groups: paths.map((p) => p.path) };
}

type UserAuditView = NonNullable<Awaited<ReturnType<typeof userAuditView>>>;

/** A user and their group paths (ordered), as a token's claims need them. */
export type UserWithGroups = User & { groupPaths: string[] };
/** What the password form reads of an account: with the hash, the group paths and whether a second factor follows. */
export type SignInAccount = UserWithGroups & { passwordHash: string; hasSecondFactor: boolean };

export function createUserStore(db: Db) {
  // One prepared statement for a sign-in's or refresh's account read: the user with their group paths.
  const withGroups = db
    .select({
      ...publicColumns,
      // Spelled out with table names: in a one-table select drizzle writes the outer id unqualified, which inside the
      // subquery would name identity_groups.id.
      groupPaths: sql<
        string[]
      >`coalesce((select json_agg(g.path order by g.path) from identity_user_groups ug inner join identity_groups g on g.id = ug.group_id where ug.user_id = identity_users.id), '[]'::json)`,
    })
    .from(users)
    .where(eq(users.id, sql`${sql.placeholder("id")}`))
    .prepare("identity_user_with_groups");
  // The password form's one account read (by username or email, case-insensitive): with the password hash, the group
  // paths and whether a second factor (an authenticator app or a passkey) follows the password.
  const login = sql`${sql.placeholder("login")}`;
  const forSignIn = db
    .select({
      ...publicColumns,
      passwordHash: users.passwordHash,
      groupPaths: sql<
        string[]
      >`coalesce((select json_agg(g.path order by g.path) from identity_user_groups ug inner join identity_groups g on g.id = ug.group_id where ug.user_id = identity_users.id), '[]'::json)`,
      hasSecondFactor: sql<boolean>`(exists (select 1 from identity_webauthn_credentials w where w.user_id = identity_users.id) or exists (select 1 from identity_totp_credentials t where t.user_id = identity_users.id and t.confirmed_at is not null))`,
    })
    .from(users)
    .where(or(eq(lower(users.username), login), eq(lower(users.email), login)))
    .orderBy(sql`${lower(users.username)} = ${login} desc`)
    .limit(1)
    .prepare("identity_user_for_sign_in");

  /**
   * Runs a write to one user with its audit record in one transaction: the user before (locked) and after. A write
   * that changed nothing (joining a group the user is in) writes no record; a missing user, nothing at all.
   */
  function auditedUserWrite(
    actor: AuditActor,
    id: string,
    action: AuditChange["action"],
    write: (tx: Db) => Promise<unknown>,
    extra: (before: UserAuditView, after: UserAuditView) => { before?: object; after?: object } = () => ({}),
  ): Promise<boolean> {
    if (!isUuid(id)) return Promise.resolve(false);
    return db.transaction(async (tx) => {
      const [locked] = await tx.select({ id: users.id }).from(users).where(eq(users.id, id)).for("update");
      if (!locked) return false;
      const before = (await userAuditView(tx, id))!;
      await write(tx);
      const after = (await userAuditView(tx, id))!;
      const more = extra(before, after);
      if (JSON.stringify(before) === JSON.stringify(after) && !more.after) return true;
      await appendAudit(tx, actor, { action, targetType: "user", targetId: id, before: { ...before, ...more.before }, after: { ...after, ...more.after } });
      return true;
    });
  }

  return {
    /** By username or email, case-insensitive; with the password hash (sign-in only). */
    async findForLogin(login: string): Promise<(User & { passwordHash: string }) | undefined> {
      const value = login.trim().toLowerCase();
      const [row] = await db
        .select({ ...publicColumns, passwordHash: users.passwordHash })
        .from(users)
        .where(or(eq(lower(users.username), value), eq(lower(users.email), value)))
        .orderBy(sql`${lower(users.username)} = ${value} desc`)
        .limit(1);
      return row;
    },

    /** findForLogin's account with its group paths and whether a second factor follows, in one prepared statement. */
    async findForSignIn(login: string): Promise<SignInAccount | undefined> {
      const [row] = await forSignIn.execute({ login: login.trim().toLowerCase() });
      return row;
    },

    async findById(id: string): Promise<User | undefined> {
      if (!isUuid(id)) return undefined;
      const [row] = await db.select(publicColumns).from(users).where(eq(users.id, id));
      return row;
    },

    /** The user with their group paths, in one statement (tokens and their claims). */
    async findWithGroups(id: string): Promise<UserWithGroups | undefined> {
      if (!isUuid(id)) return undefined;
      const [row] = await withGroups.execute({ id });
      return row;
    },

    async passwordHashOf(id: string): Promise<string | undefined> {
      if (!isUuid(id)) return undefined;
      const [row] = await db.select({ passwordHash: users.passwordHash }).from(users).where(eq(users.id, id));
      return row?.passwordHash;
    },

    /** Which of username/email another account already uses. */
    async taken(fields: { username?: string; email?: string }, exceptId?: string): Promise<{ username: boolean; email: boolean }> {
      const checks = [
        fields.username !== undefined ? eq(lower(users.username), fields.username.toLowerCase()) : undefined,
        fields.email !== undefined ? eq(lower(users.email), fields.email.toLowerCase()) : undefined,
      ].filter((c): c is SQL => c !== undefined);
      if (!checks.length) return { username: false, email: false };
      const rows = await db
        .select({ id: users.id, username: users.username, email: users.email })
        .from(users)
        .where(or(...checks));
      const others = rows.filter((r) => r.id !== exceptId);
      return {
        username: fields.username !== undefined && others.some((r) => r.username.toLowerCase() === fields.username!.toLowerCase()),
        email: fields.email !== undefined && others.some((r) => r.email.toLowerCase() === fields.email!.toLowerCase()),
      };
    },

    /** Creates the user and its memberships in one transaction; unique violations surface as database errors. */
    async create(actor: AuditActor, user: NewUser): Promise<User> {
      const id = user.id ?? randomUUID();
      return db.transaction(async (tx) => {
        const [row] = await tx
          .insert(users)
          .values({ id, username: user.username, email: user.email, firstName: user.firstName, lastName: user.lastName, passwordHash: user.passwordHash })
          .returning(publicColumns);
        if (user.groupPaths.length) {
          await tx
            .insert(userGroups)
            .values(user.groupPaths.map((path) => ({ userId: id, groupId: groupIdOf(path) })))
            .onConflictDoNothing();
        }
        await appendAudit(tx, actor, { action: "user.create", targetType: "user", targetId: id, after: await userAuditView(tx, id) });
        return row!;
      });
    },

    async updateProfile(actor: AuditActor, id: string, profile: { firstName: string; lastName: string; email: string }): Promise<void> {
      await auditedUserWrite(actor, id, "user.edit", (tx) =>
        tx
          .update(users)
          .set({ ...profile, updatedAt: new Date() })
          .where(eq(users.id, id)),
      );
    },

    async setEnabled(actor: AuditActor, id: string, enabled: boolean): Promise<void> {
      await auditedUserWrite(actor, id, "user.edit", (tx) => tx.update(users).set({ enabled, updatedAt: new Date() }).where(eq(users.id, id)));
    },

    /** Recorded as "user.password.set" with `password: "changed"` in after: the hash never enters the log. */
    async setPasswordHash(actor: AuditActor, id: string, passwordHash: string): Promise<void> {
      await auditedUserWrite(
        actor,
        id,
        "user.password.set",
        (tx) => tx.update(users).set({ passwordHash, updatedAt: new Date() }).where(eq(users.id, id)),
        () => ({ after: { password: "changed" } }),
      );
    },

    /** A staff sign-in at the embedded provider ("console.sign-in", or "console.step-up" when signing in again); its target is the user. */
    async recordConsoleSignIn(actor: AuditActor, id: string, action: "console.sign-in" | "console.step-up" = "console.sign-in"): Promise<void> {
      await db.transaction(async (tx) => {
        await appendAudit(tx, actor, { action, targetType: "user", targetId: id });
      });
    },

    /** Ordered by username, like Keycloak. */
    async list(query: UserQuery): Promise<User[]> {
      return db
        .select(publicColumns)
        .from(users)
        .where(whereOf(query))
        .orderBy(asc(users.username), asc(users.id))
        .offset(query.first ?? 0)
        .limit(query.max ?? 100);
    },

    async count(query: UserQuery): Promise<number> {
      const [row] = await db.select({ n: count() }).from(users).where(whereOf(query));
      return Number(row?.n ?? 0);
    },

    /** Direct memberships, ordered by path. */
    async groupsOf(userId: string): Promise<Group[]> {
      if (!isUuid(userId)) return [];
      return db
        .select({ id: groups.id, name: groups.name, path: groups.path, parentId: groups.parentId })
        .from(userGroups)
        .innerJoin(groups, eq(groups.id, userGroups.groupId))
        .where(eq(userGroups.userId, userId))
        .orderBy(asc(groups.path));
    },

    /** Group paths of many users in one query (tokens, admin listings). */
    async groupPathsOf(userIds: readonly string[]): Promise<Map<string, string[]>> {
      const result = new Map<string, string[]>(userIds.map((id) => [id, []]));
      const ids = userIds.filter(isUuid);
      if (!ids.length) return result;
      const rows = await db
        .select({ userId: userGroups.userId, path: groups.path })
        .from(userGroups)
        .innerJoin(groups, eq(groups.id, userGroups.groupId))
        .where(inArray(userGroups.userId, ids))
        .orderBy(asc(groups.path));
      for (const row of rows) result.get(row.userId)?.push(row.path);
      return result;
    },

    async findGroup(id: string): Promise<Group | undefined> {
      if (!isUuid(id)) return undefined;
      const [row] = await db.select().from(groups).where(eq(groups.id, id));
      return row;
    },

    async listGroups(): Promise<Group[]> {
      return db.select().from(groups).orderBy(asc(groups.path));
    },

    /** A role change ("user.group.add"); false when there is no such user. */
    addToGroup(actor: AuditActor, userId: string, groupId: string): Promise<boolean> {
      return auditedUserWrite(actor, userId, "user.group.add", (tx) => tx.insert(userGroups).values({ userId, groupId }).onConflictDoNothing());
    },

    /** A role change ("user.group.remove"); false when there is no such user. */
    removeFromGroup(actor: AuditActor, userId: string, groupId: string): Promise<boolean> {
      return auditedUserWrite(actor, userId, "user.group.remove", (tx) =>
        tx.delete(userGroups).where(and(eq(userGroups.userId, userId), eq(userGroups.groupId, groupId))),
      );
    },
  };
}

export type UserStore = ReturnType<typeof createUserStore>;
