import { useMemo, useState } from 'react';
import { BannedAccountNotice } from '../../components/banned-account-notice';
import { ListLoadError } from '../../components/load-error';
import { useNotify } from '../../components/notifications/notification-context';
import { SelectWithFilter } from '../../components/select/select-with-filter';
import { useOwnCharacters } from '../../lib/api/characters';
import { useMyChannels } from '../../lib/api/chat-channels';
import { isBanned } from '../../lib/auth/access';
import { useSession } from '../../lib/auth/session-context';
import { sanctionRefusalText } from '../../lib/sanctions/sanction-refusal';
import { ChatComposer } from './chat-composer';
import { ChatMessageList } from './chat-message-list';
import { CHAT_DISCONNECTED } from './chat-texts';
import { ConnectionStatus } from './connection-status';
import { LazyReportMessageDialog } from './lazy-report-message-dialog';
import type { ReportTarget } from './report-message-dialog';
import { PlayerChatLine } from './player-chat-line';
import { type ChatSessionStatus } from './chat-session';
import { useChatSession } from './use-chat-session';
import { usePlayerChatSend } from './use-player-chat-send';

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
  const notify = useNotify();
  const characters = useOwnCharacters(ownerId, !banned);
  const channels = useMyChannels(!banned);
  const [characterId, setCharacterId] = useState<string | null>(null);
  const [channelId, setChannelId] = useState<string | null>(null);
  const [reporting, setReporting] = useState<ReportTarget | null>(null);
  const { lines, status, failure, sanction } = useChatSession(channelId ?? '', channelId ? characterId : null);
  const { sendMessage, sendSanction, setSendSanction } = usePlayerChatSend(channelId, characterId);
  // What holds now: a ban that ended the stream outranks a mute a send met before it.
  const holding = sanction ?? sendSanction;
  const names = useMemo(() => new Map((characters.data ?? []).map((c) => [c.id, c.name])), [characters.data]);

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
            <CharacterAndChannelPickers
              characters={characters}
              channels={channels}
              characterId={characterId}
              channelId={channelId}
              onCharacterChange={(next) => {
                setCharacterId(next);
                setSendSanction(null);
              }}
              onChannelChange={(next) => {
                setChannelId(next);
                setSendSanction(null);
              }}
            />
            <ConnectionStatus status={status} />
          </div>
          <ChatMessageList
            lines={lines}
            placeholder={<ListPlaceholder ready={!!characterId && !!channelId} status={status} failure={sanction ? null : failure} />}
            renderLine={(line, tabStop) => (
              <PlayerChatLine
                line={line}
                tabStop={tabStop}
                characterId={characterId}
                ownNames={names}
                onReport={(reported, senderName) => characterId && setReporting({ messageId: reported.id, characterId, senderName, content: reported.content })}
              />
            )}
          />
          {holding && (
            <p role="alert" data-testid="chat-send-refusal" className="border-t border-rose-400/30 bg-rose-950/40 px-4 py-2 text-sm text-rose-100">
              {sanctionRefusalText(holding)}
            </p>
          )}
          <ChatComposer onSend={sendMessage} disabledReason={sanction ? 'Sending is closed while this ban holds.' : undefined} />
        </section>
      )}
      <LazyReportMessageDialog
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

/** What the message list shows while it has no lines. */
function ListPlaceholder({ ready, status, failure }: { ready: boolean; status: ChatSessionStatus | 'idle'; failure: string | null }) {
  if (!ready) return <p className="text-sm text-slate-300">Choose your character and a channel.</p>;
  if (status === 'stopped' && failure !== null) {
    return (
      <p role="alert" className="rounded-lg border border-rose-400/40 bg-rose-950/30 px-4 py-3 text-sm text-rose-100">
        {failure}
      </p>
    );
  }
  if (status === 'stopped') return <p className="text-sm text-slate-300">{CHAT_DISCONNECTED}</p>;
  return <p className="text-sm text-slate-300">{status === 'connected' ? 'No messages yet.' : 'Connecting…'}</p>;
}

interface PickersProps {
  characters: { data?: readonly { id: string; name: string }[]; isPending: boolean };
  channels: { data?: readonly { id: string; name: string }[]; isPending: boolean };
  characterId: string | null;
  channelId: string | null;
  onCharacterChange: (id: string | null) => void;
  onChannelChange: (id: string | null) => void;
}

/** Which of your characters talks, and in which channel. */
function CharacterAndChannelPickers({ characters, channels, characterId, channelId, onCharacterChange, onChannelChange }: PickersProps) {
  return (
    <>
      <div className="min-w-0 sm:w-60">
        <SelectWithFilter
          label="Character"
          options={(characters.data ?? []).map((c) => ({ value: c.id, label: c.name }))}
          value={characterId}
          onChange={onCharacterChange}
          placeholder="Choose your character"
          loadingOptions={characters.isPending}
        />
      </div>
      <div className="min-w-0 sm:w-60">
        <SelectWithFilter
          label="Channel"
          options={(channels.data ?? []).map((c) => ({ value: c.id, label: c.name }))}
          value={channelId}
          onChange={onChannelChange}
          placeholder="Choose a channel"
          loadingOptions={channels.isPending}
        />
      </div>
    </>
  );
}
