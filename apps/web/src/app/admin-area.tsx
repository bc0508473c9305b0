import type { ReactNode } from 'react';
import { PageLoading } from '../components/page-loading';
import { ADMIN_GROUP } from '../lib/auth/access';
import { useLazyDefault } from '../lib/use-lazy-default';
import { DefaultLayout } from './layouts/default-layout';

// Both chunks load in parallel as soon as /admin is opened: the console's code arrives while the session is
// checked, not after. Visitors of the public pages never download either.
const loadRouteGuard = () => import('../features/auth/route-guard');
const loadAdminConsole = () => import('./admin-console');

const frame = (content: ReactNode) => <DefaultLayout>{content}</DefaultLayout>;

/** /admin/*: the route guard (group '/Moderator/Admin') around the lazily loaded admin console. */
export function AdminArea() {
  const RouteGuard = useLazyDefault(loadRouteGuard);
  const AdminConsole = useLazyDefault(loadAdminConsole);
  if (!RouteGuard) return frame(<PageLoading message="Checking your session…" />);
  return (
    <RouteGuard requiredGroups={[ADMIN_GROUP]} frame={frame}>
      {AdminConsole ? <AdminConsole /> : <PageLoading message="Loading the admin console…" />}
    </RouteGuard>
  );
}
