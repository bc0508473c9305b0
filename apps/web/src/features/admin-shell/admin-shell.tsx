import { lazy, Suspense, useCallback, useEffect, useState } from 'react';
import { Outlet, useLocation } from 'react-router';
import { ErrorBoundary } from '../../components/error-boundary';
import { ErrorPanel } from '../../components/error-panel';
import { useFlashOnArrival } from '../../components/notifications/flash';
import { useGlobalSearch } from '../../components/table/global-search';
import { mobileTitle } from './admin-nav';
import { AdminHeader } from './admin-header';
import { Breadcrumbs } from './breadcrumbs';
import { SidebarNav } from './sidebar-nav';
import { useDarkBody } from './use-dark-body';

// The slide-over (React Aria's modal) loads when the menu first opens: wide screens never need it.
const MobileSidebar = lazy(() => import('./mobile-sidebar'));

/** The admin console frame: sidebar (slide-over on small screens), header, breadcrumbs and the page. */
export default function AdminShell() {
  const { pathname } = useLocation();
  const { setQuery } = useGlobalSearch();
  const [menuOpen, setMenuOpen] = useState(false);
  const [profileOpen, setProfileOpen] = useState(false);
  // Mounted from the first opening on, so closing plays its animation.
  const [menuUsed, setMenuUsed] = useState(false);
  if (menuOpen && !menuUsed) setMenuUsed(true);
  const closeMenu = useCallback(() => setMenuOpen(false), []);
  useDarkBody();
  useFlashOnArrival();

  // Navigating closes the mobile menu and the profile panel, and the search belongs to the old page's table.
  useEffect(() => {
    setMenuOpen(false);
    setProfileOpen(false);
    setQuery('');
  }, [pathname, setQuery]);

  return (
    <div className="min-h-dvh bg-night-900 bg-neon-grid">
      <a
        href="#admin-main"
        className="sr-only z-[60] rounded bg-neon-cyan px-4 py-2 font-semibold text-night-950 focus:not-sr-only focus:fixed focus:left-4 focus:top-4"
      >
        Skip to content
      </a>
      <aside className="fixed inset-y-0 left-0 z-40 hidden w-64 lg:block">
        <SidebarNav />
      </aside>
      {menuUsed && (
        <Suspense fallback={null}>
          <MobileSidebar open={menuOpen} onClose={closeMenu} />
        </Suspense>
      )}
      <div className="lg:pl-64">
        <AdminHeader
          title={mobileTitle(pathname)}
          menuOpen={menuOpen}
          onOpenMenu={() => setMenuOpen(true)}
          profileOpen={profileOpen}
          onProfileOpenChange={setProfileOpen}
        />
        <main id="admin-main" tabIndex={-1} className="mx-auto max-w-7xl px-4 py-6 focus:outline-none sm:px-6 lg:px-8">
          <Breadcrumbs />
          <ErrorBoundary resetKey={pathname} fallback={(error) => <ErrorPanel title="This page could not be shown" message={error.message} />}>
            <Outlet />
          </ErrorBoundary>
        </main>
      </div>
    </div>
  );
}
