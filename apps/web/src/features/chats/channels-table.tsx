import { channelColumns, useChannelRows } from '../../components/channel-columns';
import { Table } from '../../components/table/table';
import { sortableIds, useTableUrlState } from '../../components/table/table-url-state';
import type { ChannelRecord, DimensionRecord } from '../../lib/api/records';

interface Props {
  channels: readonly ChannelRecord[];
  dimensions: readonly DimensionRecord[];
  loading: boolean;
  search: string;
}

export function ChannelsTable({ channels, dimensions, loading, search }: Props) {
  const rows = useChannelRows(channels, dimensions);
  const view = useTableUrlState(sortableIds(channelColumns));
  return (
    <Table
      label="Chat channels"
      data={rows}
      columns={channelColumns}
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
