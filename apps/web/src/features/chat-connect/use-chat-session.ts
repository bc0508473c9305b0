import { useEffect, useRef, useState } from 'react';
import { useNotify } from '../../components/notifications/notification-context';
import { ChatService } from '../../gen/sro/chat/chat_pb';
import { useGameServiceClient } from '../../lib/api/use-game-api';
import { withoutDeleted } from '../../lib/chat/deleted-messages';
import type { SanctionRecord } from '../../lib/sanctions/sanction-records';
import type { ChatLine } from './chat-line';
import { ChatSession, type ChatSessionStatus } from './chat-session';
import { applyHeldNotice } from './held-notices';

/** The view keeps the latest lines only: a channel can run all day in an open tab. */
export const MAX_CHAT_LINES = 500;

export type ChatViewStatus = ChatSessionStatus | 'idle';

/**
 * Adds a line in time order: nearly always at the end, but a held message a moderator allowed arrives late with its
 * original time and belongs among the lines of that time (lines of the same time keep their arrival order).
 */
export function appendLine(lines: readonly ChatLine[], line: ChatLine): ChatLine[] {
  let at = lines.length;
  while (at > 0 && lines[at - 1]!.sentTimeMs > line.sentTimeMs) at--;
  const next = [...lines.slice(0, at), line, ...lines.slice(at)];
  return next.length > MAX_CHAT_LINES ? next.slice(next.length - MAX_CHAT_LINES) : next;
}

/**
 * A live chat session for the chosen character: a new character replaces the session (the old stream is aborted),
 * none means no session, and leaving the page closes it. Notices go to the app's notifications.
 */
export function useChatSession(channelId: string, characterId: string | null) {
  const chat = useGameServiceClient(ChatService);
  const notify = useNotify();
  // The session outlives re-renders; it reads the latest client and notifier without reconnecting for them.
  const latest = useRef({ chat, notify });
  useEffect(() => {
    latest.current = { chat, notify };
  });
  const [lines, setLines] = useState<ChatLine[]>([]);
  const [status, setStatus] = useState<ChatViewStatus>('idle');
  /** The last failure's text ('You do not have permission to access this chat', …), for the pane when stopped. */
  const [failure, setFailure] = useState<string | null>(null);
  /** The sanction that ended the stream (a ban), until the session changes. */
  const [sanction, setSanction] = useState<SanctionRecord | null>(null);

  useEffect(() => {
    setLines([]);
    setFailure(null);
    setSanction(null);
    if (!characterId) {
      setStatus('idle');
      return;
    }
    const session = new ChatSession(
      {
        openStream: (request, options) => latest.current.chat.connectChatChannel(request, options),
        listener: {
          onMessage: (line) => setLines((previous) => appendLine(previous, line)),
          onHeldNotice: (notice) => setLines((previous) => applyHeldNotice(previous, notice, characterId)),
          onDeleted: (ids) => setLines((previous) => withoutDeleted(previous, ids) as ChatLine[]),
          onStatus: (next) => {
            setStatus(next);
            if (next === 'connected') setFailure(null);
          },
          onNotice: ({ type, message, key, persist, sanction: refusing }) => {
            if (type === 'error') setFailure(message);
            if (refusing) setSanction(refusing);
            latest.current.notify[type](message, { key, persist });
          },
        },
      },
      // Notices: a message a moderator deletes leaves this view at once (both the console and the player page).
      { channelId, characterId, notices: true },
    );
    session.start();
    return () => session.close();
  }, [channelId, characterId]);

  return { lines, status, failure, sanction };
}
