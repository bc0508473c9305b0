import { holds, type CapabilityName, type CapabilitySet } from '../../lib/access/capabilities';
import type { QueueName } from '../../lib/api/queue-counts';

export interface DeskSection {
  title: string;
  /** Below /moderation; the console's path differs for the review lane ('moderation'). */
  path: string;
  consolePath: string;
  capability: CapabilityName;
  /** The queue whose open count shows beside the link. */
  queue?: QueueName;
}

/** The desk's screens (docs/product.md "Moderation desk"), each shown to whoever holds its capability. */
export const DESK_SECTIONS: readonly DeskSection[] = [
  { title: 'Operations', path: '', consolePath: '', capability: 'operations.read' },
  { title: 'Review lane', path: 'review', consolePath: 'moderation', capability: 'held-messages.review', queue: 'heldMessages' },
  { title: 'Reports', path: 'reports', consolePath: 'reports', capability: 'reports.work', queue: 'reports' },
  { title: 'Appeals', path: 'appeals', consolePath: 'appeals', capability: 'appeals.read', queue: 'appeals' },
  { title: 'Approvals', path: 'approvals', consolePath: 'approvals', capability: 'approvals.work', queue: 'approvals' },
  { title: 'Sanctions', path: 'sanctions', consolePath: 'sanctions', capability: 'sanctions.read' },
  { title: 'Live players', path: 'players', consolePath: 'players', capability: 'game-sessions.online.read' },
  { title: 'Messages', path: 'messages', consolePath: 'messages', capability: 'chat-history.read' },
  { title: 'Audit log', path: 'audit', consolePath: 'audit', capability: 'audit.read' },
];

export const DESK_BASE = '/moderation';

export const deskSectionsFor = (set: CapabilitySet | null) => DESK_SECTIONS.filter((s) => holds(set, s.capability));

/** Whether the caller reaches the desk at all: some section's capability. */
export const reachesDesk = (set: CapabilitySet | null) => deskSectionsFor(set).length > 0;
