import type { CapabilityName, CapabilitySet } from '../lib/access/capabilities';

// What the server's GetMyCapabilities answers the two staff roles for the names the web app asks about
// (apps/server/src/platform/auth/capabilities.ts derives it from the permission table; access-service.test.ts holds it).
const STAFF: CapabilityName[] = [
  'operations.read',
  'held-messages.review',
  'reports.work',
  'appeals.read',
  'appeals.decide',
  'approvals.work',
  'sanctions.read',
  'sanctions.issue',
  'chat-history.read',
  'chat-history.delete',
  'chat-history.purge',
  'chat.channels.read',
  'characters.read',
  'game-sessions.online.read',
  'game-sessions.kick',
  'game-sessions.removals.read',
  'inventory.read',
  'dimensions.read',
  'maps.read',
  'characters.browse',
  'chat.channels.list',
];
const ADMINS_ONLY: CapabilityName[] = [
  'sanctions.account-ban',
  'sanctions.settings.edit',
  'chat-history.account-purge',
  'webhooks.manage',
  'roles.read',
  'roles.edit',
];

export const ADMIN_CAPABILITIES: CapabilitySet = {
  role: 'admin',
  scopes: new Map([...STAFF, ...ADMINS_ONLY, 'audit.read'].map((name) => [name, 'all'])),
};

export const MODERATOR_CAPABILITIES: CapabilitySet = {
  role: 'moderator',
  scopes: new Map([...STAFF.map((name) => [name, 'all'] as const), ['audit.read', 'own'] as const]),
};

/** The set of the role the groups give (admin wins), as the server would answer. */
export const capabilitiesOfGroups = (groups: readonly string[]): CapabilitySet | null =>
  groups.includes('/Moderator/Admin') ? ADMIN_CAPABILITIES : groups.includes('/Moderator') ? MODERATOR_CAPABILITIES : null;
