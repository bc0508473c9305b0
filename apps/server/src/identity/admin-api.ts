import type { AnyRequest, AnyResponse } from "../platform/http/listener.js";

import { GROUP_BANNED, type Caller } from "../platform/auth/caller.js";
import { TokenError } from "../platform/auth/token-verifier.js";
import { readBody } from "../platform/http/read-body.js";
import { controlError } from "../platform/text-rules.js";
import { deleteSession, listUserSessions, logoutUser } from "./admin-sessions.js";
import { deleteCredential, listCredentials } from "./admin-credentials.js";
import { secondFactorRefusal } from "../platform/auth/second-factor.js";
import { signInIsRecent, STEP_UP_MAX_AGE_SECONDS, STEP_UP_MESSAGE } from "../platform/auth/step-up.js";
import { applyCors, auditActorOfRequest, bearerToken, sendJson } from "./http-kit.js";
import type { IdentityContext } from "./identity-context.js";
import type { Group, User, UserQuery } from "./user-store.js";

/**
 * Keycloak-compatible subset of the admin REST API (/admin/realms/default/...), decided by the caller's capabilities
 * (users.read, users.edit, users.sessions, users.second-factors): by default admins read and write, moderators read
 * (users, a user, a user's groups, groups), as a real Keycloak with the realm-management roles view-users /
 * manage-users would be set up.
 * Additions (docs/identity.md): `id` (repeatable) on GET /users for batch lookups, and `groups` (full paths, as in
 * Keycloak's UserRepresentation export) on every returned user, so a table never needs one request per row.
 */
const MAX_PAGE = 1000;
const MAX_IDS = 100;

export async function handleAdminApi(ctx: IdentityContext, req: AnyRequest, res: AnyResponse, rest: string[], query: URLSearchParams): Promise<void> {
  if (applyCors(req, res, ctx.clients.webOrigins, "GET, PUT, POST, DELETE, OPTIONS")) return;
  const method = req.method ?? "GET";
  const [collection, id, sub, subId, ...extra] = rest;
  const sessionPath = collection === "sessions" || (collection === "users" && (sub === "sessions" || sub === "logout"));
  const credentialPath = collection === "users" && sub === "credentials";
  const caller = await authorise(ctx, req, res, sessionPath ? "sessions" : credentialPath ? "credentials" : method === "GET" ? "read" : "write");
  if (!caller) return;
  const destructive =
    collection === "users" &&
    !!id &&
    !!subId &&
    ((sub === "credentials" && method === "DELETE") || (sub === "groups" && (method === "PUT" || method === "DELETE")));
  if (destructive && !signInIsRecent(caller.authTime, Date.now())) return refuseStaleSignIn(res);

  if (collection === "users" && id === "count" && !sub && method === "GET") {
    const q = userQuery(query);
    return "error" in q ? badRequest(res, q.error) : sendJson(res, 200, await ctx.users.count(q));
  }
  if (collection === "users" && !id && method === "GET") {
    const q = userQuery(query);
    if ("error" in q) return badRequest(res, q.error);
    const users = await ctx.users.list(q);
    const groups = await ctx.users.groupPathsOf(users.map((u) => u.id));
    const withTotp = await ctx.secondFactors.withFactor(users.map((u) => u.id));
    await auditRead(ctx, req, caller, users.length, q.ids ? { ids: q.ids } : { filter: filterOf(q) }, q.ids?.length === 1 ? q.ids[0]! : "");
    return sendJson(
      res,
      200,
      users.map((u) => userRepresentation(u, groups.get(u.id) ?? [], withTotp.has(u.id))),
    );
  }
  if (collection === "users" && id && !extra.length) {
    const user = await ctx.users.findById(id);
    if (!user) return sendJson(res, 404, { error: "User not found" });
    if (!sub && method === "GET") {
      const totp = await ctx.secondFactors.hasFactor(id);
      await auditRead(ctx, req, caller, 1, { ids: [id] }, id);
      return sendJson(res, 200, userRepresentation(user, (await ctx.users.groupPathsOf([id])).get(id) ?? [], totp));
    }
    if (!sub && method === "PUT") return updateUser(ctx, req, res, caller, user);
    if (sub === "sessions" && !subId && method === "GET") return listUserSessions(ctx, req, res, caller, user);
    if (sub === "logout" && !subId && method === "POST") return logoutUser(ctx, req, res, caller, user);
    if (sub === "credentials" && !subId && method === "GET") return listCredentials(ctx, res, user);
    if (sub === "credentials" && subId && method === "DELETE") return deleteCredential(ctx, req, res, caller, user, subId);
    if (sub === "groups" && !subId && method === "GET") {
      const page = pageOf(query);
      if (isRefusal(page)) return badRequest(res, page.error);
      return sendJson(res, 200, (await ctx.users.groupsOf(id)).slice(page.first, page.first + page.max).map(groupRepresentation));
    }
    if (sub === "groups" && subId && (method === "PUT" || method === "DELETE")) {
      const group = await ctx.users.findGroup(subId);
      if (!group) return sendJson(res, 404, { error: "Group not found" });
      if (id === caller.sub) {
        const lockout = await selfLockout(ctx, caller, group.path, method === "PUT");
        if (lockout) return refuse(res, lockout);
      }
      const actor = auditActorOfRequest(caller, req, ctx.trustProxy);
      if (method === "PUT") await ctx.users.addToGroup(actor, id, group.id);
      else await ctx.users.removeFromGroup(actor, id, group.id);
      ctx.logger.info({ by: caller.sub, userId: id, group: group.path, action: method === "PUT" ? "join" : "leave" }, "group membership changed");
      ctx.onUserChanged(id);
      res.writeHead(204);
      return void res.end();
    }
  }
  if (collection === "sessions" && id && !sub && method === "DELETE") return deleteSession(ctx, req, res, caller, id);
  if (collection === "groups" && !id && method === "GET") return sendJson(res, 200, groupTree(await ctx.users.listGroups()));
  if (collection === "groups" && id && !sub && method === "GET") {
    const all = await ctx.users.listGroups();
    const group = groupTree(all, id)[0];
    return group ? sendJson(res, 200, group) : sendJson(res, 404, { error: "Could not find group by id" });
  }
  sendJson(res, 404, { error: "Not found", error_description: "unknown admin API path or method" });
}

