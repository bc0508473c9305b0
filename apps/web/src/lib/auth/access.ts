export const ADMIN_GROUP = '/Moderator/Admin';
/** docs/permissions.md: membership wins over every other group; the game API refuses the account. */
export const BANNED_GROUP = '/Banned';

export interface AccessRequirement {
  requiredGroups?: readonly string[];
  requiredRoles?: readonly string[];
}

/**
 * docs/product.md#states-and-transitions, #roles-and-permissions: a route may demand groups and/or roles; when both lists are set the
 * user needs at least one of each. An empty or missing list demands nothing.
 */
export function hasAccess(user: { groups: readonly string[]; roles: readonly string[] } | null, requirement: AccessRequirement): boolean {
  if (!user) return false;
  const { requiredGroups = [], requiredRoles = [] } = requirement;
  const groupsOk = requiredGroups.length === 0 || requiredGroups.some((g) => user.groups.includes(g));
  const rolesOk = requiredRoles.length === 0 || requiredRoles.some((r) => user.roles.includes(r));
  return groupsOk && rolesOk;
}

export function isAdmin(user: { groups: readonly string[] } | null): boolean {
  return !!user && user.groups.includes(ADMIN_GROUP);
}

export function isBanned(user: { groups: readonly string[] } | null): boolean {
  return !!user && user.groups.includes(BANNED_GROUP);
}
