import { Route, Routes } from 'react-router';
import { preloadNotificationStacks } from '../components/notifications/notification-viewport';
import { GlobalSearchProvider } from '../components/table/global-search';
import { QueryProvider } from '../lib/query-provider';
import AdminShell from '../features/admin-shell/admin-shell';
import AdminNotFoundPage from '../features/admin-shell/admin-not-found-page';
import DashboardPage from '../features/dashboard/dashboard-page';
import DimensionsListPage from '../features/dimensions/dimensions-list-page';
import DimensionNewPage from '../features/dimensions/dimension-new-page';
import DimensionDetailPage from '../features/dimensions/dimension-detail-page';
import DimensionEditPage from '../features/dimensions/dimension-edit-page';
import MapsListPage from '../features/maps/maps-list-page';
import MapNewPage from '../features/maps/map-new-page';
import MapDetailPage from '../features/maps/map-detail-page';
import MapEditPage from '../features/maps/map-edit-page';
import CharactersListPage from '../features/characters/characters-list-page';
import CharacterNewPage from '../features/characters/character-new-page';
import CharacterDetailPage from '../features/characters/character-detail-page';
import CharacterEditPage from '../features/characters/character-edit-page';
import { CharactersTable } from '../features/characters/characters-table';
import ChatsListPage from '../features/chats/chats-list-page';
import ChatNewPage from '../features/chats/chat-new-page';
import ChatDetailPage from '../features/chats/chat-detail-page';
import ChatEditPage from '../features/chats/chat-edit-page';
import ChatConnectPage from '../features/chat-connect/chat-connect-page';
import ChatHistoryPage from '../features/chat-history/chat-history-page';
import SettingsPage from '../features/settings/settings-page';
import SanctionsListPage from '../features/sanctions/sanctions-list-page';
import SanctionDetailPage from '../features/sanctions/sanction-detail-page';
import ModerationSettingsPage from '../features/sanctions/moderation-settings-page';
import { CharacterSanctions } from '../features/sanctions/character-sanctions';
import { ChatSanctionDialog } from '../features/sanctions/chat-sanction-dialog';
import ReportsQueuePage from '../features/reports/reports-queue-page';
import ReportedMessagePage from '../features/reports/reported-message-page';
import AuditLogPage from '../features/audit/audit-log-page';
import HeldMessagesPage from '../features/moderation/held-messages-page';
import MessagesPage from '../features/chat-history/messages-page';
import AuditRecordPage from '../features/audit/audit-record-page';

// The console reports lost connections with notifications: their code must already be here when the server goes.
preloadNotificationStacks();

/**
 * The admin console (one lazily loaded chunk, behind the route guard): its data cache,
 * the header search shared with the tables, and every admin screen under the shell.
 */
export default function AdminConsole() {
  return (
    <QueryProvider>
      <GlobalSearchProvider>
        <Routes>
          <Route element={<AdminShell />}>
            <Route index element={<DashboardPage renderCharactersTable={(search) => <CharactersTable search={search} />} />} />
            <Route path="dimensions" element={<DimensionsListPage />} />
            <Route path="dimensions/new" element={<DimensionNewPage />} />
            <Route path="dimensions/:id" element={<DimensionDetailPage />} />
            <Route path="dimensions/:id/edit" element={<DimensionEditPage />} />
            <Route path="maps" element={<MapsListPage />} />
            <Route path="maps/new" element={<MapNewPage />} />
            <Route path="maps/:id" element={<MapDetailPage />} />
            <Route path="maps/:id/edit" element={<MapEditPage />} />
            <Route path="characters" element={<CharactersListPage />} />
            <Route path="characters/new" element={<CharacterNewPage />} />
            <Route path="characters/:id" element={<CharacterDetailPage renderSanctions={(character) => <CharacterSanctions {...character} />} />} />
            <Route path="characters/:id/edit" element={<CharacterEditPage />} />
            <Route path="chats" element={<ChatsListPage />} />
            <Route path="chats/new" element={<ChatNewPage />} />
            <Route path="chats/:id" element={<ChatDetailPage />} />
            <Route path="chats/:id/edit" element={<ChatEditPage />} />
            <Route
              path="chats/:id/connect"
              element={<ChatConnectPage renderSanctionDialog={(request, onClose) => <ChatSanctionDialog request={request} onClose={onClose} />} />}
            />
            <Route path="chats/:id/history" element={<ChatHistoryPage />} />
            <Route path="sanctions" element={<SanctionsListPage />} />
            <Route path="sanctions/settings" element={<ModerationSettingsPage />} />
            <Route path="sanctions/:id" element={<SanctionDetailPage />} />
            <Route path="moderation" element={<HeldMessagesPage />} />
            <Route path="reports" element={<ReportsQueuePage />} />
            <Route
              path="reports/:messageId"
              element={
                <ReportedMessagePage
                  renderSanctionDialog={(request, issueWith, onClose) => <ChatSanctionDialog request={request} issueWith={issueWith} onClose={onClose} />}
                />
              }
            />
            <Route path="messages" element={<MessagesPage />} />
            <Route path="audit" element={<AuditLogPage />} />
            <Route path="audit/:id" element={<AuditRecordPage />} />
            <Route path="settings" element={<SettingsPage />} />
            <Route path="*" element={<AdminNotFoundPage />} />
          </Route>
        </Routes>
      </GlobalSearchProvider>
    </QueryProvider>
  );
}