/**
 * An admin cannot lock themselves out (Keycloak refuses the like): a change to their own groups must leave them
 * users.edit, whatever the roles mapped from the group (the default admin group, /Banned's sole role, a custom one).
 */
async function selfLockout(ctx: IdentityContext, caller: Caller, path: string, joining: boolean): Promise<string | undefined> {
  const current = (await ctx.users.groupPathsOf([caller.sub])).get(caller.sub) ?? [];
  const after = joining ? [...current, path] : current.filter((g) => g !== path);
  if (ctx.access.resolve({ groups: after, roles: caller.roles }).capabilities.has(CAPABILITY_OF.write)) return undefined;
  if (joining && path === GROUP_BANNED) return "You cannot ban yourself";
  return joining ? `You cannot join ${path}: you would lose users.edit` : `You cannot leave ${path}: you would lose users.edit`;
}

/**
 * Keycloak's PUT /users/{id} with a partial representation; only `enabled` here (disabling ends the user's access on
 * every node at once, and their sign-ins and refreshes).
 */
async function updateUser(ctx: IdentityContext, req: AnyRequest, res: AnyResponse, caller: Caller, user: User): Promise<void> {
  let body: unknown;
  try {
    body = JSON.parse((await readBody(req, 64 * 1024)).toString("utf8"));
  } catch {
    return badRequest(res, "the body must be a JSON user representation");
  }
  const fields = body && typeof body === "object" ? Object.keys(body) : [];
  const enabled = (body as { enabled?: unknown } | null)?.enabled;
  if (typeof enabled !== "boolean" || fields.some((f) => f !== "enabled" && f !== "id"))
    return badRequest(res, "only enabled (true or false) can be changed here");
  // With no other admin, nobody could enable them again (Keycloak refuses this too).
  if (!enabled && user.id === caller.sub) return refuse(res, "You cannot disable your own account");
  // Disabling ends every session of the account at once: as destructive as removing its groups.
  if (!enabled && !signInIsRecent(caller.authTime, Date.now())) return refuseStaleSignIn(res);
  await ctx.users.setEnabled(auditActorOfRequest(caller, req, ctx.trustProxy), user.id, enabled);
  ctx.logger.info({ by: caller.sub, userId: user.id, enabled }, "user enabled changed");
  // Disabling ends the user's tokens; enabling has none to end (a disabled account gets no tokens).
  if (!enabled) ctx.onUserChanged(user.id);
  res.writeHead(204);
  res.end();
}

