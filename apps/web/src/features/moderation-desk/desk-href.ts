import type { AreaHref } from '../../lib/area-links';
import { holds, type CapabilitySet } from '../../lib/access/capabilities';
import { DESK_BASE, deskSectionsFor } from './desk-sections';

// Apart from the sections: the public header asks only whether the caller reaches the desk, and every visitor's page
// downloads that answer; these links are the desk's own.

/** The desk's own links for the shared screens: a console path the desk also serves, else none. */
export function deskHref(set: CapabilitySet | null): AreaHref {
  const sections = deskSectionsFor(set);
  return (path) => {
    const queryAt = path.indexOf('?');
    const route = queryAt < 0 ? path : path.slice(0, queryAt);
    const search = queryAt < 0 ? '' : path.slice(queryAt);
    const [first = '', second, third] = route.split('/');
    // A channel's stored messages belong to the message history.
    if (first === 'chats' && third === 'history' && second) return sections.some((s) => s.path === 'messages') ? `${DESK_BASE}/${path}` : undefined;
    // The player page is the sanctions' view of one account.
    if (first === 'accounts' && second) return holds(set, 'sanctions.read') ? `${DESK_BASE}/${path}` : undefined;
    const section = sections.find((s) => s.consolePath === first);
    if (!section) return undefined;
    // The moderation settings page is for those who may edit them.
    if (first === 'sanctions' && second === 'settings' && !holds(set, 'sanctions.settings.edit')) return undefined;
    return `${DESK_BASE}${section.path ? `/${section.path}` : ''}${route.slice(first.length)}${search}`;
  };
}
