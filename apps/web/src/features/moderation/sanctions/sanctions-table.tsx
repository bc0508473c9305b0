import { useMemo } from 'react';
import type { PaginationState } from '@tanstack/react-table';
import { AreaLink } from '../../../components/area-link';
import { KindBadge, StateBadge } from './sanction-badges';
import { Table, type TableColumns } from '../../../components/table/table';
import { endsText, formatLocalTime, sanctionKindLabel, scopeText, stateText, subjectText, type SanctionRecord } from '../../../lib/sanctions/sanction-records';

type Column = 'subject' | 'player' | 'kind' | 'scope' | 'reason' | 'issuedBy' | 'issued' | 'ends' | 'state';
export const ALL_COLUMNS: readonly Column[] = ['subject', 'player', 'kind', 'scope', 'reason', 'issuedBy', 'issued', 'ends', 'state'];

const time = (ms: number) => <time dateTime={new Date(ms).toISOString()}>{formatLocalTime(ms)}</time>;

function sanctionColumns(visible: readonly Column[]): TableColumns<SanctionRecord> {
  const all: Record<Column, TableColumns<SanctionRecord>[number]> = {
    subject: { id: 'subject', header: 'Subject', accessorFn: subjectText, cell: (c) => <span className="font-medium text-white">{c.getValue<string>()}</span> },
    // The account the sanction falls on (a character's owner), with its player page where the area has one.
    player: {
      id: 'player',
      header: 'Player',
      accessorFn: (s) => s.accountName || s.accountId,
      cell: ({ row }) => (
        <AreaLink
          path={`accounts/${row.original.accountId}`}
          className="text-slate-100 underline decoration-neon-cyan/60 underline-offset-4 hover:text-neon-cyan"
        >
          {row.original.accountName || row.original.accountId}
        </AreaLink>
      ),
    },
    kind: { id: 'kind', header: 'Kind', accessorFn: sanctionKindLabel, cell: ({ row }) => <KindBadge sanction={row.original} /> },
    scope: { id: 'scope', header: 'Scope', accessorFn: scopeText },
    reason: {
      id: 'reason',
      header: 'Reason',
      accessorKey: 'reason',
      cell: (c) => <span className="line-clamp-2 max-w-72 break-words">{c.getValue<string>()}</span>,
    },
    issuedBy: { id: 'issuedBy', header: 'Issued by', accessorFn: (s) => s.issuedByName || s.issuedById || 'System' },
    issued: { id: 'issued', header: 'Issued', accessorKey: 'issuedAtMs', cell: (c) => time(c.getValue<number>()) },
    ends: {
      id: 'ends',
      header: 'Ends',
      accessorKey: 'expiresAtMs',
      cell: (c) => (c.getValue<number>() === 0 ? endsText(0) : time(c.getValue<number>())),
    },
    state: { id: 'state', header: 'State', accessorFn: stateText, cell: ({ row }) => <StateBadge sanction={row.original} /> },
  };
  // The server sorts (newest first); the columns do not re-sort one page.
  return visible.map((c) => ({ ...all[c], enableSorting: false }));
}

interface Props {
  label: string;
  sanctions: readonly SanctionRecord[];
  loading: boolean;
  total: number;
  pagination: PaginationState;
  onPaginationChange: (p: PaginationState) => void;
  emptyMessage: string;
  columns?: readonly Column[];
  /** Each row's detail page; none for the player's own list. */
  detailHref?: (s: SanctionRecord) => string;
}

/** Sanctions, one server page at a time, newest first. */
export function SanctionsTable({ label, sanctions, loading, total, pagination, onPaginationChange, emptyMessage, columns = ALL_COLUMNS, detailHref }: Props) {
  const defs = useMemo(() => sanctionColumns(columns), [columns]);
  return (
    <Table
      label={label}
      data={sanctions}
      columns={defs}
      getRowId={(s) => s.id}
      loading={loading}
      emptyMessage={emptyMessage}
      detailHref={detailHref}
      manual={{ rowCount: total, sorting: [], onSortingChange: () => {}, pagination, onPaginationChange }}
    />
  );
}