/**
 * Resetting a second factor, changing group memberships (role changes) and disabling an account need a recent sign-in, like the game
 * API's destructive rpcs: 403 with RFC 9470's error code and the step-up message (docs/wire.md "Step-up").
 */
function refuseStaleSignIn(res: AnyResponse): void {
  sendJson(
    res,
    403,
    { error: "insufficient_user_authentication", error_description: STEP_UP_MESSAGE, max_age: STEP_UP_MAX_AGE_SECONDS },
    { "www-authenticate": `Bearer realm="default", error="insufficient_user_authentication", max_age=${STEP_UP_MAX_AGE_SECONDS}` },
  );
}

/** The capability each kind of call needs (docs/permissions.md "Decided"; by default users.read is staff's, the rest admins'). */
const CAPABILITY_OF = { read: "users.read", write: "users.edit", sessions: "users.sessions", credentials: "users.second-factors" } as const;
const REFUSALS = {
  read: "reading users needs the capability users.read (by default /Moderator)",
  write: "changing users needs the capability users.edit (by default /Moderator/Admin)",
  sessions: "seeing or ending sessions needs the capability users.sessions (by default /Moderator/Admin)",
  credentials: "seeing or resetting second factors needs the capability users.second-factors (by default /Moderator/Admin)",
};

/**
 * 401 without a valid token; 403 unless the caller's roles hold the call's capability, both by the token's groups
 * and (still, per the database) by the enabled account's current groups.
 */
async function authorise(ctx: IdentityContext, req: AnyRequest, res: AnyResponse, access: keyof typeof CAPABILITY_OF): Promise<Caller | undefined> {
  const token = bearerToken(req);
  const unauthorized = (description: string) =>
    sendJson(
      res,
      401,
      { error: "HTTP 401 Unauthorized", error_description: description },
      { "www-authenticate": `Bearer realm="default", error="invalid_token"` },
    );
  if (!token) return void unauthorized("a bearer token is required");
  let caller: Caller;
  try {
    caller = await ctx.tokens.verify(token);
  } catch (error) {
    if (error instanceof TokenError) return void unauthorized(error.message);
    throw error;
  }
  const forbidden = (description = REFUSALS[access]) => sendJson(res, 403, { error: "HTTP 403 Forbidden", error_description: description });
  const grants = (groups: readonly string[]) => ctx.access.resolve({ groups: [...groups], roles: caller.roles }).capabilities.has(CAPABILITY_OF[access]);
  if (!grants(caller.groups)) return void forbidden();
  // The token's groups are a snapshot of up to 5 minutes; a demoted or disabled admin loses access at once.
  const user = await ctx.users.findById(caller.sub);
  const current = user?.enabled ? ((await ctx.users.groupPathsOf([user.id])).get(user.id) ?? []) : [];
  if (!user?.enabled || !grants(current)) return void forbidden();
  // The same rule as the game API's staff rpcs (platform/rpc/interceptors.ts).
  const noSecondFactor = secondFactorRefusal(ctx.secondFactorPolicy, caller);
  if (noSecondFactor) return void forbidden(noSecondFactor);
  return caller;
}

/**
 * The users API answers e-mail addresses (GET /users, GET /users/{id}): one `user.read` record per request that
 * answers at least one user, naming the ids asked for (batch look-ups, a single user) or the filter and how many
 * users it answered, never the rows (docs/identity.md "Admin API").
 */
async function auditRead(
  ctx: IdentityContext,
  req: AnyRequest,
  caller: Caller,
  answered: number,
  asked: { ids: string[] } | { filter: Record<string, unknown> },
  targetId: string,
): Promise<void> {
  if (answered === 0) return;
  const after = { ...asked, answered };
  await ctx.audit(auditActorOfRequest(caller, req, ctx.trustProxy), { action: "user.read", targetType: "user", targetId, after });
}

