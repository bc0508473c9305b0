import { Code, ConnectError } from "@connectrpc/connect";
import {
  builtInRoles,
  capabilitiesOfRoles,
  covers,
  isBuiltInRole,
  someGroupIsAdmin,
  type AccessSnapshot,
  type RoleDefinition,
  type RoleMapping,
} from "../platform/auth/access-resolution.js";
import { accessOf, isCapabilityName, type CapabilityName, type Scope } from "../platform/auth/capabilities.js";
import { invalidArgument, requireText } from "../platform/validation.js";

/**
 * The rules of roles and mappings (docs/permissions.md "Roles and mappings"), as plain functions over the node's
 * snapshot: input checks, no granting what one does not hold, built-ins fixed, and no change that leaves no group
 * holding the whole admin set (no lock-out).
 */
export const ROLE_NAME_MAX = 64;
export const DESCRIPTION_MAX = 500;
export const GROUP_PATH_MAX = 255;
export const ROLES_PER_MAPPING_MAX = 20;

export interface RoleInput {
  name: string;
  description: string;
  sole: boolean;
  capabilities: readonly { name: string; scope: string }[];
}

/** A role as written: name, description and capabilities checked, each field named in the error. */
export function requireRole(input: RoleInput): RoleDefinition {
  const name = requireRoleName(input.name, "name");
  const description = requireText(input.description, "description", 0, DESCRIPTION_MAX);
  const capabilities = new Map<CapabilityName, Scope>();
  input.capabilities.forEach((c, i) => {
    const field = `capabilities[${i}]`;
    if (!isCapabilityName(c.name)) throw invalidArgument(`${field}.name`, `unknown capability "${printable(c.name)}" (docs/permissions.md "Capabilities")`);
    if (capabilities.has(c.name)) throw invalidArgument(`${field}.name`, `"${c.name}" is listed twice`);
    if (c.scope !== "all" && c.scope !== "own") throw invalidArgument(`${field}.scope`, 'must be "all" or "own"');
    // "own" only where the table has an owner check: elsewhere the handler would not restrict anything.
    if (c.scope === "own" && !hasOwnScope(c.name)) throw invalidArgument(`${field}.scope`, `"${c.name}" has no "own" scope; use "all"`);
    capabilities.set(c.name, c.scope);
  });
  return { name, description, builtIn: false, sole: input.sole, capabilities: new Map([...capabilities].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) };
}

export function requireRoleName(value: string, field: string): string {
  const name = requireText(value, field, 1, ROLE_NAME_MAX);
  if (name.trim() !== name) throw invalidArgument(field, "must not start or end with a space");
  return name;
}

/**
 * A group exactly as the provider's `groups` claim carries it: a Keycloak full path ("/Moderator/Senior"), or
 * another provider's name or id (Entra and Okta send no paths). Matched verbatim, so no surrounding spaces.
 */
export function requireGroupPath(value: string, field = "group_path"): string {
  const path = requireText(value, field, 1, GROUP_PATH_MAX);
  if (path.trim() !== path) throw invalidArgument(field, "must not start or end with a space");
  return path;
}

/** A mapping as written: its roles exist, each once, 1..20 of them. */
export function requireMapping(snapshot: AccessSnapshot, groupPath: string, roles: readonly string[]): RoleMapping {
  const path = requireGroupPath(groupPath);
  if (roles.length === 0) throw invalidArgument("roles", "name at least one role (delete the mapping to remove them all)");
  if (roles.length > ROLES_PER_MAPPING_MAX) throw invalidArgument("roles", `at most ${ROLES_PER_MAPPING_MAX} roles`);
  const known = new Set(allRoles(snapshot).map((r) => r.name));
  roles.forEach((role, i) => {
    if (!known.has(role)) throw invalidArgument(`roles[${i}]`, `unknown role "${printable(role)}"`);
    if (roles.indexOf(role) !== i) throw invalidArgument(`roles[${i}]`, `"${role}" is listed twice`);
  });
  return { groupPath: path, roles: [...roles].sort() };
}

export const allRoles = (snapshot: AccessSnapshot): RoleDefinition[] => [...builtInRoles, ...snapshot.customRoles];

/** Nobody grants what they do not hold: every capability must be the caller's, at least at its scope. */
export function requireHeld(held: ReadonlyMap<CapabilityName, Scope>, granted: ReadonlyMap<CapabilityName, Scope>, what: string): void {
  const missing = [...granted].filter(([name, scope]) => !covers(held, new Map([[name, scope]])));
  if (missing.length > 0) {
    throw new ConnectError(
      `permission denied: ${what} grants capabilities you do not hold: ${missing.map(([n, s]) => `${n} (${s})`).join(", ")}`,
      Code.PermissionDenied,
    );
  }
}

/** The capabilities a mapping's roles give together. */
export const grantedBy = (snapshot: AccessSnapshot, roles: readonly string[]) => capabilitiesOfRoles(snapshot, roles);

/** A change must leave some group whose roles give the whole admin set. */
export function requireNoLockOut(after: AccessSnapshot): void {
  if (!someGroupIsAdmin(after)) {
    throw new ConnectError(
      "failed precondition: this change would leave no group whose roles give every admin capability; map another group to them first",
      Code.FailedPrecondition,
    );
  }
}

export function requireCustomRole(snapshot: AccessSnapshot, name: string, verb: "edited" | "deleted"): RoleDefinition {
  if (isBuiltInRole(name)) throw new ConnectError(`failed precondition: built-in role "${name}" cannot be ${verb}`, Code.FailedPrecondition);
  const role = snapshot.customRoles.find((r) => r.name === name);
  if (!role) throw new ConnectError(`role "${printable(name)}" not found`, Code.NotFound);
  return role;
}

export const withRole = (snapshot: AccessSnapshot, role: RoleDefinition): AccessSnapshot => ({
  ...snapshot,
  customRoles: [...snapshot.customRoles.filter((r) => r.name !== role.name), role],
});

export const withMapping = (snapshot: AccessSnapshot, mapping: RoleMapping): AccessSnapshot => ({
  ...snapshot,
  mappings: [...snapshot.mappings.filter((m) => m.groupPath !== mapping.groupPath), mapping],
});

export const withoutMapping = (snapshot: AccessSnapshot, groupPath: string): AccessSnapshot => ({
  ...snapshot,
  mappings: snapshot.mappings.filter((m) => m.groupPath !== groupPath),
});

const hasOwnScope = (name: CapabilityName) =>
  (["admin", "moderator", "player", "banned", "gameserver"] as const).some((role) => accessOf(name, role) === "own");

/** A name quoted back in an error: at most 64 characters, control characters escaped. */
const printable = (value: string) => JSON.stringify([...value].slice(0, 64).join("")).slice(1, -1);
