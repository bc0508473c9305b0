import type { ReactNode } from 'react';
import { Outlet } from 'react-router';
import { SiteFooter } from './site-footer';
import { TopNav } from './top-nav';

/** Public chrome: sticky navigation, page content, footer. */
export function DefaultLayout({ children }: { children?: ReactNode }) {
  return (
    <div className="flex min-h-dvh flex-col">
      <a
        href="#main"
        className="sr-only z-[60] rounded bg-neon-cyan px-4 py-2 font-semibold text-night-950 focus:not-sr-only focus:fixed focus:left-4 focus:top-4"
      >
        Skip to content
      </a>
      <TopNav />
      {/* The footer starts below the first screen (less the top bar): a page filling in never pushes it out of view. */}
      <main id="main" tabIndex={-1} className="min-h-[calc(100dvh-4rem)] flex-1 focus:outline-none">
        {children ?? <Outlet />}
      </main>
      <SiteFooter />
    </div>
  );
}
