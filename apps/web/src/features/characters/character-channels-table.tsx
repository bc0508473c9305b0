import type { RowSelectionState } from '@tanstack/react-table';
import { channelColumns, useChannelRows } from '../../components/channel-columns';
import { Table } from '../../components/table/table';
import type { ChannelRecord, DimensionRecord } from '../../lib/api/records';

interface Props {
  label: string;
  channels: readonly ChannelRecord[];
  dimensions: readonly DimensionRecord[];
  loading: boolean;
  search?: string;
  emptyMessage?: string;
  /** Rows the skeleton draws (the table's default: a page). */
  skeletonRows?: number;
  /** With a selection the table shows row checkboxes (select all included). */
  selection?: { value: RowSelectionState; onChange: (value: RowSelectionState) => void };
}

/** Chat channels as seen from a character: name with its Public/Private badge, dimension, id. */
export function CharacterChannelsTable({ label, channels, dimensions, loading, search, emptyMessage, skeletonRows, selection }: Props) {
  const rows = useChannelRows(channels, dimensions);
  return (
    <Table
      label={label}
      data={rows}
      columns={channelColumns}
      getRowId={(c) => c.id}
      loading={loading}
      globalFilter={search}
      emptyMessage={emptyMessage}
      skeletonRows={skeletonRows}
      selectable={!!selection}
      rowSelection={selection?.value}
      onRowSelectionChange={selection?.onChange}
    />
  );
}
