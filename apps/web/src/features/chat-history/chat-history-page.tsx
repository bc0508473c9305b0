import { use, useState } from 'react';
import { Link } from 'react-router';
import { useCharacterLabel } from '../../components/character-name';
import { DeleteMessageDialog, type MessageToDelete } from '../../components/delete-message-dialog';
import { isAdmin } from '../../lib/auth/access';
import { SessionContext } from '../../lib/auth/session-context';
import { buttonClasses } from '../../components/button-styles';
import { ItemLoadError, ListLoadError } from '../../components/load-error';
import { PageHeader } from '../../components/page-header';
import { useChannel } from '../../lib/api/chat-channels';
import { useRequiredParam } from '../../lib/use-required-param';
import { useUrlState } from '../../lib/use-url-state';
import { ChatLogsTable } from './chat-logs-table';
import { HistoryFiltersForm } from './history-filters';
import { PurgeDialog } from './purge-dialog';
import { filtersFromSearch, filtersToSearch, rangeError, type HistoryFilters } from './history-query';
import { useChatLogs, type ChatLogRecord } from './use-chat-logs';

const matchesText = (total: number) => `${total} ${total === 1 ? 'message matches' : 'messages match'}`;

/** /admin/chats/:id/history: a channel's stored messages, filtered by sender and time, a page at a time. */
export default function ChatHistoryPage() {
  const channelId = useRequiredParam('id', 'Chat ID is required');
  const channel = useChannel(channelId);
  // Filters live in the URL (lib/use-url-state.ts).
  const [filters, setFilters] = useUrlState(filtersFromSearch, filtersToSearch);
  const invalid = !!rangeError(filters);
  const logs = useChatLogs(channelId, filters, !invalid);
  const user = use(SessionContext)?.user ?? null;
  const [deleting, setDeleting] = useState<ChatLogRecord | null>(null);
  const [purging, setPurging] = useState(false);

  const update = (changes: Partial<HistoryFilters>) => setFilters((current) => ({ ...current, ...changes }));

  if (channel.isError) {
    return (
      <>
        <title>Chat · History · SRO Admin</title>
        <ItemLoadError what="chat" error={channel.error} backTo="/admin/chats" backLabel="Back to chats" onRetry={() => void channel.refetch()} />
      </>
    );
  }
  const name = channel.data?.name;
  return (
    <>
      <title>{`${name ?? 'Chat'} · History · SRO Admin`}</title>
      <PageHeader
        title={name ?? <span className="skeleton inline-block h-7 w-48 align-middle" />}
        description={`Chat history: ${logs.data && !invalid ? matchesText(logs.data.total) : 'stored messages'}, newest first.`}
        actions={
          <>
            <button type="button" className={buttonClasses('secondary')} onClick={() => void logs.refetch()} disabled={invalid || logs.isFetching}>
              Refresh
            </button>
            <button type="button" className={buttonClasses('secondary')} onClick={() => setPurging(true)}>
              Purge sender…
            </button>
            <Link to={`/admin/chats/${channelId}/connect`} className={buttonClasses('primary')}>
              Connect
            </Link>
          </>
        }
      />
      <HistoryFiltersForm filters={filters} onChange={(changes) => update({ ...changes, pageIndex: 0 })} />
      {logs.isError && !logs.data ? (
        <ListLoadError what="chat history" error={logs.error} onRetry={() => void logs.refetch()} />
      ) : (
        <ChatLogsTable
          logs={invalid ? [] : (logs.data?.logs ?? [])}
          total={invalid ? 0 : (logs.data?.total ?? 0)}
          loading={!invalid && logs.isPending}
          pagination={{ pageIndex: filters.pageIndex, pageSize: filters.pageSize }}
          onPaginationChange={(p) => update({ pageIndex: p.pageIndex, pageSize: p.pageSize })}
          onDelete={setDeleting}
        />
      )}
      <DeleteLogDialog log={deleting} onClose={() => setDeleting(null)} />
      <PurgeDialog open={purging} admin={isAdmin(user)} onClose={() => setPurging(false)} />
    </>
  );
}

/** The delete dialog for a history row: names the sender as the table does. */
function DeleteLogDialog({ log, onClose }: { log: ChatLogRecord | null; onClose: () => void }) {
  const sender = useCharacterLabel(log?.senderId ?? '');
  const message: MessageToDelete | null = log && { id: log.id, senderName: sender.label, content: log.content };
  return <DeleteMessageDialog message={message} onClose={onClose} />;
}
