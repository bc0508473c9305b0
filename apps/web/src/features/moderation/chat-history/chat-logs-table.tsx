import { useMemo } from 'react';
import type { PaginationState } from '@tanstack/react-table';
import { CharacterName } from '../../../components/character-name';
import { Table, type TableColumns } from '../../../components/table/table';
import { ACTIONS_COLUMN_ID } from '../../../components/table/table-columns';
import type { ChatLogRecord } from '../../../lib/api/chat-moderation';
import { DeleteRowButton } from './delete-row-button';

const NO_SORTING: never[] = [];
const dateFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' });
const timeFormat = new Intl.DateTimeFormat(undefined, { timeStyle: 'medium' });

interface Props {
  logs: readonly ChatLogRecord[];
  total: number;
  loading: boolean;
  pagination: PaginationState;
  onPaginationChange: (pagination: PaginationState) => void;
  /** Opens the delete dialog for a row (absent: no Delete action). */
  onDelete?: (log: ChatLogRecord) => void;
}

/** The server pages the history (manual mode); it always comes newest first, so the columns do not sort. */
export function ChatLogsTable({ logs, total, loading, pagination, onPaginationChange, onDelete }: Props) {
  const columns = useMemo<TableColumns<ChatLogRecord>>(
    () => [
      {
        id: 'sentAt',
        header: 'Time',
        enableSorting: false,
        // Date over time, each unbroken: the column stays narrow enough for a phone without a sideways scroll.
        cell: ({ row }) => (
          <time dateTime={new Date(row.original.sentAt * 1000).toISOString()} className="text-slate-300">
            <span className="block whitespace-nowrap">{dateFormat.format(row.original.sentAt * 1000)}</span>
            <span className="block whitespace-nowrap text-xs text-slate-400">{timeFormat.format(row.original.sentAt * 1000)}</span>
          </time>
        ),
      },
      {
        id: 'sender',
        header: 'Sender',
        enableSorting: false,
        cell: ({ row }) => <CharacterName id={row.original.senderId} className="font-medium text-white" linkOwner />,
      },
      {
        id: 'content',
        header: 'Message',
        enableSorting: false,
        cell: ({ row }) => <span className="whitespace-pre-wrap [overflow-wrap:anywhere]">{row.original.content}</span>,
      },
      ...(onDelete
        ? [
            {
              // The table's actions column: Delete stays in view at the right edge while a phone scrolls the table.
              id: ACTIONS_COLUMN_ID,
              header: () => <span className="sr-only">Actions</span>,
              enableSorting: false,
              cell: ({ row }: { row: { original: ChatLogRecord } }) => row.original.deletable && <DeleteRowButton onPress={() => onDelete(row.original)} />,
            },
          ]
        : []),
    ],
    [onDelete],
  );
  return (
    <Table
      label="Chat history"
      data={logs}
      columns={columns}
      getRowId={(log) => log.id}
      loading={loading}
      emptyMessage="No messages match these filters."
      manual={{ rowCount: total, sorting: NO_SORTING, onSortingChange: () => {}, pagination, onPaginationChange }}
    />
  );
}
