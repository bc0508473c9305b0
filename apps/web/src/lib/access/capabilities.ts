import { createContext, use } from 'react';
import type { Capabilities as CapabilitiesMessage } from '../../gen/sro/access_pb';

/**
 * What the signed-in caller may do, as the server names it (docs/permissions.md "Capabilities"): the screens show
 * only what this grants, and the server still checks every call. The names the web app asks about:
 */
export type CapabilityName =
  | 'operations.read'
  | 'held-messages.review'
  | 'reports.work'
  | 'appeals.read'
  | 'appeals.decide'
  | 'approvals.work'
  | 'sanctions.read'
  | 'sanctions.issue'
  | 'sanctions.account-ban'
  | 'sanctions.settings.edit'
  | 'chat-history.read'
  | 'chat-history.delete'
  | 'chat-history.purge'
  | 'chat-history.account-purge'
  | 'chat.channels.read'
  | 'characters.read'
  | 'game-sessions.online.read'
  | 'game-sessions.kick'
  | 'game-sessions.removals.read'
  | 'inventory.read'
  | 'audit.read'
  | 'webhooks.manage'
  | 'dimensions.read'
  | 'maps.read'
  | 'characters.browse'
  | 'chat.channels.list'
  | 'roles.read'
  | 'roles.edit';

export type CapabilityScope = 'all' | 'own';

export interface CapabilitySet {
  role: string;
  scopes: ReadonlyMap<string, string>;
}

export function toCapabilitySet(message: Pick<CapabilitiesMessage, 'role' | 'capabilities'>): CapabilitySet {
  return { role: message.role, scopes: new Map(message.capabilities.map((c) => [c.name, c.scope])) };
}

/** Whether the set holds `name`; with `scope: 'all'`, only for any target (an 'own' grant does not count). */
export function holds(set: CapabilitySet | null, name: CapabilityName, scope?: 'all'): boolean {
  const held = set?.scopes.get(name);
  return held !== undefined && (scope === undefined || held === scope);
}

/** The caller's capabilities, provided by `CapabilitiesGate` around the console and the moderation desk. */
export const CapabilitiesContext = createContext<CapabilitySet | null>(null);

/** `can(name, scope?)` for the signed-in caller; outside a gate nothing is granted. */
export function useCan(): (name: CapabilityName, scope?: 'all') => boolean {
  const set = use(CapabilitiesContext);
  return (name, scope) => holds(set, name, scope);
}
