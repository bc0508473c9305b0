import { useState } from 'react';
import { Link } from 'react-router';
import { useCharacterLabel } from '../../../components/character-name';
import type { MessageToDelete } from '../../../components/delete-message-dialog';
import { LazyDeleteMessageDialog } from '../../../components/lazy-delete-message-dialog';
import { buttonClasses } from '../../../components/button-styles';
import { ItemLoadError, ListLoadError } from '../../../components/load-error';
import { PageHeader } from '../../../components/page-header';
import { useChannel } from '../../../lib/api/chat-channels';
import { useRequiredParam } from '../../../lib/use-required-param';
import { useUrlState } from '../../../lib/use-url-state';
import { ChatLogsTable } from './chat-logs-table';
import { HistoryFiltersForm } from './history-filters';
import { LazyPurgeDialog, purgeIntent, resumingPurge } from './lazy-purge-dialog';
import { chatLogsRequest, filtersFromSearch, filtersToSearch, rangeError, type HistoryFilters } from './history-query';
import { useChatLogs, type ChatLogRecord } from '../../../lib/api/chat-moderation';
import { useCan } from '../../../lib/access/capabilities';
import { useAreaHref } from '../../../lib/area-links';

const matchesText = (total: number) => `${total} ${total === 1 ? 'message matches' : 'messages match'}`;

/** /admin/chats/:id/history: a channel's stored messages, filtered by sender and time, a page at a time. */
export default function ChatHistoryPage() {
  const channelId = useRequiredParam('id', 'Chat ID is required');
  const channel = useChannel(channelId);
  // Filters live in the URL (lib/use-url-state.ts).
  const [filters, setFilters] = useUrlState(filtersFromSearch, filtersToSearch);
  const invalid = !!rangeError(filters);
  const logs = useChatLogs(chatLogsRequest(channelId, filters), !invalid);
  // A whole account's purge only where the capability allows it (docs/permissions.md "Capabilities").
  const can = useCan();
  const href = useAreaHref();
  // Live chat as a character is the console's (the desk has none).
  const connectHref = href(`chats/${channelId}/connect`);
  const [deleting, setDeleting] = useState<ChatLogRecord | null>(null);
  const [purging, setPurging] = useState(resumingPurge);

  const update = (changes: Partial<HistoryFilters>) => setFilters((current) => ({ ...current, ...changes }));

  if (channel.isError) {
    return (
      <>
        <title>Chat · History · SRO Admin</title>
        <ItemLoadError
          what="chat"
          error={channel.error}
          backTo={href('chats') ?? href('messages') ?? '/'}
          backLabel="Back to chats"
          onRetry={() => void channel.refetch()}
        />
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
            <button type="button" className={buttonClasses('secondary')} {...purgeIntent} onClick={() => setPurging(true)}>
              Purge sender…
            </button>
            {connectHref && (
              <Link to={connectHref} className={buttonClasses('primary')}>
                Connect
              </Link>
            )}
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
      <LazyPurgeDialog open={purging} admin={can('chat-history.account-purge')} onClose={() => setPurging(false)} />
    </>
  );
}

/** The delete dialog for a history row: names the sender as the table does. */
function DeleteLogDialog({ log, onClose }: { log: ChatLogRecord | null; onClose: () => void }) {
  const sender = useCharacterLabel(log?.senderId ?? '');
  const message: MessageToDelete | null = log && { id: log.id, senderName: sender.label, content: log.content };
  return <LazyDeleteMessageDialog message={message} onClose={onClose} />;
}
