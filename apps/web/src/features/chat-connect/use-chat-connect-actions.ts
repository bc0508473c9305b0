import { useState } from 'react';
import { useNotify } from '../../components/notifications/notification-context';
import { isNetworkFailure, rpcFailureText } from '../../lib/rpc/rpc-error';
import { sanctionRefusalOf } from '../../lib/sanctions/sanction-refusal';
import { useBanFromChannel, useSendChatMessage } from '../../lib/api/chat-messages';
import { banFailedText, banSuccessText, CHAT_SERVER_UNREACHABLE, NO_CHARACTER_SELECTED, sendFailedText, type BanOption } from './chat-texts';

/** '{code}: {message}' from the server, or what a failed fetch means. */
const callFailureText = (error: unknown) => (isNetworkFailure(error) ? CHAT_SERVER_UNREACHABLE : rpcFailureText(error));

/** The connect page's writes: send as the chosen character (remembering a sanction's refusal), ban a sender. */
export function useChatConnectActions(channelId: string, characterId: string | null) {
  const send = useSendChatMessage(channelId);
  const ban = useBanFromChannel(channelId);
  const notify = useNotify();
  /** Why the last send was refused by a sanction: shown above the composer until a send goes through. */
  const [sendRefusal, setSendRefusal] = useState<string | null>(null);

  async function sendMessage(text: string) {
    if (!characterId) {
      notify.error(NO_CHARACTER_SELECTED);
      throw new Error(NO_CHARACTER_SELECTED);
    }
    try {
      await send.mutateAsync({ characterId, content: text });
      setSendRefusal(null);
    } catch (error) {
      // A sanction says what, where and until when, and the moderators' message, not a bare PERMISSION_DENIED.
      const refusal = sanctionRefusalOf(error);
      setSendRefusal(refusal);
      notify.error(sendFailedText(refusal ?? callFailureText(error)), refusal ? { key: 'chat-send-refused' } : undefined);
      throw error;
    }
  }

  function banSender(senderId: string, senderName: string, option: BanOption) {
    ban.mutate(
      { characterId: senderId, option },
      {
        onSuccess: () => notify.success(banSuccessText(senderName, option)),
        onError: (error) => notify.error(banFailedText(callFailureText(error)), { persist: true, position: 'top-center' }),
      },
    );
  }

  return { sendMessage, banSender, sendRefusal, setSendRefusal };
}
