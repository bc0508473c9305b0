import { use } from 'react';
import { Link, useLocation } from 'react-router';
import { useIntentPrefetch } from '../../components/intent-prefetch';
import { Logo } from '../../components/logo';
import { useSession } from '../../lib/auth/session-context';
import { CapabilitiesStateContext } from '../../lib/access/use-my-capabilities';
import { QueueCountLabel } from '../../components/queue-count';
import { useQueueCounts, worksAQueue, type QueueFigures } from '../../lib/api/queue-counts';
import { BOTTOM_LINKS, isExactlyActive, linksFor, MAIN_LINKS, NAV_ICONS, type AdminNavLink } from './admin-nav';
import { fullName, initials } from './user-names';

function NavIcon({ name }: { name: AdminNavLink['icon'] }) {
  return (
    <svg
      aria-hidden="true"
      viewBox="0 0 24 24"
      className="size-5 shrink-0"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.6"
      strokeLinecap="round"
      strokeLinejoin="round"
    >
      <path d={NAV_ICONS[name]} />
    </svg>
  );
}

function NavItem({ link, pathname, counts }: { link: AdminNavLink; pathname: string; counts?: QueueFigures | undefined }) {
  const active = isExactlyActive(pathname, link.link);
  const prefetch = useIntentPrefetch(link.link);
  return (
    <li>
      <Link
        to={link.link}
        {...prefetch}
        aria-current={active ? 'page' : undefined}
        className={`group flex items-center gap-3 rounded-md px-3 py-2 text-sm font-medium transition-colors ${
          active ? 'bg-neon-cyan/10 text-neon-cyan shadow-[inset_2px_0_0_var(--color-neon-cyan)]' : 'text-slate-300 hover:bg-white/5 hover:text-white'
        }`}
      >
        <NavIcon name={link.icon} />
        <QueueCountLabel title={link.title} queue={link.queue} counts={counts} />
      </Link>
    </li>
  );
}

/** The sidebar's content, shared by the fixed desktop sidebar and the mobile slide-over. */
export function SidebarNav() {
  const { pathname } = useLocation();
  const { user } = useSession();
  const capabilities = use(CapabilitiesStateContext);
  const set = capabilities?.status === 'ready' ? capabilities.set : null;
  const counts = useQueueCounts(worksAQueue(set)).data;
  return (
    <div className="flex h-full flex-col gap-6 overflow-y-auto border-r border-white/10 bg-night-900 px-4 py-5">
      <Link to="/admin" className="flex items-center gap-3 rounded px-2" aria-label="Admin dashboard home">
        <Logo className="h-8 w-auto" />
        <span className="font-mono text-xs uppercase tracking-[0.3em] text-neon-pink">Admin</span>
      </Link>
      <nav aria-label="Admin" className="flex flex-1 flex-col justify-between gap-6">
        <ul className="space-y-1">
          {linksFor(MAIN_LINKS, set).map((link) => (
            <NavItem key={link.link} link={link} pathname={pathname} counts={counts} />
          ))}
        </ul>
        <ul className="space-y-1 border-t border-white/10 pt-4">
          {linksFor(BOTTOM_LINKS, set).map((link) => (
            <NavItem key={link.link} link={link} pathname={pathname} />
          ))}
        </ul>
      </nav>
      {user && (
        <div className="flex items-center gap-3 rounded-lg border border-white/10 bg-white/5 px-3 py-2">
          <span
            aria-hidden="true"
            className="flex size-8 shrink-0 items-center justify-center rounded-full bg-gradient-to-br from-neon-cyan to-neon-pink text-xs font-bold text-night-950"
          >
            {initials(user)}
          </span>
          <p className="min-w-0 text-sm text-slate-200" data-testid="sidebar-user">
            {/* Reads as 'First Last (username)'; the space keeps the text right when the lines wrap. */}
            <span className="block truncate font-semibold text-white">{fullName(user)}</span>{' '}
            <span className="block truncate text-xs text-slate-300">({user.username})</span>
          </p>
        </div>
      )}
    </div>
  );
}
