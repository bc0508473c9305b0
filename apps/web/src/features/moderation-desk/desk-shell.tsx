import { Link, Outlet, useLocation } from 'react-router';
import { ErrorBoundary } from '../../components/error-boundary';
import { ErrorPanel } from '../../components/error-panel';
import { useFlashOnArrival } from '../../components/notifications/flash';
import { QueueCountLabel } from '../../components/queue-count';
import type { CapabilitySet } from '../../lib/access/capabilities';
import { useQueueCounts, worksAQueue } from '../../lib/api/queue-counts';
import { DESK_BASE, type DeskSection } from './desk-sections';

const hrefOf = (section: DeskSection) => (section.path ? `${DESK_BASE}/${section.path}` : DESK_BASE);

/** The home section is active on /moderation only; the others on their prefix (docs/product.md "Moderation desk"). */
export function isDeskLinkActive(pathname: string, section: DeskSection): boolean {
  const href = hrefOf(section);
  const path = pathname.replace(/\/+$/, '') || '/';
  if (!section.path) return path === DESK_BASE;
  if (section.path === 'messages' && /^\/moderation\/chats\/[^/]+\/history$/.test(path)) return true;
  return path === href || path.startsWith(`${href}/`);
}

/** The moderation desk's frame inside the public layout: its sections as a second navigation, then the screen. */
export default function DeskShell({ sections, set, ownAuditOnly }: { sections: readonly DeskSection[]; set: CapabilitySet; ownAuditOnly: boolean }) {
  const { pathname } = useLocation();
  const counts = useQueueCounts(worksAQueue(set)).data;
  useFlashOnArrival();
  return (
    <div className="mx-auto max-w-7xl px-4 py-6 sm:px-6 lg:px-8">
      <div className="mb-6 flex flex-col gap-3 border-b border-white/10 pb-3 lg:flex-row lg:items-center lg:justify-between">
        <p className="font-mono text-xs uppercase tracking-[0.3em] text-neon-pink">Moderation desk</p>
        <nav aria-label="Moderation desk">
          <ul className="flex flex-wrap gap-1">
            {sections.map((section) => {
              const active = isDeskLinkActive(pathname, section);
              const title = section.path === 'audit' && ownAuditOnly ? 'Your actions' : section.title;
              return (
                <li key={section.path}>
                  <Link
                    to={hrefOf(section)}
                    aria-current={active ? 'page' : undefined}
                    className={`flex items-center gap-2 rounded-md px-3 py-2 text-sm font-medium ${active ? 'bg-white/10 text-neon-cyan' : 'text-slate-200 hover:bg-white/5 hover:text-white'}`}
                  >
                    <QueueCountLabel title={title} queue={section.queue} counts={counts} />
                  </Link>
                </li>
              );
            })}
          </ul>
        </nav>
      </div>
      <ErrorBoundary resetKey={pathname} fallback={(error) => <ErrorPanel title="This page could not be shown" message={error.message} />}>
        <Outlet />
      </ErrorBoundary>
    </div>
  );
}
