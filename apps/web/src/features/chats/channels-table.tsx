import { useMemo } from 'react';
import { VisibilityBadge } from '../../components/badge';
import { Table, type TableColumns } from '../../components/table/table';
import { sortableIds, useTableUrlState } from '../../components/table/table-url-state';
import type { ChannelRecord, DimensionRecord } from '../../lib/api/records';
import { GLOBAL_LABEL } from './chat-messages';
import { IdText } from '../../components/id-text';

/** 'Name (id)' of the channel's dimension, or 'Global' when it spans every dimension. */
export function channelDimensionLabel(channel: Pick<ChannelRecord, 'dimensionId'>, dimensions: readonly DimensionRecord[]): string {
  if (!channel.dimensionId) return GLOBAL_LABEL;
  const name = dimensions.find((d) => d.id === channel.dimensionId)?.name ?? 'Unknown';
  return `${name} (${channel.dimensionId})`;
}

interface Props {
  channels: readonly ChannelRecord[];
  dimensions: readonly DimensionRecord[];
  loading: boolean;
  search: string;
}

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

export function ChannelsTable({ channels, dimensions, loading, search }: Props) {
  // The label is part of the row data (not a column accessor): TanStack caches accessor
  // values per row, so a label computed before the dimensions arrived would stay stale.
  const rows = useMemo<ChannelRow[]>(
    () =>
      channels.map((c) => ({
        ...c,
        dimensionLabel: channelDimensionLabel(c, dimensions),
        dimensionName: dimensions.find((d) => d.id === c.dimensionId)?.name ?? 'Unknown',
      })),
    [channels, dimensions],
  );
  const view = useTableUrlState(sortableIds(columns));
  return (
    <Table
      label="Chat channels"
      data={rows}
      columns={columns}
      getRowId={(c) => c.id}
      loading={loading}
      globalFilter={search}
      view={view}
      viewHref={(c) => `/admin/chats/${c.id}`}
      editHref={(c) => `/admin/chats/${c.id}/edit`}
      rowLabel={(c) => c.name}
    />
  );
}
