import { Outlet, Route, Routes } from 'react-router';
import { IntentPrefetchContext } from '../components/intent-prefetch';
import { LoadBoundary } from '../components/load-boundary';
import { preloadNotificationStacks } from '../components/notifications/notification-viewport';
import { ScreenSkeleton } from '../components/screen-skeleton';
import { GlobalSearchProvider } from '../components/table/global-search';
import { QueryProvider } from '../lib/query-provider';
import AdminShell from '../features/admin-shell/admin-shell';
import { preloadScreens, SCREENS } from './admin-screens';
import { CapabilitiesGate } from '../components/capabilities-gate';
import { CapabilitiesStateContext, useMyCapabilities } from '../lib/access/use-my-capabilities';

// The console reports lost connections with notifications: their code must already be here when the server goes.
preloadNotificationStacks();

const S = Object.fromEntries(Object.entries(SCREENS).map(([name, screen]) => [name, screen.Component])) as {
  [K in keyof typeof SCREENS]: (typeof SCREENS)[K]['Component'];
};

/**
 * Each screen loads on navigation (or earlier, on the intent to navigate) behind a skeleton of its size. The screens
 * show what the caller's capabilities grant; the shell around them does not wait for those.
 */
function ScreenOutlet() {
  return (
    <CapabilitiesGate>
      {() => (
        <LoadBoundary loading={<ScreenSkeleton />}>
          <Outlet />
        </LoadBoundary>
      )}
    </CapabilitiesGate>
  );
}

/**
 * The admin console (a lazily loaded chunk, behind the route guard): its data cache, the header search shared with
 * the tables, the shell, and every admin screen as its own chunk under it. The caller's capabilities are asked once,
 * for the sidebar and the screens alike.
 */
export default function AdminConsole() {
  const capabilities = useMyCapabilities();
  return (
    <CapabilitiesStateContext value={capabilities}>
      <QueryProvider>
        <GlobalSearchProvider>
          <IntentPrefetchContext value={preloadScreens}>
            <Routes>
              <Route element={<AdminShell />}>
                <Route element={<ScreenOutlet />}>
                  <Route index element={<S.dashboard renderCharactersTable={(search) => <S.charactersTable search={search} />} />} />
                  <Route path="dimensions" element={<S.dimensions />} />
                  <Route path="dimensions/new" element={<S.dimensionNew />} />
                  <Route path="dimensions/:id" element={<S.dimension />} />
                  <Route path="dimensions/:id/edit" element={<S.dimensionEdit />} />
                  <Route path="maps" element={<S.maps />} />
                  <Route path="maps/new" element={<S.mapNew />} />
                  <Route path="maps/:id" element={<S.map />} />
                  <Route path="maps/:id/edit" element={<S.mapEdit />} />
                  <Route path="players" element={<S.livePlayers />} />
                  <Route path="characters" element={<S.characters />} />
                  <Route path="characters/new" element={<S.characterNew />} />
                  <Route path="characters/:id" element={<S.character renderSanctions={(character) => <S.characterSanctions {...character} />} />} />
                  <Route path="characters/:id/edit" element={<S.characterEdit />} />
                  <Route
                    path="accounts/:id"
                    element={
                      <S.account
                        withPersonalData
                        renderSanctions={(slot) => <S.accountSanctions {...slot} />}
                        renderReports={(account) => <S.accountReports {...account} />}
                        renderAppeals={(account) => <S.accountAppeals {...account} />}
                        renderMessages={(account) => <S.accountMessages {...account} />}
                        renderAudit={(slot) => <S.accountAudit {...slot} />}
                      />
                    }
                  />
                  <Route path="chats" element={<S.chats />} />
                  <Route path="chats/new" element={<S.chatNew />} />
                  <Route path="chats/:id" element={<S.chat />} />
                  <Route path="chats/:id/edit" element={<S.chatEdit />} />
                  <Route
                    path="chats/:id/connect"
                    element={<S.chatConnect renderSanctionDialog={(request, onClose) => <S.chatSanctionDialog request={request} onClose={onClose} />} />}
                  />
                  <Route path="chats/:id/history" element={<S.chatHistory />} />
                  <Route path="sanctions" element={<S.sanctions />} />
                  <Route path="sanctions/settings" element={<S.moderationSettings />} />
                  <Route path="sanctions/:id" element={<S.sanction />} />
                  <Route path="moderation" element={<S.moderation />} />
                  <Route path="reports" element={<S.reports />} />
                  <Route
                    path="reports/:messageId"
                    element={
                      <S.reportedMessage
                        renderSanctionDialog={(request, issueWith, onClose) => (
                          <S.chatSanctionDialog request={request} issueWith={issueWith} onClose={onClose} />
                        )}
                      />
                    }
                  />
                  <Route path="appeals" element={<S.appeals />} />
                  <Route path="appeals/:id" element={<S.appeal />} />
                  <Route path="approvals" element={<S.approvals />} />
                  <Route path="messages" element={<S.messages />} />
                  <Route path="audit" element={<S.audit />} />
                  <Route path="audit/:id" element={<S.auditRecord />} />
                  <Route path="settings" element={<S.settings />} />
                  <Route path="webhooks" element={<S.webhooks />} />
                  <Route path="webhooks/new" element={<S.webhookNew />} />
                  <Route path="webhooks/:id" element={<S.webhook />} />
                  <Route path="webhooks/:id/edit" element={<S.webhookEdit />} />
                  <Route path="roles" element={<S.roles />} />
                  <Route path="roles/new" element={<S.roleNew />} />
                  <Route path="roles/:name/edit" element={<S.roleEdit />} />
                  <Route path="*" element={<S.notFound />} />
                </Route>
              </Route>
            </Routes>
          </IntentPrefetchContext>
        </GlobalSearchProvider>
      </QueryProvider>
    </CapabilitiesStateContext>
  );
}
