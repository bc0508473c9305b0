import { useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { buttonClasses } from '../../components/button-styles';
import { CharacterSelect } from '../../components/character-select';
import { DeleteMessageDialog, type MessageToDelete } from '../../components/delete-message-dialog';
import { ItemLoadError } from '../../components/load-error';
import { useNotify } from '../../components/notifications/notification-context';
import { PageHeader } from '../../components/page-header';
import { useChannel } from '../../lib/api/chat-channels';
import { isNetworkFailure, rpcFailureText } from '../../lib/rpc/rpc-error';
import { sanctionRefusalOf } from '../../lib/sanctions/sanction-refusal';
import { useRequiredParam } from '../../lib/use-required-param';
import { useBanFromChannel, useSendChatMessage } from './chat-api';
import { ChatComposer } from './chat-composer';
import { ChatMessageItem } from './chat-message-item';
import { ChatMessageList } from './chat-message-list';
import {
  banFailedText,
  banSuccessText,
  CHAT_DISCONNECTED,
  CHAT_ID_REQUIRED,
  CHAT_SERVER_UNREACHABLE,
  NO_CHARACTER_SELECTED,
  SELECT_CHARACTER_INFO,
  sendFailedText,
  type BanOption,
} from './chat-texts';
import { ConnectionStatus } from './connection-status';
import { useChatSession } from './use-chat-session';

/** A message to sanction: its sender, the channel, and the text (quoted as context). */
export interface SanctionRequest {
  characterId: string;
  characterName: string;
  channelId: string;
  channelName?: string;
  quote: string;
}

export interface ChatConnectPageProps {
  /** The full sanction dialog for a message (the sanctions feature renders it; app/ wires it in). */
  renderSanctionDialog?: (request: SanctionRequest, onClose: () => void) => ReactNode;
}

/** '{code}: {message}' from the server, or what a failed fetch means. */
const callFailureText = (error: unknown) => (isNetworkFailure(error) ? CHAT_SERVER_UNREACHABLE : rpcFailureText(error));

/** /admin/chats/:id/connect: read and write a channel live as a chosen character, and ban senders. */
export default function ChatConnectPage({ renderSanctionDialog }: ChatConnectPageProps = {}) {
  const channelId = useRequiredParam('id', CHAT_ID_REQUIRED);
  const channel = useChannel(channelId);
  const [characterId, setCharacterId] = useState<string | null>(null);
  const { lines, status, failure } = useChatSession(channelId, characterId);
  const send = useSendChatMessage(channelId);
  const ban = useBanFromChannel(channelId);
  const notify = useNotify();
  const [sanctioning, setSanctioning] = useState<SanctionRequest | null>(null);
  const [deleting, setDeleting] = useState<MessageToDelete | null>(null);
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

  // An unknown channel: 'Item with ID {id} not found' and a way back, not a usable chat under a title skeleton.
  if (channel.isError) {
    return (
      <>
        <title>Chat · Connect · SRO Admin</title>
        <ItemLoadError what="chat" error={channel.error} backTo="/admin/chats" backLabel="Back to chats" onRetry={() => void channel.refetch()} />
      </>
    );
  }
  const name = channel.data?.name;
  return (
    <>
      <title>{`${name ?? 'Chat'} · Connect · SRO Admin`}</title>
      <PageHeader
        title={name ?? <span className="skeleton inline-block h-7 w-48 align-middle" />}
        description="Live chat: read and write as one character; a message's menu bans or sanctions its sender, or deletes it."
        actions={
          <Link to={`/admin/chats/${channelId}/history`} className={buttonClasses('secondary')}>
            History
          </Link>
        }
      />
      <section aria-label="Live chat" className="flex h-[75vh] min-h-80 flex-col overflow-hidden rounded-xl border border-white/10 bg-night-900/70">
        <div className="flex flex-col gap-3 border-b border-white/10 p-3 sm:flex-row sm:items-end">
          <div className="min-w-0 sm:w-80">
            <CharacterSelect
              label="Connect as"
              value={characterId}
              onChange={(next) => {
                setCharacterId(next);
                setSendRefusal(null);
              }}
              placeholder="Choose a character"
            />
          </div>
          <ConnectionStatus status={status} />
        </div>
        <ChatMessageList
          lines={lines}
          placeholder={
            characterId ? (
              status === 'stopped' ? (
                // Refused for good (PERMISSION_DENIED, UNAUTHENTICATED, …): say so, never 'Connecting…' forever.
                <p role="alert" className="rounded-lg border border-rose-400/40 bg-rose-950/30 px-4 py-3 text-sm text-rose-100">
                  {failure ?? CHAT_DISCONNECTED}
                </p>
              ) : (
                <p className="text-sm text-slate-300">{status === 'connected' ? 'No messages yet.' : 'Connecting…'}</p>
              )
            ) : (
              <p className="flex items-center gap-2 rounded-lg border border-cyan-300/30 bg-cyan-400/10 px-4 py-3 text-sm text-cyan-100">
                <svg aria-hidden="true" viewBox="0 0 20 20" className="size-5 shrink-0" fill="currentColor">
                  <path d="M10 18a8 8 0 100-16 8 8 0 000 16zm-.75-11.5a.75.75 0 111.5 0 .75.75 0 01-1.5 0zM9.25 9h1.5v5h-1.5z" />
                </svg>
                {SELECT_CHARACTER_INFO}
              </p>
            )
          }
          renderLine={(line, tabStop) => (
            <ChatMessageItem
              line={line}
              ownCharacterId={characterId}
              onBan={banSender}
              onSanction={
                renderSanctionDialog &&
                ((sanctioned, senderName) =>
                  setSanctioning({ characterId: sanctioned.senderId, characterName: senderName, channelId, channelName: name, quote: sanctioned.content }))
              }
              onDelete={(line, senderName) => setDeleting({ id: line.id, senderName, content: line.content })}
              tabStop={tabStop}
            />
          )}
        />
        {sendRefusal && (
          <p role="alert" data-testid="chat-send-refusal" className="border-t border-rose-400/30 bg-rose-950/40 px-4 py-2 text-sm text-rose-100">
            {sendRefusal}
          </p>
        )}
        <ChatComposer onSend={sendMessage} />
      </section>
      {sanctioning && renderSanctionDialog?.(sanctioning, () => setSanctioning(null))}
      <DeleteMessageDialog message={deleting} onClose={() => setDeleting(null)} />
    </>
  );
}
