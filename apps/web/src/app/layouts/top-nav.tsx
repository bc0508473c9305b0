import { lazy, useEffect, useState } from 'react';
import { Link, useLocation } from 'react-router';
import { TOAST_ANCHOR } from '../../components/notifications/toast-anchor';
import { LoadBoundary } from '../../components/load-boundary';
import { Logo } from '../../components/logo';
import { isAdmin } from '../../lib/auth/access';
import { useSession } from '../../lib/auth/session-context';
import { LoginButton } from '../../features/auth/login-button';
import { isNavLinkActive, navLinks } from './nav-links';

// Signed-in controls load only for signed-in users.
const UserMenu = lazy(() => import('../../features/auth/user-menu-button'));
const MobileAccountActions = lazy(() => import('../../features/auth/mobile-account-actions'));
// Asks the server whether the caller's capabilities open the moderation desk: signed-in users only.
const DeskAccessProbe = lazy(() => import('../../features/moderation-desk/desk-access-probe'));

const MOBILE_MENU_ID = 'mobile-menu';

export function TopNav() {
  const session = useSession();
  const { pathname } = useLocation();
  const [mobileOpen, setMobileOpen] = useState(false);
  const signedIn = session.status === 'authenticated';
  const [deskFor, setDeskFor] = useState<string | null>(null);
  const links = navLinks(isAdmin(session.user), signedIn && !!session.user && deskFor === session.user.id);

  // Navigating (or widening the window past the breakpoint) closes the mobile menu.
  useEffect(() => setMobileOpen(false), [pathname]);
  useEffect(() => {
    if (!mobileOpen) return;
    const onKey = (event: KeyboardEvent) => event.key === 'Escape' && setMobileOpen(false);
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [mobileOpen]);

  const linkClass = (active: boolean) =>
    `rounded-md px-3 py-2 text-sm font-medium transition-colors ${active ? 'bg-white/10 text-neon-cyan' : 'text-slate-200 hover:bg-white/5 hover:text-white'}`;

  return (
    <header {...TOAST_ANCHOR} className="sticky top-0 z-40 border-b border-white/10 bg-night-950/85 backdrop-blur-md">
      <nav aria-label="Main" className="mx-auto flex h-16 max-w-7xl items-center justify-between gap-4 px-4 sm:px-6 lg:px-8">
        <div className="flex items-center gap-6">
          <Link to="/" className="rounded" aria-label="SRO home">
            <Logo />
          </Link>
          <ul className="hidden items-center gap-1 md:flex">
            {links.map(({ title, link }) => {
              const active = isNavLinkActive(pathname, link);
              return (
                <li key={link}>
                  <Link to={link} className={linkClass(active)} aria-current={active ? 'page' : undefined}>
                    {title}
                  </Link>
                </li>
              );
            })}
          </ul>
        </div>
        {signedIn && (
          <LoadBoundary quiet>
            <DeskAccessProbe onReaches={setDeskFor} />
          </LoadBoundary>
        )}
        <div className="hidden md:block">
          {signedIn ? (
            <LoadBoundary quiet>
              <UserMenu />
            </LoadBoundary>
          ) : (
            <LoginButton />
          )}
        </div>
        <button
          type="button"
          className="inline-flex items-center justify-center rounded-md p-2 text-slate-200 hover:bg-white/10 hover:text-white md:hidden"
          aria-expanded={mobileOpen}
          aria-controls={MOBILE_MENU_ID}
          onClick={() => setMobileOpen((open) => !open)}
        >
          <span className="sr-only">{mobileOpen ? 'Close main menu' : 'Open main menu'}</span>
          <svg aria-hidden="true" viewBox="0 0 24 24" className="size-6" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round">
            {mobileOpen ? <path d="M6 6l12 12M18 6L6 18" /> : <path d="M4 7h16M4 12h16M4 17h16" />}
          </svg>
        </button>
      </nav>
      <div id={MOBILE_MENU_ID} hidden={!mobileOpen} className="animate-fade-in border-t border-white/10 md:hidden">
        <ul className="space-y-1 px-4 py-3">
          {links.map(({ title, link }) => {
            const active = isNavLinkActive(pathname, link);
            return (
              <li key={link}>
                <Link to={link} className={`block ${linkClass(active)}`} aria-current={active ? 'page' : undefined}>
                  {title}
                </Link>
              </li>
            );
          })}
        </ul>
        <div className="border-t border-white/10 px-4 py-4">
          {signedIn ? (
            // Loaded when the menu first opens: desktop users never need it.
            mobileOpen && (
              <LoadBoundary quiet>
                <MobileAccountActions />
              </LoadBoundary>
            )
          ) : (
            <LoginButton className="w-full" />
          )}
        </div>
      </div>
    </header>
  );
}
