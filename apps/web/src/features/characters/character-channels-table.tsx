import { useMemo } from 'react';
import type { RowSelectionState } from '@tanstack/react-table';
import { VisibilityBadge } from '../../components/badge';
import { Table, type TableColumns } from '../../components/table/table';
import type { ChannelRecord, DimensionRecord } from '../../lib/api/records';
import { IdText } from '../../components/id-text';

interface Props {
  label: string;
  channels: readonly ChannelRecord[];
  dimensions: readonly DimensionRecord[];
  loading: boolean;
  search?: string;
  emptyMessage?: string;
  /** With a selection the table shows row checkboxes (select all included). */
  selection?: { value: RowSelectionState; onChange: (value: RowSelectionState) => void };
}

/** Chat channels as seen from a character: name with its Public/Private badge, dimension, id. */
type ChannelRow = ChannelRecord & { dimensionLabel: string; dimensionName: string };

const columns: TableColumns<ChannelRow> = [
  {
    id: 'name',
    accessorKey: 'name',
    header: 'Name',
    cell: ({ row }) => (
      <span className="flex items-center gap-2">
        <span className="font-medium text-white">{row.original.name}</span>
        <VisibilityBadge isPublic={row.original.public} />
      </span>
    ),
  },
  {
    id: 'dimension',
    accessorKey: 'dimensionLabel',
    header: 'Dimension',
    // Same text as the label ('Name (id)' or 'Global'), with the id kept on one line.
    cell: ({ row }) => {
      const { dimensionId, dimensionLabel, dimensionName } = row.original;
      if (!dimensionId) return dimensionLabel;
      return (
        <>
          {dimensionName} <IdText id={`(${dimensionId})`} />
        </>
      );
    },
  },
  { id: 'id', accessorKey: 'id', header: 'Id', cell: (c) => <IdText id={c.getValue<string>()} /> },
];

/** 'Name (id)' of the channel's dimension, or 'Global'. */
function dimensionLabel(id: string, dimensions: readonly DimensionRecord[]): string {
  return id ? `${dimensions.find((d) => d.id === id)?.name ?? 'Unknown'} (${id})` : 'Global';
}

export function CharacterChannelsTable({ label, channels, dimensions, loading, search, emptyMessage, selection }: Props) {
  // Labels live in the row data: TanStack caches accessor values per row (see the chats table).
  const rows = useMemo<ChannelRow[]>(
    () =>
      channels.map((c) => ({
        ...c,
        dimensionLabel: dimensionLabel(c.dimensionId, dimensions),
        dimensionName: dimensions.find((d) => d.id === c.dimensionId)?.name ?? 'Unknown',
      })),
    [channels, dimensions],
  );
  return (
    <Table
      label={label}
      data={rows}
      columns={columns}
      getRowId={(c) => c.id}
      loading={loading}
      globalFilter={search}
      emptyMessage={emptyMessage}
      selectable={!!selection}
      rowSelection={selection?.value}
      onRowSelectionChange={selection?.onChange}
    />
  );
}
