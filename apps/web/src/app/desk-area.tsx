import type { ReactNode } from 'react';
import { PageLoading } from '../components/page-loading';
import { useLazyDefault } from '../lib/use-lazy-default';
import { DefaultLayout } from './layouts/default-layout';

// As for /admin: the guard and the desk load in parallel as soon as /moderation is opened; visitors never download them.
const loadRouteGuard = () => import('../features/auth/route-guard');
const loadModerationDesk = () => import('./moderation-desk');

const frame = (content: ReactNode) => <DefaultLayout>{content}</DefaultLayout>;

/**
 * /moderation/*: the moderation desk (docs/product.md "Moderation desk") for any signed-in caller whose
 * capabilities open one of its screens; the desk itself asks the server which (the guard only demands a session).
 */
export function DeskArea() {
  const RouteGuard = useLazyDefault(loadRouteGuard);
  const ModerationDesk = useLazyDefault(loadModerationDesk);
  if (!RouteGuard) return frame(<PageLoading message="Checking your session…" />);
  return <RouteGuard frame={frame}>{frame(ModerationDesk ? <ModerationDesk /> : <PageLoading message="Loading the moderation desk…" />)}</RouteGuard>;
}
