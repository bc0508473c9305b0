import { useId, useMemo, useState } from 'react';
import { buttonClasses } from '../../../components/button-styles';
import type { MessageToDelete } from '../../../components/delete-message-dialog';
import { LazyDeleteMessageDialog } from '../../../components/lazy-delete-message-dialog';
import { DateRangeFields } from '../../../components/form/date-range-fields';
import { inputClasses } from '../../../components/form/field-error';
import { ListLoadError } from '../../../components/load-error';
import { PageHeader } from '../../../components/page-header';
import { Table, type TableColumns } from '../../../components/table/table';
import { ACTIONS_COLUMN_ID } from '../../../components/table/table-columns';
import { useChannels } from '../../../lib/api/chat-channels';
import { useMessageSearch, type StoredMessageRecord } from '../../../lib/api/chat-moderation';
import { useUrlState } from '../../../lib/use-url-state';
import { useCan } from '../../../lib/access/capabilities';
import { DeleteRowButton } from './delete-row-button';
import {
  MESSAGES_PAGE_SIZE,
  messageFiltersFromSearch,
  messageFiltersToSearch,
  messageSearchOf,
  messagesRangeError,
  pagedRowCount,
  type MessageFilters,
} from './messages-query';
import { LazyPurgeDialog, purgeIntent, resumingPurge } from './lazy-purge-dialog';
import { TextFilter } from './text-filter';
import { AreaLink } from '../../../components/area-link';
import { PlayerLink } from '../../../components/player-link';

const NO_SORTING: never[] = [];
// Fixed: a page's long channel names and messages would otherwise widen their columns as the rows replace the skeleton.
const MESSAGE_COLUMN_WIDTHS = { sentAt: 'w-32', channel: 'w-48', sender: 'w-44', [ACTIONS_COLUMN_ID]: 'w-28' } as const;
const dateFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' });
const timeFormat = new Intl.DateTimeFormat(undefined, { timeStyle: 'medium' });

