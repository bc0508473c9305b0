import { useMemo, useState } from 'react';
import { HeldMark } from './held-mark';
import { useQuery } from '@tanstack/react-query';
import { BannedAccountNotice } from '../../components/banned-account-notice';
import { ListLoadError } from '../../components/load-error';
import { useNotify } from '../../components/notifications/notification-context';
import { SelectWithFilter } from '../../components/select/select-with-filter';
import { toChannel, toCharacter } from '../../lib/api/records';
import { useGameApi } from '../../lib/api/use-game-api';
import { isBanned } from '../../lib/auth/access';
import { useSession } from '../../lib/auth/session-context';
import { isNetworkFailure, rpcFailureText } from '../../lib/rpc/rpc-error';
import { sanctionRefusalOf } from '../../lib/sanctions/sanction-refusal';
import { useSendChatMessage } from './chat-api';
import { ChatComposer } from './chat-composer';
import { ChatMessageList } from './chat-message-list';
import { CHAT_DISCONNECTED, CHAT_SERVER_UNREACHABLE, NO_CHARACTER_SELECTED, sendFailedText } from './chat-texts';
import { ConnectionStatus } from './connection-status';
import { ReportMessageDialog, type ReportTarget } from './report-message-dialog';
import { formatMessageTime } from './message-time';
import { useChatSession } from './use-chat-session';

/** Players read only their own characters: anyone else is 'Another player' (with the id's start, to tell them apart). */
const otherPlayer = (id: string) => `Another player (${id.slice(0, 8)})`;

/**
 * /account/chat: the chat connect view for a player's own character — pick one of your characters and a channel
 * it may join, read and write live. A sanction that refuses a send or the stream says what, where, until when and
 * the moderators' message.
 */
