import { useNavigateWithFlash } from '../../components/notifications/flash';
import { PageHeader } from '../../components/page-header';
import { useCreateChannel } from '../../lib/api/chat-channels';
import { useWriteFeedback } from '../../lib/api/use-write-feedback';
import { ChatForm } from './chat-form';
import { EMPTY_CHAT } from './chat-form-schema';
import { chatCreatedText } from './chat-messages';

export default function ChatNewPage() {
  const create = useCreateChannel();
  const feedback = useWriteFeedback();
  const go = useNavigateWithFlash();
  return (
    <>
      <title>New Chat · SRO Admin</title>
      <PageHeader title="New Chat" />
      <ChatForm
        initial={EMPTY_CHAT}
        saving={create.isPending}
        cancelTo="/admin/chats"
        onSubmit={(values) =>
          create.mutateAsync(values).then((c) => go('/admin/chats', { type: 'success', message: chatCreatedText(c.name, c.id) }), feedback.failed)
        }
      />
    </>
  );
}
