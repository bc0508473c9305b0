import { ListPage } from '../../components/list-page';
import { useChannels } from '../../lib/api/chat-channels';
import { useDimensions } from '../../lib/api/dimensions';
import { ChannelsTable } from './channels-table';

export default function ChatsListPage() {
  const channels = useChannels();
  const dimensions = useDimensions();
  return (
    <ListPage
      title="Chats"
      description="Chat channels, global or bound to one dimension."
      create={{ label: 'New Chat', to: '/admin/chats/new', emptyLabel: 'Create a new chat' }}
      list={{ what: 'chats', query: channels }}
    >
      {(search) => <ChannelsTable channels={channels.data ?? []} dimensions={dimensions.data ?? []} loading={channels.isPending} search={search} />}
    </ListPage>
  );
}