export default function PlayerChatPage() {
  const session = useSession();
  const ownerId = session.user?.id ?? '';
  // The game API refuses a banned account every call: say why instead of failing to load.
  const banned = isBanned(session.user);
  const api = useGameApi();
  const notify = useNotify();
  const characters = useQuery({
    queryKey: ['characters', 'owner', ownerId],
    queryFn: async ({ signal }) => (await api.characters.getCharactersForUser({ ownerId }, { signal })).characters.map(toCharacter),
    enabled: !!ownerId && !banned,
  });
  const channels = useQuery({
    queryKey: ['channels', 'mine'],
    queryFn: async ({ signal }) => (await api.chat.getChatChannels({}, { signal })).channels.map(toChannel),
    enabled: !banned,
  });
  const [characterId, setCharacterId] = useState<string | null>(null);
  const [channelId, setChannelId] = useState<string | null>(null);
  const [sendRefusal, setSendRefusal] = useState<string | null>(null);
  const [reporting, setReporting] = useState<ReportTarget | null>(null);
  const { lines, status, failure } = useChatSession(channelId ?? '', channelId ? characterId : null);
  const send = useSendChatMessage(channelId ?? '');
  const names = useMemo(() => new Map((characters.data ?? []).map((c) => [c.id, c.name])), [characters.data]);

  async function sendMessage(text: string) {
    if (!characterId || !channelId) {
      notify.error(NO_CHARACTER_SELECTED);
      throw new Error(NO_CHARACTER_SELECTED);
    }
    try {
      await send.mutateAsync({ characterId, content: text });
      setSendRefusal(null);
    } catch (error) {
      const refusal = sanctionRefusalOf(error);
      setSendRefusal(refusal);
      notify.error(sendFailedText(refusal ?? (isNetworkFailure(error) ? CHAT_SERVER_UNREACHABLE : rpcFailureText(error))), { key: 'chat-send-refused' });
      throw error;
    }
  }

  const failed = characters.isError ? characters : channels.isError ? channels : null;
  return (
    <div className="mx-auto max-w-4xl px-4 py-10 sm:px-6">
      <title>Chat · SRO</title>
      <h1 className="font-display text-2xl font-bold tracking-wide text-white">Chat</h1>
      <p className="mt-1 text-sm text-slate-300">Talk in a channel as one of your characters.</p>
      {banned ? (
        <div className="mt-6">
          <BannedAccountNotice />
        </div>
      ) : failed ? (
        <div className="mt-6">
          <ListLoadError what={failed === characters ? 'your characters' : 'channels'} error={failed.error} onRetry={() => void failed.refetch()} />
        </div>
      ) : (
        <section aria-label="Live chat" className="mt-6 flex h-[70vh] min-h-80 flex-col overflow-hidden rounded-xl border border-white/10 bg-night-900/70">
          <div className="flex flex-col gap-3 border-b border-white/10 p-3 sm:flex-row sm:items-end">
            <div className="min-w-0 sm:w-60">
              <SelectWithFilter
                label="Character"
                options={(characters.data ?? []).map((c) => ({ value: c.id, label: c.name }))}
                value={characterId}
                onChange={(next) => {
                  setCharacterId(next);
                  setSendRefusal(null);
                }}
                placeholder="Choose your character"
                loadingOptions={characters.isPending}
              />
            </div>
            <div className="min-w-0 sm:w-60">
              <SelectWithFilter
                label="Channel"
                options={(channels.data ?? []).map((c) => ({ value: c.id, label: c.name }))}
                value={channelId}
                onChange={(next) => {
                  setChannelId(next);
                  setSendRefusal(null);
                }}
                placeholder="Choose a channel"
                loadingOptions={channels.isPending}
              />
            </div>
            <ConnectionStatus status={status} />
          </div>
          <ChatMessageList
            lines={lines}
            placeholder={
              characterId && channelId ? (
                status === 'stopped' ? (
                  <p role="alert" className="rounded-lg border border-rose-400/40 bg-rose-950/30 px-4 py-3 text-sm text-rose-100">
                    {failure ?? CHAT_DISCONNECTED}
                  </p>
                ) : (
                  <p className="text-sm text-slate-300">{status === 'connected' ? 'No messages yet.' : 'Connecting…'}</p>
                )
              ) : (
                <p className="text-sm text-slate-300">Choose your character and a channel.</p>
              )
            }
            renderLine={(line, tabStop) => (
              <li
                data-chat-row
                // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- the roving tab stop of the message list
                tabIndex={tabStop ? 0 : -1}
                data-testid="chat-line"
                className={`rounded-lg px-3 py-2 focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-neon-cyan ${line.senderId === characterId ? 'bg-neon-cyan/5' : ''}`}
              >
                <p className="flex flex-wrap items-baseline gap-x-2 text-sm">
                  {/* Other characters' messages can be reported, as the character reading them. */}
                  {line.senderId && line.id && characterId && !names.has(line.senderId) && (
                    <button
                      type="button"
                      tabIndex={tabStop ? 0 : -1}
                      aria-label={`Report this message of ${otherPlayer(line.senderId)}`}
                      onClick={() => setReporting({ messageId: line.id, characterId, senderName: otherPlayer(line.senderId), content: line.content })}
                      className="order-last ml-auto rounded-md px-2 py-0.5 text-xs font-medium text-slate-300 hover:bg-white/10 hover:text-white focus-visible:outline-2 focus-visible:outline-neon-cyan"
                    >
                      Report
                    </button>
                  )}
                  <span className={`font-semibold ${!line.senderId ? 'text-amber-200' : line.senderId === characterId ? 'text-neon-cyan' : 'text-pink-200'}`}>
                    {!line.senderId ? 'System' : (names.get(line.senderId) ?? otherPlayer(line.senderId))}
                  </span>
                  <time dateTime={new Date(line.sentTimeMs).toISOString()} className="text-xs text-slate-400">
                    {formatMessageTime(line.sentTimeMs)}
                  </time>
                </p>
                <p className={`whitespace-pre-wrap break-words text-sm ${line.held ? 'text-slate-400 italic' : 'text-slate-100'}`}>{line.content}</p>
                {line.held && <HeldMark held={line.held} />}
              </li>
            )}
          />
          {sendRefusal && (
            <p role="alert" data-testid="chat-send-refusal" className="border-t border-rose-400/30 bg-rose-950/40 px-4 py-2 text-sm text-rose-100">
              {sendRefusal}
            </p>
          )}
          <ChatComposer onSend={sendMessage} />
        </section>
      )}
      <ReportMessageDialog
        target={reporting}
        onClose={() => setReporting(null)}
        onReported={() => {
          setReporting(null);
          notify.success('Thanks, your report was sent. Follow it under Your reports.');
        }}
      />
    </div>
  );
}
