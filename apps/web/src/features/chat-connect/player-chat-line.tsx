import type { ChatLine } from './chat-line';
import { preloadReportDialog } from './lazy-report-message-dialog';
import { HeldMark } from './held-mark';
import { formatMessageTime } from './message-time';

/**
 * Who wrote a line, as a player may know it: 'System', one of their own characters' names, or the name the server
 * sent with the message; 'Unknown ({id})' when it sent none (a deleted character, an older server).
 */
export function speakerName(line: ChatLine, ownNames: ReadonlyMap<string, string>): string {
  if (!line.senderId) return 'System';
  return ownNames.get(line.senderId) ?? (line.senderName || `Unknown (${line.senderId})`);
}

interface Props {
  line: ChatLine;
  tabStop: boolean;
  /** The character the player reads as. */
  characterId: string | null;
  ownNames: ReadonlyMap<string, string>;
  onReport: (line: ChatLine, senderName: string) => void;
}

/** One line of the player's chat: speaker, time, text, and Report on other characters' stored messages. */
export function PlayerChatLine({ line, tabStop, characterId, ownNames, onReport }: Props) {
  const speaker = speakerName(line, ownNames);
  const reportable = !!line.senderId && !!line.id && !!characterId && !ownNames.has(line.senderId);
  return (
    <li
      data-chat-row
      // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- the roving tab stop of the message list
      tabIndex={tabStop ? 0 : -1}
      data-testid="chat-line"
      className={`rounded-lg px-3 py-2 focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-neon-cyan ${line.senderId === characterId ? 'bg-neon-cyan/5' : ''}`}
    >
      <p className="flex flex-wrap items-baseline gap-x-2 text-sm">
        {/* Other characters' messages can be reported, as the character reading them. */}
        {reportable && (
          <button
            type="button"
            tabIndex={tabStop ? 0 : -1}
            aria-label={`Report this message of ${speaker}`}
            onMouseEnter={preloadReportDialog}
            onFocus={preloadReportDialog}
            onClick={() => onReport(line, speaker)}
            className="order-last ml-auto rounded-md px-2 py-0.5 text-xs font-medium text-slate-300 hover:bg-white/10 hover:text-white focus-visible:outline-2 focus-visible:outline-neon-cyan"
          >
            Report
          </button>
        )}
        <span
          data-testid="chat-speaker"
          className={`font-semibold ${!line.senderId ? 'text-amber-200' : line.senderId === characterId ? 'text-neon-cyan' : 'text-pink-200'}`}
        >
          {speaker}
        </span>
        <time dateTime={new Date(line.sentTimeMs).toISOString()} className="text-xs text-slate-400">
          {formatMessageTime(line.sentTimeMs)}
        </time>
      </p>
      <p className={`whitespace-pre-wrap break-words text-sm ${line.held ? 'text-slate-400 italic' : 'text-slate-100'}`}>{line.content}</p>
      {line.held && <HeldMark held={line.held} />}
    </li>
  );
}
