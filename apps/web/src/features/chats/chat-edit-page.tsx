import { ItemLoadError } from '../../components/load-error';
import { useNavigateWithFlash } from '../../components/notifications/flash';
import { PageHeader } from '../../components/page-header';
import { PageLoading } from '../../components/page-loading';
import { useChannel, useEditChannel } from '../../lib/api/chat-channels';
import { useWriteFeedback } from '../../lib/api/use-write-feedback';
import { useRequiredParam } from '../../lib/use-required-param';
import { ChatForm } from './chat-form';
import { chatChanges, type ChatFormValues } from './chat-form-schema';
import { CHAT_ID_REQUIRED, CHAT_UPDATED } from './chat-messages';

export default function ChatEditPage() {
  const id = useRequiredParam('id', CHAT_ID_REQUIRED);
  const channel = useChannel(id);
  const edit = useEditChannel(id);
  const feedback = useWriteFeedback();
  const go = useNavigateWithFlash();
  if (channel.isError)
    return <ItemLoadError what="chat" error={channel.error} onRetry={() => void channel.refetch()} backTo="/admin/chats" backLabel="Back to chats" />;
  const data = channel.data;
  if (!data) return <PageLoading />;
  const initial: ChatFormValues = { name: data.name, dimensionId: data.dimensionId, public: data.public };
  return (
    <>
      <title>{`Edit ${data.name} · SRO Admin`}</title>
      <PageHeader title={`Edit ${data.name}`} />
      <ChatForm
        key={data.id}
        initial={initial}
        editing
        saving={edit.isPending}
        cancelTo={`/admin/chats/${id}`}
        onSubmit={(values) =>
          edit.mutateAsync(chatChanges(initial, values)).then(() => go(`/admin/chats/${id}`, { type: 'success', message: CHAT_UPDATED }), feedback.failed)
        }
      />
    </>
  );
}
