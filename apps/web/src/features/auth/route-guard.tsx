import { lazy, Suspense, useEffect, useRef, useState, type ReactNode } from 'react';
import { useLocation } from 'react-router';
import { PageLoading } from '../../components/page-loading';
import { hasAccess, type AccessRequirement } from '../../lib/auth/access';
import { useSession } from '../../lib/auth/session-context';
import { SignInRequiredPage } from './sign-in-required-page';

const AccessDeniedPage = lazy(() => import('./access-denied-page').then((m) => ({ default: m.AccessDeniedPage })));

/**
 * The 403 page, loaded only when someone is refused: the people who open the console are nearly always allowed in,
 * so its code stays out of their first load. Here, beside the guard every console route loads, so it adds no chunk.
 */
export function LazyAccessDeniedPage() {
  return (
    <Suspense fallback={<PageLoading />}>
      <AccessDeniedPage />
    </Suspense>
  );
}

interface Props extends AccessRequirement {
  children: ReactNode;
  /** Wraps every page the guard shows instead of `children` (e.g. in the public layout). */
  frame?: (content: ReactNode) => ReactNode;
}

/**
 * docs/product.md#states-and-transitions: visitors are sent to login and brought back to this URL; signed-in users
 * need the listed groups and/or roles. Every state renders a real page, never a blank one.
 */
export default function RouteGuard({ children, requiredGroups, requiredRoles, frame = (content) => content }: Props) {
  const session = useSession();
  const location = useLocation();
  const returnTo = `${location.pathname}${location.search}${location.hash}`;
  const started = useRef(false);
  const [redirectFailed, setRedirectFailed] = useState(false);

  useEffect(() => {
    if (session.status !== 'anonymous' || started.current) return;
    started.current = true;
    // login() only settles if the redirect could not start (it explains why itself).
    void session.login({ returnTo }).then(() => setRedirectFailed(true));
  }, [session, returnTo]);

  switch (session.status) {
    case 'authenticated':
      return hasAccess(session.user, { requiredGroups, requiredRoles }) ? children : frame(<LazyAccessDeniedPage />);
    case 'loading':
      return frame(<PageLoading message="Checking your session…" />);
    case 'signing-out':
      return frame(<PageLoading message="Signing out…" />);
    case 'unavailable':
      return frame(<SignInRequiredPage />);
    case 'anonymous':
      return frame(redirectFailed ? <SignInRequiredPage /> : <PageLoading message="Redirecting to sign in…" />);
  }
}
