import { holds, type CapabilityName, type CapabilitySet } from '../../lib/access/capabilities';
import type { QueueName } from '../../lib/api/queue-counts';

export interface AdminNavLink {
  title: string;
  link: string;
  icon: keyof typeof NAV_ICONS;
  /** The capability the screen needs; shown only to callers holding it (none: every console user). */
  capability?: CapabilityName;
  /** The queue whose open count shows beside the link. */
  queue?: QueueName;
}

// Heroicons-style outline paths (24 × 24), drawn inline so the shell needs no icon font.
export const NAV_ICONS = {
  dashboard: 'M3 12l9-9 9 9M5 10v10h5v-6h4v6h5V10',
  dimensions: 'M12 3l8 4.5v9L12 21l-8-4.5v-9zM12 12l8-4.5M12 12v9M12 12L4 7.5',
  maps: 'M9 4L3 6v14l6-2 6 2 6-2V4l-6 2zM9 4v14M15 6v14',
  characters: 'M16 14a4 4 0 10-8 0M12 10a3 3 0 100-6 3 3 0 000 6zM4 20a8 8 0 0116 0',
  players: 'M12 12a3 3 0 100-6 3 3 0 000 6zM6.5 18a5.5 5.5 0 0111 0M4.5 8.5a9 9 0 000 7M19.5 8.5a9 9 0 010 7',
  chats: 'M4 5h16v11H8l-4 4zM8 9h8M8 12h5',
  messages: 'M10.5 17a6.5 6.5 0 100-13 6.5 6.5 0 000 13zM15.5 15.5L21 21M7.5 9h6M7.5 12h4',
  sanctions: 'M12 3l7 3v5c0 4.5-3 8.5-7 10-4-1.5-7-5.5-7-10V6zM9 12l2 2 4-4',
  settings:
    'M12 15a3 3 0 100-6 3 3 0 000 6zM19.4 15a1.7 1.7 0 00.3 1.8l.1.1a2 2 0 11-2.8 2.8l-.1-.1a1.7 1.7 0 00-1.8-.3 1.7 1.7 0 00-1 1.5V21a2 2 0 11-4 0v-.1a1.7 1.7 0 00-1.1-1.5 1.7 1.7 0 00-1.8.3l-.1.1a2 2 0 11-2.8-2.8l.1-.1a1.7 1.7 0 00.3-1.8 1.7 1.7 0 00-1.5-1H3a2 2 0 110-4h.1a1.7 1.7 0 001.5-1.1 1.7 1.7 0 00-.3-1.8l-.1-.1a2 2 0 112.8-2.8l.1.1a1.7 1.7 0 001.8.3H9a1.7 1.7 0 001-1.5V3a2 2 0 114 0v.1a1.7 1.7 0 001 1.5 1.7 1.7 0 001.8-.3l.1-.1a2 2 0 112.8 2.8l-.1.1a1.7 1.7 0 00-.3 1.8V9a1.7 1.7 0 001.5 1H21a2 2 0 110 4h-.1a1.7 1.7 0 00-1.5 1z',
  moderation: 'M4 5h16v11h-7l-5 4v-4H4zM12 8v3M12 13.5h.01',
  reports: 'M5 21V4h11l-1.5 4L16 12H5',
  appeals: 'M4 12a8 8 0 108-8M4 4v5h5M12 8v4l3 2',
  approvals: 'M2.5 12s3.5-6 9.5-6 9.5 6 9.5 6-3.5 6-9.5 6-9.5-6-9.5-6zM12 14.5a2.5 2.5 0 100-5 2.5 2.5 0 000 5z',
  audit: 'M9 4h6v3H9zM9 5.5H6v15h12v-15h-3M9 11h6M9 14.5h6M9 18h3',
  webhooks: 'M13.2 8.7a4.5 4.5 0 011.2 7.2l-4.5 4.5a4.5 4.5 0 01-6.4-6.4l1.8-1.8m13.4-.6l1.8-1.8a4.5 4.5 0 00-6.4-6.4l-4.5 4.5a4.5 4.5 0 001.2 7.2',
  roles: 'M12 3l7 3v5c0 4.5-3 8.5-7 10-4-1.5-7-5.5-7-10V6zM12 8a2 2 0 100 4 2 2 0 000-4zM8.5 16a3.5 3.5 0 017 0',
  exit: 'M15 4h4v16h-4M10 8l-4 4 4 4M6 12h10',
} as const;

