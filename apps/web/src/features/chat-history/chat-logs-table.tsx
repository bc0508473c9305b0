import { useMemo } from 'react';
import type { ColumnDef, PaginationState } from '@tanstack/react-table';
import { CharacterName } from '../../components/character-name';
import { Table } from '../../components/table/table';
import type { ChatLogRecord } from './use-chat-logs';

const NO_SORTING: never[] = [];
const dateTime = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'medium' });

interface Props {
  logs: readonly ChatLogRecord[];
  total: number;
  loading: boolean;
  pagination: PaginationState;
  onPaginationChange: (pagination: PaginationState) => void;
}

/** The server pages the history (manual mode); it always comes newest first, so the columns do not sort. */
export function ChatLogsTable({ logs, total, loading, pagination, onPaginationChange }: Props) {
  const columns = useMemo<ColumnDef<ChatLogRecord, any>[]>(
    () => [
      {
        id: 'sentAt',
        header: 'Time',
        enableSorting: false,
        cell: ({ row }) => (
          <time dateTime={new Date(row.original.sentAt * 1000).toISOString()} className="whitespace-nowrap text-slate-300">
            {dateTime.format(row.original.sentAt * 1000)}
          </time>
        ),
      },
      {
        id: 'sender',
        header: 'Sender',
        enableSorting: false,
        cell: ({ row }) => <CharacterName id={row.original.senderId} className="whitespace-nowrap font-medium text-white" />,
      },
      {
        id: 'content',
        header: 'Message',
        enableSorting: false,
        cell: ({ row }) => <span className="whitespace-pre-wrap break-words">{row.original.content}</span>,
      },
    ],
    [],
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
