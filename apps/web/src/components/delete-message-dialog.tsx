import { useState } from 'react';
import { useDeleteChatMessage } from '../lib/api/chat-moderation';
import { isNetworkFailure, rpcFailureText, serverUnreachableText } from '../lib/rpc/rpc-error';
import { ReasonDialog } from './modal/reason-dialog';
import { useNotify } from './notifications/notification-context';

export interface MessageToDelete {
  id: string;
  senderName: string;
  content: string;
}

interface Props {
  message: MessageToDelete | null;
  onClose: () => void;
}

/** "Delete message" with its reason (DeleteChatMessage): open views drop it; the audit log keeps the text and why. */
export function DeleteMessageDialog({ message, onClose }: Props) {
  const remove = useDeleteChatMessage();
  const notify = useNotify();
  const [failure, setFailure] = useState<string | null>(null);
  const close = () => {
    setFailure(null);
    onClose();
  };
  return (
    <ReasonDialog
      open={message !== null}
      title="Delete message"
      confirmLabel="Delete message"
      busyLabel="Deleting…"
      busy={remove.isPending}
      failure={failure}
      onCancel={close}
      onConfirm={(reason) => {
        if (!message) return;
        remove.mutate(
          { id: message.id, reason },
          {
            onSuccess: () => {
              notify.success(`Message from ${message.senderName} deleted`);
              close();
            },
            onError: (error) => setFailure(`Could not delete the message. ${isNetworkFailure(error) ? serverUnreachableText() : rpcFailureText(error)}`),
          },
        );
      }}
    >
      <p className="text-sm text-slate-300">
        The text disappears from the history and from every open chat view. The audit log keeps it, with you and the reason.
      </p>
      {message && (
        <blockquote className="rounded-lg border border-white/10 bg-white/5 px-3 py-2 text-sm text-slate-200 [overflow-wrap:anywhere]">
          <span className="font-semibold text-white">{message.senderName}:</span> {message.content}
        </blockquote>
      )}
    </ReasonDialog>
  );
}
