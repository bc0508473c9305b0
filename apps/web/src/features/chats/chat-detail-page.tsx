import { Link } from 'react-router';
import { VisibilityBadge } from '../../components/badge';
import { AuditHistoryLink } from '../../components/audit-history-link';
import { buttonClasses } from '../../components/button-styles';
import { CopyableId } from '../../components/copy-button';
import { DeleteAndReturn } from '../../components/delete-with-confirm';
import { DescriptionList } from '../../components/description-list';
import { ItemLoadError } from '../../components/load-error';
import { PageHeader } from '../../components/page-header';
import { useChannel, useDeleteChannel } from '../../lib/api/chat-channels';
import { useDimensions } from '../../lib/api/dimensions';
import { useRequiredParam } from '../../lib/use-required-param';
import { ChannelRulesPanel } from './channel-rules-panel';
import { channelDimensionLabel } from './channels-table';
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
      <title>{`${data?.name ?? 'Chat'} · SRO Admin`}</title>
      <PageHeader
        title={data?.name ?? <span className="skeleton inline-block h-7 w-48 align-middle" />}
        description="Chat channel"
        actions={
          data && (
            <>
              <DeleteAndReturn
                what="chat"
                label="Delete Chat"
                title="Delete chat"
                message={`Delete the chat channel ${data.name}? Its messages and authorizations go with it.`}
                remove={() => remove.mutateAsync(id)}
                parentPath="/admin/chats"
                deletedMessage={CHAT_DELETED}
              />
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
          )
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
