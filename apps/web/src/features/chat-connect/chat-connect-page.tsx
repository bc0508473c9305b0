import { useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { buttonClasses } from '../../components/button-styles';
import { CharacterSelect } from '../../components/character-select';
import type { MessageToDelete } from '../../components/delete-message-dialog';
import { LazyDeleteMessageDialog } from '../../components/lazy-delete-message-dialog';
import { ItemLoadError } from '../../components/load-error';
import { PageHeader } from '../../components/page-header';
import { useChannel } from '../../lib/api/chat-channels';
import { useRequiredParam } from '../../lib/use-required-param';
import { ChatComposer } from './chat-composer';
import { ChatMessageItem } from './chat-message-item';
import { ChatMessageList } from './chat-message-list';
import { CHAT_DISCONNECTED, CHAT_ID_REQUIRED, SELECT_CHARACTER_INFO } from './chat-texts';
import { ConnectionStatus } from './connection-status';
import { useChatSession, type ChatViewStatus } from './use-chat-session';
import { useChatConnectActions } from './use-chat-connect-actions';

/** A message to sanction: its sender, the channel, and the text (quoted as context). */
export interface SanctionRequest {
  characterId: string;
  characterName: string;
  channelId: string;
  channelName?: string;
  quote: string;
  /** The stored message's id ('' from an older server): the sanction freezes it and its channel around it. */
  messageId?: string;
}

export interface ChatConnectPageProps {
  /** The full sanction dialog for a message (the sanctions feature renders it; app/ wires it in). */
  renderSanctionDialog?: (request: SanctionRequest, onClose: () => void) => ReactNode;
}

/** /admin/chats/:id/connect: read and write a channel live as a chosen character, and ban senders. */
export default function ChatConnectPage({ renderSanctionDialog }: ChatConnectPageProps = {}) {
  const channelId = useRequiredParam('id', CHAT_ID_REQUIRED);
  const channel = useChannel(channelId);
  const [characterId, setCharacterId] = useState<string | null>(null);
  const { lines, status, failure } = useChatSession(channelId, characterId);
  const [sanctioning, setSanctioning] = useState<SanctionRequest | null>(null);
  const [deleting, setDeleting] = useState<MessageToDelete | null>(null);
  const { sendMessage, banSender, sendRefusal, setSendRefusal } = useChatConnectActions(channelId, characterId);

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
          placeholder={<ChatPlaceholder characterId={characterId} status={status} failure={failure} />}
          renderLine={(line, tabStop) => (
            <ChatMessageItem
              line={line}
              ownCharacterId={characterId}
              onBan={banSender}
              onSanction={
                renderSanctionDialog &&
                ((sanctioned, senderName) =>
                  setSanctioning({
                    characterId: sanctioned.senderId,
                    characterName: senderName,
                    channelId,
                    channelName: name,
                    quote: sanctioned.content,
                    messageId: sanctioned.id,
                  }))
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
      <LazyDeleteMessageDialog message={deleting} onClose={() => setDeleting(null)} />
    </>
  );
}

/** What the message list shows while it has no messages: choose a character, connecting, or why it stopped. */
function ChatPlaceholder({ characterId, status, failure }: { characterId: string | null; status: ChatViewStatus; failure: string | null }) {
  return characterId ? (
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
  );
}
