import { useEffect, useState, type ReactNode } from 'react';
import { useLocation } from 'react-router';
import { PageLoading } from '../components/page-loading';
import { ADMIN_GROUP } from '../lib/auth/access';
import { useLazyDefault } from '../lib/use-lazy-default';
import { DefaultLayout } from './layouts/default-layout';

// The guard, the console and the screen of the URL load in parallel as soon as /admin is opened: the code arrives
// while the session is checked, not after. Visitors of the public pages never download any of them.
const loadRouteGuard = () => import('../features/auth/route-guard');
const loadAdminConsole = () => import('./admin-console');
const preloadScreen = (pathname: string) => void import('./admin-screens').then((screens) => screens.preloadScreens(pathname)).catch(() => {});

const frame = (content: ReactNode) => <DefaultLayout>{content}</DefaultLayout>;

/** /admin/*: the route guard (group '/Moderator/Admin') around the lazily loaded admin console. */
export function AdminArea() {
  const RouteGuard = useLazyDefault(loadRouteGuard);
  const AdminConsole = useLazyDefault(loadAdminConsole);
  // Only the URL the console opens with: later screens load on navigation, or on the intent to navigate.
  const [openedAt] = useState(useLocation().pathname);
  useEffect(() => preloadScreen(openedAt), [openedAt]);
  if (!RouteGuard) return frame(<PageLoading message="Checking your session…" />);
  return (
    <RouteGuard requiredGroups={[ADMIN_GROUP]} frame={frame}>
      {AdminConsole ? <AdminConsole /> : <PageLoading message="Loading the admin console…" />}
    </RouteGuard>
  );
}
