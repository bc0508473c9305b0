import { useMemo } from 'react';
import type { ChannelRecord, DimensionRecord } from '../lib/api/records';
import { VisibilityBadge } from './badge';
import { IdText } from './id-text';
import type { TableColumns } from './table/table';

const GLOBAL_LABEL = 'Global';

/** 'Name (id)' of the channel's dimension, or 'Global' when it spans every dimension. */
export function channelDimensionLabel(channel: Pick<ChannelRecord, 'dimensionId'>, dimensions: readonly DimensionRecord[]): string {
  if (!channel.dimensionId) return GLOBAL_LABEL;
  const name = dimensions.find((d) => d.id === channel.dimensionId)?.name ?? 'Unknown';
  return `${name} (${channel.dimensionId})`;
}

/** A chat channel as a table row: the channel with its dimension's label and name. */
export type ChannelRow = ChannelRecord & { dimensionLabel: string; dimensionName: string };

/** The channel tables' columns: name with its Public/Private badge, dimension, id. */
export const channelColumns: TableColumns<ChannelRow> = [
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

/** The channels as rows of channelColumns. */
export function useChannelRows(channels: readonly ChannelRecord[], dimensions: readonly DimensionRecord[]): ChannelRow[] {
  // The label is part of the row data (not a column accessor): TanStack caches accessor
  // values per row, so a label computed before the dimensions arrived would stay stale.
  return useMemo<ChannelRow[]>(
    () =>
      channels.map((c) => ({
        ...c,
        dimensionLabel: channelDimensionLabel(c, dimensions),
        dimensionName: dimensions.find((d) => d.id === c.dimensionId)?.name ?? 'Unknown',
      })),
    [channels, dimensions],
  );
}
