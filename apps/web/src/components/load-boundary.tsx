import { Suspense, type ReactNode } from 'react';
import { useLocation } from 'react-router';
import { buttonClasses } from './button-styles';
import { ErrorBoundary } from './error-boundary';
import { ErrorPanel } from './error-panel';

/**
 * Around code that loads on demand: `loading` shows while it loads, and a chunk that fails to load (offline, or a
 * deploy replaced the files) shows a way out instead of blanking the whole app. Opening another URL tries again.
 * `frame` puts the message in the page's layout; `quiet` leaves just that piece out (the account menu in the top
 * bar), so the page stays usable.
 */
export function LoadBoundary({
  children,
  loading = null,
  quiet = false,
  frame = (content) => content,
}: {
  children: ReactNode;
  loading?: ReactNode;
  quiet?: boolean;
  frame?: (content: ReactNode) => ReactNode;
}) {
  const { pathname } = useLocation();
  return (
    <ErrorBoundary resetKey={pathname} fallback={() => (quiet ? null : frame(<PageLoadError />))}>
      <Suspense fallback={loading}>{children}</Suspense>
    </ErrorBoundary>
  );
}

export function PageLoadError() {
  return (
    <div className="mx-auto max-w-3xl px-4 py-16">
      <ErrorPanel title="This page could not be loaded" message="Check your connection, then reload the page.">
        <button type="button" className={buttonClasses('secondary', 'sm')} onClick={() => window.location.reload()}>
          Reload
        </button>
      </ErrorPanel>
    </div>
  );
}
