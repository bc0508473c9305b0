import { GROUP_ADMIN, GROUP_BANNED, GROUP_MODERATOR, ROLE_GAMESERVER, type Caller, type Role } from "./caller.js";
import { capabilitiesOf, type CapabilityName, type Scope } from "./capabilities.js";

/**
 * Roles are data (docs/permissions.md "Roles and mappings"): a role is a named set of capabilities, each with its
 * scope; an account's roles come from its token's `groups` claim through a mapping table (group path → roles), so
 * any provider's groups work. The built-in roles are the permission table's columns, defined here and never stored:
 * with the default mappings they decide exactly what the table does. Custom roles and all mappings live in the
 * database (access/role-store.ts); each node keeps them in memory, replaced when any node changes them.
 */
export interface RoleDefinition {
  name: string;
  description: string;
  builtIn: boolean;
  /** Held alone: an account holding it holds no other role (the built-in "banned" overrides staff groups). */
  sole: boolean;
  capabilities: ReadonlyMap<CapabilityName, Scope>;
}

export interface RoleMapping {
  groupPath: string;
  roles: readonly string[];
}

export interface AccessSnapshot {
  customRoles: readonly RoleDefinition[];
  mappings: readonly RoleMapping[];
}

/** What the caller may do on this call: the roles they hold and the union of those roles' capabilities. */
export interface ResolvedAccess {
  roles: readonly string[];
  capabilities: ReadonlyMap<CapabilityName, Scope>;
}

const DESCRIPTIONS: Record<Role, string> = {
  admin: "Everything, with any target.",
  moderator: "Moderation: mutes and chat bans, reports, the review lane, history; their own audit records.",
  player: "Players: their own characters and chat. Held by every account no mapping gives a role.",
  banned: "Banned accounts: read their own characters and sanctions. Held alone.",
  gameserver: "Game servers (client role gameserver): sessions, inventories, the registry.",
};

const builtIn = (role: Role): RoleDefinition => ({
  name: role,
  description: DESCRIPTIONS[role],
  builtIn: true,
  sole: role === "banned",
  capabilities: new Map(capabilitiesOf(role).map((c) => [c.name, c.scope])),
});

export const builtInRoles: readonly RoleDefinition[] = (["admin", "moderator", "player", "banned", "gameserver"] as const).map(builtIn);
export const isBuiltInRole = (name: string): boolean => builtInRoles.some((r) => r.name === name);

/** Today's groups: with the fallbacks below, these reproduce the table's precedence banned > admin > moderator. */
export const defaultMappings: readonly RoleMapping[] = [
  { groupPath: GROUP_ADMIN, roles: ["admin"] },
  { groupPath: GROUP_MODERATOR, roles: ["moderator"] },
  { groupPath: GROUP_BANNED, roles: ["banned"] },
];

/** The built-in admin role's capabilities: some mapping must always give them all (no lock-out). */
export const adminCapabilities: ReadonlyMap<CapabilityName, Scope> = builtIn("admin").capabilities;

const playerCapabilities = builtIn("player").capabilities;
/** Staff: holding a capability a player lacks, or one at a wider scope (who signs in to the console). */
export const isStaffAccess = (capabilities: ReadonlyMap<CapabilityName, Scope>): boolean => !covers(playerCapabilities, capabilities);

const isGameServer = (tokenRoles: readonly string[]) => tokenRoles.some((r) => r === ROLE_GAMESERVER || r.endsWith(`:${ROLE_GAMESERVER}`));

/**
 * The roles of a caller: those its groups map to; a sole role among them, alone; none mapped: "gameserver" for a
 * token with the client role gameserver (client credentials carry no groups), else "player".
 */
export function rolesOf(snapshot: AccessSnapshot, groups: readonly string[], tokenRoles: readonly string[]): string[] {
  const known = new Map([...builtInRoles, ...snapshot.customRoles].map((r) => [r.name, r]));
  const held = new Set(snapshot.mappings.filter((m) => groups.includes(m.groupPath)).flatMap((m) => m.roles.filter((r) => known.has(r))));
  const sole = [...held].filter((r) => known.get(r)!.sole);
  if (sole.length > 0) return sole.sort();
  if (held.size > 0) return [...held].sort();
  return [isGameServer(tokenRoles) ? "gameserver" : "player"];
}

/** The union of the roles' capabilities; "all" wins over "own". Every caller reads their own capabilities. */
export function capabilitiesOfRoles(snapshot: AccessSnapshot, roles: readonly string[]): Map<CapabilityName, Scope> {
  const byName = new Map([...builtInRoles, ...snapshot.customRoles].map((r) => [r.name, r]));
  const union = new Map<CapabilityName, Scope>([["capabilities.read-own", "own"]]);
  for (const role of roles) {
    for (const [name, scope] of byName.get(role)?.capabilities ?? []) if (union.get(name) !== "all") union.set(name, scope);
  }
  return union;
}

/** Whether `held` covers every capability of `wanted` at least at its scope. */
export function covers(held: ReadonlyMap<CapabilityName, Scope>, wanted: ReadonlyMap<CapabilityName, Scope>): boolean {
  return [...wanted].every(([name, scope]) => held.get(name) === "all" || held.get(name) === scope);
}

/** Whether some group's mapping alone gives the whole admin set (access/role-rules.ts refuses changes that end it). */
export function someGroupIsAdmin(snapshot: AccessSnapshot): boolean {
  return snapshot.mappings.some((m) => covers(capabilitiesOfRoles(snapshot, rolesOf(snapshot, [m.groupPath], [])), adminCapabilities));
}

/** One node's copy of the roles and mappings, with each set of groups resolved once until the next change. */
export interface AccessResolver {
  resolve(caller: Pick<Caller, "groups" | "roles">): ResolvedAccess;
  snapshot(): AccessSnapshot;
  replace(snapshot: AccessSnapshot): void;
}

export function createAccessResolver(initial: AccessSnapshot = { customRoles: [], mappings: defaultMappings }): AccessResolver {
  let current = initial;
  // Keyed by the caller's groups and token roles: a few distinct sets in a cluster of thousands of accounts.
  let resolved = new Map<string, ResolvedAccess>();
  return {
    resolve({ groups, roles: tokenRoles }) {
      const key = JSON.stringify([groups, tokenRoles]);
      let access = resolved.get(key);
      if (!access) {
        const roles = rolesOf(current, groups, tokenRoles);
        access = { roles, capabilities: capabilitiesOfRoles(current, roles) };
        if (resolved.size > 10_000) resolved = new Map();
        resolved.set(key, access);
      }
      return access;
    },
    snapshot: () => current,
    replace(snapshot) {
      current = snapshot;
      resolved = new Map();
    },
  };
}