/** The filter fields a search set (paging included), for its audit record. */
function filterOf(q: UserQuery): Record<string, unknown> {
  const { ids: _ids, ...rest } = q;
  return Object.fromEntries(Object.entries(rest).filter(([, value]) => value !== undefined && value !== false && value !== ""));
}

type Refusal = { error: string };
const isRefusal = (value: unknown): value is Refusal => typeof value === "object" && value !== null && "error" in value;

function userQuery(query: URLSearchParams): UserQuery | Refusal {
  const text = (name: string) => query.get(name) ?? undefined;
  const ids = query
    .getAll("id")
    .flatMap((v) => v.split(","))
    .map((v) => v.trim())
    .filter(Boolean);
  if (ids.length > MAX_IDS) return { error: `at most ${MAX_IDS} ids per request` };
  for (const [name, value] of query) {
    const bad = controlError(`The ${name} parameter`, value);
    if (bad) return { error: bad };
  }
  const enabled = booleanParam(query, "enabled");
  if (isRefusal(enabled)) return enabled;
  const exact = booleanParam(query, "exact");
  if (isRefusal(exact)) return exact;
  const page = pageOf(query);
  if (isRefusal(page)) return page;
  return {
    search: text("search"),
    username: text("username"),
    email: text("email"),
    firstName: text("firstName"),
    lastName: text("lastName"),
    exact: exact === true,
    ids: ids.length ? ids : undefined,
    enabled,
    ...page,
  };
}

/**
 * Keycloak's paging parameters: whole numbers, where -1 (or leaving one out) means Keycloak's default: from the
 * first, 100 per page. Pages hold at most MAX_PAGE.
 */
function pageOf(query: URLSearchParams): { first: number; max: number } | Refusal {
  const read = (name: string, fallback: number): number | Refusal => {
    const value = query.get(name);
    if (value === null || value === "-1") return fallback;
    const n = /^\d{1,15}$/.test(value) ? Number(value) : NaN;
    return Number.isSafeInteger(n) ? n : { error: `The ${name} parameter must be a whole number, 0 or more (or -1 for the default)` };
  };
  const first = read("first", 0);
  const max = read("max", 100);
  if (isRefusal(first)) return first;
  if (isRefusal(max)) return max;
  return { first, max: Math.min(max, MAX_PAGE) };
}

function booleanParam(query: URLSearchParams, name: string): boolean | undefined | Refusal {
  const value = query.get(name);
  if (value === null) return undefined;
  if (value === "true" || value === "false") return value === "true";
  return { error: `The ${name} parameter must be true or false` };
}

const badRequest = (res: AnyResponse, message: string) => sendJson(res, 400, { error: "invalid_request", error_description: message });
/** A change refused for what it would do (Keycloak's `{"errorMessage": …}`, shown as is by the admin console). */
const refuse = (res: AnyResponse, message: string) => sendJson(res, 400, { errorMessage: message });

export function userRepresentation(user: User, groups: string[], totp = false) {
  return {
    id: user.id,
    username: user.username,
    firstName: user.firstName,
    lastName: user.lastName,
    email: user.email,
    emailVerified: false,
    enabled: user.enabled,
    createdTimestamp: user.createdAt.getTime(),
    totp,
    disableableCredentialTypes: totp ? ["otp"] : [],
    requiredActions: [],
    notBefore: 0,
    groups,
    access: { manageGroupMembership: true, view: true, mapRoles: false, impersonate: false, manage: true },
  };
}

interface GroupRepresentation {
  id: string;
  name: string;
  path: string;
  parentId?: string;
  subGroups: GroupRepresentation[];
}

function groupRepresentation(group: Group): GroupRepresentation {
  return { id: group.id, name: group.name, path: group.path, ...(group.parentId ? { parentId: group.parentId } : {}), subGroups: [] };
}

interface GroupNode extends GroupRepresentation {
  subGroupCount: number;
  subGroups: GroupNode[];
}

/** Top-level groups (or the one with `rootId`) with their sub-groups nested, like Keycloak's group representation. */
function groupTree(all: Group[], rootId?: string): GroupNode[] {
  const build = (group: Group): GroupNode => {
    const children = all.filter((g) => g.parentId === group.id).map(build);
    return { ...groupRepresentation(group), subGroupCount: children.length, subGroups: children };
  };
  return all.filter((g) => (rootId ? g.id === rootId : !g.parentId)).map(build);
}
