import type { EvidenceMessage } from '../lib/chat-evidence';
import { formatLocalTime } from '../lib/sanctions/sanction-records';
import { PlayerLink } from './player-link';

export interface ChatEvidenceProps {
  messages: readonly EvidenceMessage[];
  /** The message the action was taken on: marked in the list. */
  markedId: string;
  markLabel: string;
  /** Shown when no message was kept. */
  emptyText: string;
  headingId: string;
}

const senderLabel = (m: EvidenceMessage) => m.senderName || `Deleted character (${m.senderId.slice(0, 8)})`;

/** Where the messages were: one channel, or a conversation of direct messages. */
const placeText = (m: EvidenceMessage) => (m.channelId ? `In ${m.channelName || 'a deleted channel'}, as it was` : 'Direct messages, as they were');

/**
 * Frozen chat messages kept with a moderation action (a sanction, an appeal's sanction): oldest first, the message
 * acted on marked. Senders link to their player page where the area has one (staff); the player sees names only.
 */
export function ChatEvidence({ messages, markedId, markLabel, emptyText, headingId }: ChatEvidenceProps) {
  return (
    <section aria-labelledby={headingId} className="mt-6 space-y-2">
      <h2 id={headingId} className="text-lg font-semibold text-white">
        Evidence
      </h2>
      {messages.length === 0 ? (
        <p className="text-sm text-slate-300">{emptyText}</p>
      ) : (
        <>
          <p className="text-sm text-slate-300">{placeText(messages[0]!)} when the action was taken.</p>
          <EvidenceList messages={messages} markedId={markedId} markLabel={markLabel} />
        </>
      )}
    </section>
  );
}

/** The frozen messages alone, oldest first, the one acted on marked. */
export function EvidenceList({ messages, markedId, markLabel }: Pick<ChatEvidenceProps, 'messages' | 'markedId' | 'markLabel'>) {
  return (
    <ol className="space-y-1 rounded-xl border border-white/10 bg-night-900/70 p-2">
      {messages.map((m) => (
        <EvidenceItem key={m.id} message={m} marked={m.id === markedId} markLabel={markLabel} />
      ))}
    </ol>
  );
}

function EvidenceItem({ message, marked, markLabel }: { message: EvidenceMessage; marked: boolean; markLabel: string }) {
  return (
    <li
      data-testid="evidence-line"
      aria-current={marked ? 'true' : undefined}
      className={`rounded-lg px-3 py-2 ${marked ? 'border border-amber-300/60 bg-amber-400/10' : ''}`}
    >
      <p className="flex flex-wrap items-baseline gap-x-2 text-sm">
        <PlayerLink accountId={message.senderAccountId} className={`font-semibold ${marked ? 'text-amber-200' : 'text-pink-200'}`}>
          {senderLabel(message)}
        </PlayerLink>
        <time dateTime={new Date(message.sentAtMs).toISOString()} className="text-xs text-slate-400">
          {formatLocalTime(message.sentAtMs)}
        </time>
        {marked && <span className="text-xs font-semibold uppercase tracking-wide text-amber-200">{markLabel}</span>}
      </p>
      <p className="whitespace-pre-wrap break-words text-sm text-slate-100">{message.content}</p>
    </li>
  );
}