export const MAIN_LINKS: AdminNavLink[] = [
  { title: 'Dashboard', link: '/admin', icon: 'dashboard' },
  { title: 'Dimensions', link: '/admin/dimensions', icon: 'dimensions', capability: 'dimensions.read' },
  { title: 'Maps', link: '/admin/maps', icon: 'maps', capability: 'maps.read' },
  { title: 'Characters', link: '/admin/characters', icon: 'characters', capability: 'characters.browse' },
  { title: 'Live players', link: '/admin/players', icon: 'players', capability: 'game-sessions.online.read' },
  { title: 'Chats', link: '/admin/chats', icon: 'chats', capability: 'chat.channels.list' },
  { title: 'Messages', link: '/admin/messages', icon: 'messages', capability: 'chat-history.read' },
  { title: 'Sanctions', link: '/admin/sanctions', icon: 'sanctions', capability: 'sanctions.read' },
  { title: 'Moderation', link: '/admin/moderation', icon: 'moderation', capability: 'held-messages.review', queue: 'heldMessages' },
  { title: 'Reports', link: '/admin/reports', icon: 'reports', capability: 'reports.work', queue: 'reports' },
  { title: 'Appeals', link: '/admin/appeals', icon: 'appeals', capability: 'appeals.read', queue: 'appeals' },
  { title: 'Approvals', link: '/admin/approvals', icon: 'approvals', capability: 'approvals.work', queue: 'approvals' },
  { title: 'Audit log', link: '/admin/audit', icon: 'audit', capability: 'audit.read' },
  { title: 'Webhooks', link: '/admin/webhooks', icon: 'webhooks', capability: 'webhooks.manage' },
  { title: 'Roles', link: '/admin/roles', icon: 'roles', capability: 'roles.read' },
];

/** The links whose screens the caller's capabilities open (while they are unknown, only those that need none). */
export const linksFor = (links: readonly AdminNavLink[], set: CapabilitySet | null) =>
  links.filter((l) => l.capability === undefined || holds(set, l.capability));

export const BOTTOM_LINKS: AdminNavLink[] = [
  { title: 'Settings', link: '/admin/settings', icon: 'settings' },
  { title: 'Exit Dashboard', link: '/', icon: 'exit' },
];

/** The mobile slide-over's id, named by the header's menu button before the slide-over's code has loaded. */
export const MOBILE_SIDEBAR_ID = 'admin-mobile-sidebar';

export const DEFAULT_MOBILE_TITLE = 'Admin Dashboard';

const trimSlash = (path: string) => (path.length > 1 ? path.replace(/\/+$/, '') : path);

/** docs/product.md#screens-and-routes: an admin link is active only when the URL equals it exactly. */
export function isExactlyActive(pathname: string, link: string): boolean {
  return trimSlash(pathname) === trimSlash(link);
}

/** The mobile header's title: the active main link's, else 'Admin Dashboard'. */
export function mobileTitle(pathname: string): string {
  return MAIN_LINKS.find((l) => isExactlyActive(pathname, l.link))?.title ?? DEFAULT_MOBILE_TITLE;
}

export interface Crumb {
  label: string;
  to: string;
  /** The level names an entity by its id. */
  isId?: boolean;
}

const SECTION_LABELS: Record<string, string> = {
  dimensions: 'Dimensions',
  maps: 'Maps',
  characters: 'Characters',
  players: 'Live players',
  chats: 'Chats',
  messages: 'Messages',
  sanctions: 'Sanctions',
  moderation: 'Moderation',
  reports: 'Reports',
  appeals: 'Appeals',
  approvals: 'Approvals',
  audit: 'Audit log',
  webhooks: 'Webhooks',
  settings: 'Settings',
  roles: 'Roles',
};
const ACTION_LABELS: Record<string, string> = { new: 'New', edit: 'Edit', connect: 'Connect', history: 'History' };
/** Second levels that are pages of their section, not an entity's id. */
const PAGE_LABELS: Record<string, string> = { 'sanctions/settings': 'Moderation settings' };

/** Breadcrumbs for an admin URL: each level's label; the id level shows the id itself. */
export function breadcrumbs(pathname: string): Crumb[] {
  const parts = trimSlash(pathname).split('/').filter(Boolean).slice(1); // drop 'admin'
  const crumbs: Crumb[] = [{ label: 'Dashboard', to: '/admin' }];
  let to = '/admin';
  parts.forEach((part, index) => {
    to += `/${part}`;
    // Players have no list page: a player page is Dashboard › its id.
    if (index === 0 && part === 'accounts') return;
    const label =
      index === 0
        ? (SECTION_LABELS[part] ?? part)
        : index === 1 && part === 'new'
          ? 'New'
          : index === 1 && PAGE_LABELS[`${parts[0]}/${part}`]
            ? PAGE_LABELS[`${parts[0]}/${part}`]!
            : index >= 2 && ACTION_LABELS[part]
              ? ACTION_LABELS[part]
              : decodeURIComponent(part);
    const isId = index === 1 && label === decodeURIComponent(part) && part !== 'new';
    crumbs.push(isId ? { label, to, isId } : { label, to });
  });
  return crumbs;
}
