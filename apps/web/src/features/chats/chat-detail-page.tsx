import { Link } from 'react-router';
import { VisibilityBadge } from '../../components/badge';
import { AuditHistoryLink } from '../../components/audit-history-link';
import { buttonClasses } from '../../components/button-styles';
import { CopyableId } from '../../components/copy-button';
import { DetailPageHeader } from '../../components/detail-page-header';
import { DescriptionList } from '../../components/description-list';
import { ItemLoadError } from '../../components/load-error';
import { useChannel, useDeleteChannel } from '../../lib/api/chat-channels';
import { useDimensions } from '../../lib/api/dimensions';
import { useRequiredParam } from '../../lib/use-required-param';
import { ChannelRulesPanel } from './channel-rules-panel';
import { channelDimensionLabel } from '../../components/channel-columns';
import { CHAT_DELETED, CHAT_ID_REQUIRED } from './chat-messages';

export default function ChatDetailPage() {
  const id = useRequiredParam('id', CHAT_ID_REQUIRED);
  const channel = useChannel(id);
  const dimensions = useDimensions();
  const remove = useDeleteChannel();
  if (channel.isError)
    return <ItemLoadError what="chat" error={channel.error} onRetry={() => void channel.refetch()} backTo="/admin/chats" backLabel="Back to chats" />;
  const data = channel.data;
  return (
    <>
      <DetailPageHeader
        item={data}
        placeholderTitle="Chat"
        description="Chat channel"
        deletion={{
          what: 'chat',
          label: 'Delete Chat',
          title: 'Delete chat',
          message: (channel) => `Delete the chat channel ${channel.name}? Its messages and authorizations go with it.`,
          remove: () => remove.mutateAsync(id),
          parentPath: '/admin/chats',
          deletedMessage: CHAT_DELETED,
        }}
        actionsAfter={
          <>
            <Link to={`/admin/chats/${id}/edit`} className={buttonClasses('secondary')}>
              Edit Chat
            </Link>
            <Link to={`/admin/chats/${id}/history`} className={buttonClasses('secondary')}>
              History
            </Link>
            <AuditHistoryLink targetType="chat-channel" targetId={id} />
            <Link to={`/admin/chats/${id}/connect`} className={buttonClasses('primary')}>
              Connect
            </Link>
          </>
        }
      />
      <DescriptionList
        loading={!data}
        items={[
          { term: 'Name', value: data?.name },
          { term: 'Visibility', value: data && <VisibilityBadge isPublic={data.public} /> },
          { term: 'Dimension', value: data && channelDimensionLabel(data, dimensions.data ?? []) },
          { term: 'Id', value: <CopyableId id={data?.id} /> },
        ]}
      />
      {data && <ChannelRulesPanel channelId={id} />}
    </>
  );
}