/** /admin/messages: stored channel messages across channels, newest first, searched on the server (keyset pages). */
export default function MessagesPage() {
  // Filters live in the URL (lib/use-url-state.ts).
  const [filters, setFilters] = useUrlState(messageFiltersFromSearch, messageFiltersToSearch);
  const filtersKey = messageFiltersToSearch(filters).toString();
  const invalid = !!messagesRangeError(filters);
  // Keyset paging: tokens[i] reads page i. New filters start again at the first page.
  const [paging, setPaging] = useState({ key: filtersKey, tokens: [''], pageIndex: 0 });
  const current = paging.key === filtersKey ? paging : { key: filtersKey, tokens: [''], pageIndex: 0 };
  const search = useMessageSearch(messageSearchOf(filters, current.tokens[current.pageIndex] ?? ''), !invalid);
  // A whole account's purge only where the capability allows it (docs/permissions.md "Capabilities").
  const can = useCan();
  const [deleting, setDeleting] = useState<MessageToDelete | null>(null);
  const [purging, setPurging] = useState(resumingPurge);
  const update = (changes: Partial<MessageFilters>) => setFilters((current) => ({ ...current, ...changes }));
  const page = invalid ? undefined : search.data;
  const next = page?.nextPageToken ?? '';

  const columns = useMemo<TableColumns<StoredMessageRecord>>(
    () => [
      {
        id: 'sentAt',
        header: 'Time',
        enableSorting: false,
        cell: ({ row }) => (
          <time dateTime={new Date(row.original.sentAtMs).toISOString()} className="text-slate-300">
            <span className="block whitespace-nowrap">{dateFormat.format(row.original.sentAtMs)}</span>
            <span className="block whitespace-nowrap text-xs text-slate-400">{timeFormat.format(row.original.sentAtMs)}</span>
          </time>
        ),
      },
      {
        id: 'channel',
        header: 'Channel',
        enableSorting: false,
        cell: ({ row }) => (
          <AreaLink path={`chats/${row.original.channelId}/history`} className="text-neon-cyan underline-offset-2 hover:underline">
            {row.original.channelName || row.original.channelId}
          </AreaLink>
        ),
      },
      {
        id: 'sender',
        header: 'Sender',
        enableSorting: false,
        cell: ({ row }) => (
          <PlayerLink accountId={row.original.senderAccountId} className="font-medium text-white [overflow-wrap:anywhere]">
            {row.original.senderName || row.original.senderId}
          </PlayerLink>
        ),
      },
      {
        id: 'content',
        header: 'Message',
        enableSorting: false,
        cell: ({ row }) => <span className="whitespace-pre-wrap [overflow-wrap:anywhere]">{row.original.content}</span>,
      },
      {
        // The table's actions column: Delete stays in view at the right edge while a phone scrolls the table.
        id: ACTIONS_COLUMN_ID,
        header: () => <span className="sr-only">Actions</span>,
        enableSorting: false,
        cell: ({ row }) => (
          <DeleteRowButton
            onPress={() => setDeleting({ id: row.original.id, senderName: row.original.senderName || row.original.senderId, content: row.original.content })}
          />
        ),
      },
    ],
    [],
  );

  return (
    <>
      <title>Messages · SRO Admin</title>
      <PageHeader
        title="Messages"
        description="Stored channel messages across every channel, newest first. Deleted messages are not listed; the audit log keeps them."
        actions={
          <>
            <button type="button" className={buttonClasses('secondary')} onClick={() => void search.refetch()} disabled={invalid || search.isFetching}>
              Refresh
            </button>
            <button type="button" className={buttonClasses('secondary')} {...purgeIntent} onClick={() => setPurging(true)}>
              Purge sender…
            </button>
          </>
        }
      />
      <MessageFiltersForm filters={filters} onChange={update} />
      {search.isError && !search.data ? (
        <ListLoadError what="messages" error={search.error} onRetry={() => void search.refetch()} />
      ) : (
        <Table
          label="Messages"
          data={page?.messages ?? []}
          columns={columns}
          getRowId={(m) => m.id}
          loading={!invalid && search.isPending}
          columnWidths={MESSAGE_COLUMN_WIDTHS}
          emptyMessage="No messages match these filters."
          manual={{
            rowCount: pagedRowCount(current.pageIndex, page?.messages.length ?? 0, next !== ''),
            sorting: NO_SORTING,
            onSortingChange: () => {},
            pagination: { pageIndex: current.pageIndex, pageSize: MESSAGES_PAGE_SIZE },
            onPaginationChange: (p) => {
              // Only one step at a time is known (keyset): forward stores the next token, back reuses a stored one.
              if (p.pageSize !== MESSAGES_PAGE_SIZE || p.pageIndex === 0) return setPaging({ key: filtersKey, tokens: [''], pageIndex: 0 });
              if (p.pageIndex === current.pageIndex + 1 && next) {
                return setPaging({ key: filtersKey, tokens: [...current.tokens.slice(0, p.pageIndex), next], pageIndex: p.pageIndex });
              }
              if (p.pageIndex < current.pageIndex) setPaging({ ...current, pageIndex: p.pageIndex });
            },
          }}
        />
      )}
      <LazyDeleteMessageDialog message={deleting} onClose={() => setDeleting(null)} />
      <LazyPurgeDialog open={purging} admin={can('chat-history.account-purge')} onClose={() => setPurging(false)} />
    </>
  );
}

function MessageFiltersForm({ filters, onChange }: { filters: MessageFilters; onChange: (changes: Partial<MessageFilters>) => void }) {
  const ids = { text: useId(), sender: useId(), channel: useId(), error: useId() };
  const channels = useChannels();
  const error = messagesRangeError(filters);
  return (
    <fieldset className="mb-4 grid gap-4 rounded-xl border border-white/10 bg-night-900/70 p-4 sm:grid-cols-2 lg:grid-cols-5">
      <legend className="sr-only">Filters</legend>
      <TextFilter id={ids.text} label="Text" value={filters.text} onChange={(text) => onChange({ text })} placeholder="Any text" />
      <TextFilter id={ids.sender} label="Sender" value={filters.sender} onChange={(sender) => onChange({ sender })} placeholder="Name or character ID" />
      <div>
        <label htmlFor={ids.channel} className="mb-1 block text-sm font-medium text-slate-200">
          Channel
        </label>
        <select
          id={ids.channel}
          value={filters.channelId}
          onChange={(e) => onChange({ channelId: e.target.value })}
          className={`${inputClasses(false)} [color-scheme:dark]`}
        >
          <option value="">Every channel</option>
          {(channels.data ?? []).map((c) => (
            <option key={c.id} value={c.id}>
              {c.name}
            </option>
          ))}
        </select>
      </div>
      <DateRangeFields from={filters.from} to={filters.to} invalid={!!error} errorId={ids.error} onChange={onChange} />
      {error && (
        <p id={ids.error} role="alert" className="text-sm text-rose-300 sm:col-span-2 lg:col-span-5">
          {error}
        </p>
      )}
    </fieldset>
  );
}
