import { Link } from 'react-router';
import { buttonClasses } from '../../components/button-styles';
import { EmptyState } from '../../components/empty-state';
import { ListLoadError } from '../../components/load-error';
import { PageHeader } from '../../components/page-header';
import { useTableSearch } from '../../components/table/global-search';
import { useChannels } from '../../lib/api/chat-channels';
import { useDimensions } from '../../lib/api/dimensions';
import { ChannelsTable } from './channels-table';

export default function ChatsListPage() {
  const channels = useChannels();
  const dimensions = useDimensions();
  const query = useTableSearch();
  return (
    <>
      <title>Chats · SRO Admin</title>
      <PageHeader
        title="Chats"
        description="Chat channels, global or bound to one dimension."
        actions={
          <Link to="/admin/chats/new" className={buttonClasses('primary')}>
            New Chat
          </Link>
        }
      />
      {channels.isError && !channels.data ? (
        <ListLoadError what="chats" error={channels.error} onRetry={() => void channels.refetch()} />
      ) : channels.data?.length === 0 ? (
        <EmptyState label="Create a new chat" to="/admin/chats/new" />
      ) : (
        <ChannelsTable channels={channels.data ?? []} dimensions={dimensions.data ?? []} loading={channels.isPending} search={query} />
      )}
    </>
  );
}
