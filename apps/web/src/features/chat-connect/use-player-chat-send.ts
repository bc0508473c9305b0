import { useState } from 'react';
import { useNotify } from '../../components/notifications/notification-context';
import { useSendChatMessage } from '../../lib/api/chat-messages';
import { isNetworkFailure, rpcFailureText } from '../../lib/rpc/rpc-error';
import { refusingSanction, sanctionRefusalText } from '../../lib/sanctions/sanction-refusal';
import type { SanctionRecord } from '../../lib/sanctions/sanction-records';
import { SANCTION_NOTICE_KEY } from './chat-session';
import { CHAT_SERVER_UNREACHABLE, NO_CHARACTER_SELECTED, sendFailedText } from './chat-texts';

/** A player's send, and the sanction (a mute) the last send met, kept until a send goes through or the choice changes. */
export function usePlayerChatSend(channelId: string | null, characterId: string | null) {
  const notify = useNotify();
  const send = useSendChatMessage(channelId ?? '');
  /** The sanction a send met (a mute); the stream's own (a ban, which ends it) comes from the session. */
  const [sendSanction, setSendSanction] = useState<SanctionRecord | null>(null);

  async function sendMessage(text: string) {
    if (!characterId || !channelId) {
      notify.error(NO_CHARACTER_SELECTED);
      throw new Error(NO_CHARACTER_SELECTED);
    }
    try {
      await send.mutateAsync({ characterId, content: text });
      setSendSanction(null);
    } catch (error) {
      const refusing = refusingSanction(error);
      setSendSanction(refusing);
      // One notice about a sanction at a time, whether a send or the stream met it (the pane keeps the details).
      if (refusing) notify.error(sendFailedText(sanctionRefusalText(refusing)), { key: SANCTION_NOTICE_KEY, persist: true });
      else notify.error(sendFailedText(isNetworkFailure(error) ? CHAT_SERVER_UNREACHABLE : rpcFailureText(error)), { key: 'chat-send-failed' });
      throw error;
    }
  }

  return { sendMessage, sendSanction, setSendSanction };
}
