import { lazy, type ReactNode } from 'react';
import { Route, Routes } from 'react-router';
import { CapabilitiesGate } from '../components/capabilities-gate';
import { LoadBoundary } from '../components/load-boundary';
import { preloadNotificationStacks } from '../components/notifications/notification-viewport';
import { ScreenSkeleton } from '../components/screen-skeleton';
import { LazyAccessDeniedPage } from '../features/auth/route-guard';
import DeskShell from '../features/moderation-desk/desk-shell';
import { deskHref } from '../features/moderation-desk/desk-href';
import { deskSectionsFor, type DeskSection } from '../features/moderation-desk/desk-sections';
import { holds, type CapabilityName, type CapabilitySet } from '../lib/access/capabilities';
import { AreaHrefContext } from '../lib/area-links';
import { QueryProvider } from '../lib/query-provider';
import { SCREENS } from './admin-screens';
import { PageHeader } from '../components/page-header';

preloadNotificationStacks();

const OperationsWall = lazy(() => import('../features/dashboard/operations-wall').then((m) => ({ default: m.OperationsWall })));
const NotFound = lazy(() => import('../features/public/not-found-page'));
const S = Object.fromEntries(Object.entries(SCREENS).map(([name, screen]) => [name, screen.Component])) as {
  [K in keyof typeof SCREENS]: (typeof SCREENS)[K]['Component'];
};

const screen = (element: ReactNode) => <LoadBoundary loading={<ScreenSkeleton />}>{element}</LoadBoundary>;

/** The desk's home: the live operations wall of the console's dashboard, under the page's own heading. */
function DeskHome() {
  return (
    <>
      <title>Moderation desk · SRO</title>
      <PageHeader title="Operations" description="Live figures of every channel: open streams, messages, held messages and sanctions." />
      <OperationsWall />
    </>
  );
}

/** The desk's routes: the console's moderation screens, each behind the capability that opens it. */
function DeskRoutes({ set, sections }: { set: CapabilitySet; sections: readonly DeskSection[] }) {
  const need = (capability: CapabilityName, element: ReactNode) => (holds(set, capability) ? screen(element) : <LazyAccessDeniedPage />);
  return (
    <Routes>
      <Route element={<DeskShell sections={sections} set={set} ownAuditOnly={!holds(set, 'audit.read', 'all')} />}>
        <Route index element={need('operations.read', <DeskHome />)} />
        <Route path="review" element={need('held-messages.review', <S.moderation />)} />
        <Route path="reports" element={need('reports.work', <S.reports />)} />
        <Route
          path="reports/:messageId"
          element={need(
            'reports.work',
            <S.reportedMessage
              renderSanctionDialog={(request, issueWith, onClose) => <S.chatSanctionDialog request={request} issueWith={issueWith} onClose={onClose} />}
            />,
          )}
        />
        <Route path="appeals" element={need('appeals.read', <S.appeals />)} />
        <Route path="appeals/:id" element={need('appeals.read', <S.appeal />)} />
        <Route path="approvals" element={need('approvals.work', <S.approvals />)} />
        <Route path="sanctions" element={need('sanctions.read', <S.sanctions />)} />
        <Route path="sanctions/settings" element={need('sanctions.settings.edit', <S.moderationSettings />)} />
        <Route path="sanctions/:id" element={need('sanctions.read', <S.sanction />)} />
        <Route
          path="accounts/:id"
          element={need(
            'sanctions.read',
            <S.account
              renderSanctions={({ accountId, label, emptyMessage }) => <S.accountSanctions label={label} accountId={accountId} emptyMessage={emptyMessage} />}
              renderReports={(account) => <S.accountReports {...account} />}
              renderAppeals={(account) => <S.accountAppeals {...account} />}
              renderMessages={(account) => <S.accountMessages {...account} />}
              renderAudit={(slot) => <S.accountAudit {...slot} />}
            />,
          )}
        />
        <Route path="players" element={need('game-sessions.online.read', <S.livePlayers />)} />
        <Route path="messages" element={need('chat-history.read', <S.messages />)} />
        <Route path="chats/:id/history" element={need('chat-history.read', <S.chatHistory />)} />
        <Route path="audit" element={need('audit.read', <S.audit />)} />
        <Route path="audit/:id" element={need('audit.read', <S.auditRecord />)} />
        <Route path="*" element={screen(<NotFound />)} />
      </Route>
    </Routes>
  );
}

/** The moderation desk (a lazily loaded chunk): its data cache, the caller's capabilities, then its screens. */
export default function ModerationDesk() {
  return (
    <QueryProvider>
      <CapabilitiesGate>
        {(set) => {
          const sections = deskSectionsFor(set);
          if (sections.length === 0) return <LazyAccessDeniedPage />;
          return (
            <AreaHrefContext value={deskHref(set)}>
              <DeskRoutes set={set} sections={sections} />
            </AreaHrefContext>
          );
        }}
      </CapabilitiesGate>
    </QueryProvider>
  );
}
