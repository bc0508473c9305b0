import type { ComponentType } from 'react';
import { PageLoading } from '../components/page-loading';
import { useLazyDefault, type DefaultLoader } from '../lib/use-lazy-default';

// Loaded only when a signed-in player opens their account pages, all in parallel.
const loadRouteGuard = () => import('../features/auth/route-guard');
const loadAccountShell = () => import('./account-shell');
export const loadMySanctions = () => import('../features/moderation/sanctions/my-sanctions-page');
export const loadMyReports = () => import('../features/moderation/reports/my-reports-page');
export const loadPlayerChat = () => import('../features/chat-connect/player-chat-page');

/**
 * /account/…: any signed-in user (no group), inside the public layout, with its own data cache. Give each route its
 * own `key`: the loaded page is kept per mount.
 */
export function AccountArea({ load }: { load: DefaultLoader<ComponentType> }) {
  const RouteGuard = useLazyDefault(loadRouteGuard);
  const AccountShell = useLazyDefault(loadAccountShell);
  const Page = useLazyDefault(load);
  if (!RouteGuard) return <PageLoading message="Checking your session…" />;
  return (
    <RouteGuard>
      {AccountShell && Page ? (
        <AccountShell>
          <Page />
        </AccountShell>
      ) : (
        <PageLoading />
      )}
    </RouteGuard>
  );
}
