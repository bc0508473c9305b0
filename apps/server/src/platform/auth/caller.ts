import { Code, ConnectError, createContextKey, type HandlerContext } from "@connectrpc/connect";
import type { ResolvedAccess } from "./access-resolution.js";
import type { CapabilityName } from "./capabilities.js";

/** What a verified token says about who is calling. Role precedence: banned > admin > moderator > gameserver > player. */
export type Role = "admin" | "moderator" | "player" | "banned" | "gameserver";

export interface Caller {
  sub: string;
  username: string;
  /** Full group paths, e.g. /Moderator/Admin. */
  groups: string[];
  /** Realm roles, plus client roles as "client:role". */
  roles: string[];
  role: Role;
  /** How the user signed in (RFC 8176 `amr`, e.g. ["pwd","otp"]) and the token's `acr`, when the token says. */
  amr?: string[];
  acr?: string;
  /** When the user last signed in (OIDC `auth_time`, seconds), when the token says: destructive actions need it recent (step-up.ts). */
  authTime?: number;
}

export const GROUP_ADMIN = "/Moderator/Admin";
export const GROUP_MODERATOR = "/Moderator";
export const GROUP_BANNED = "/Banned";
export const ROLE_GAMESERVER = "gameserver";

export function roleOf(groups: readonly string[], roles: readonly string[]): Role {
  if (groups.includes(GROUP_BANNED)) return "banned";
  if (groups.includes(GROUP_ADMIN)) return "admin";
  if (groups.includes(GROUP_MODERATOR)) return "moderator";
  if (roles.includes(ROLE_GAMESERVER) || roles.some((r) => r.endsWith(`:${ROLE_GAMESERVER}`))) return "gameserver";
  return "player";
}

/**
 * How the permission table let this call through: "all" (any target) or "own" (the handler must check that the
 * target belongs to the caller; a foreign or missing target is PERMISSION_DENIED, so existence never leaks).
 */
export type Grant = "all" | "own";

export const callerKey = createContextKey<Caller | undefined>(undefined, { description: "verified caller" });
export const grantKey = createContextKey<Grant>("own", { description: "permission grant" });
/** The caller's roles and capabilities, resolved by the auth interceptor (access-resolution.ts). */
export const accessKey = createContextKey<ResolvedAccess>({ roles: [], capabilities: new Map() }, { description: "resolved access" });
export const requestIdKey = createContextKey<string>("", { description: "request id" });
/** The client's address (X-Forwarded-For's last hop only behind a trusted proxy, TRUST_PROXY): the audit log's source. */
export const sourceAddressKey = createContextKey<string>("", { description: "client address" });

export function callerOf(ctx: HandlerContext): Caller {
  const caller = ctx.values.get(callerKey);
  if (!caller) throw new ConnectError("authentication required", Code.Unauthenticated);
  return caller;
}

export function grantOf(ctx: HandlerContext): Grant {
  return ctx.values.get(grantKey);
}

/** For "own" grants: the target must belong to the caller. Same answer for foreign and missing targets. */
export function requireOwnership(ctx: HandlerContext, ownerId: string | undefined, what: string): void {
  if (grantOf(ctx) === "all") return;
  if (ownerId === undefined || ownerId !== callerOf(ctx).sub) {
    throw new ConnectError(`permission denied: you may only use your own ${what}`, Code.PermissionDenied);
  }
}

/** Whether the caller holds a capability (at any scope): the handlers' finer rules, e.g. account bans. */
export const holdsCapability = (ctx: HandlerContext, name: CapabilityName): boolean => ctx.values.get(accessKey).capabilities.has(name);

/** Whether the caller holds a capability for any target (scope "all"), not only their own. */
export const holdsCapabilityForAll = (ctx: HandlerContext, name: CapabilityName): boolean => ctx.values.get(accessKey).capabilities.get(name) === "all";
