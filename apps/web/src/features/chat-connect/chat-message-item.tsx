import { useCharacterLabel } from '../../components/character-name';
import { useCharacter } from '../../lib/api/characters';
import { useSession } from '../../lib/auth/session-context';
import { HeldMark } from './held-mark';
import type { ChatLine } from './chat-line';
import type { BanOption } from './chat-texts';
import { MessageMenu } from './message-menu';
import { formatMessageTime } from './message-time';

interface Props {
  line: ChatLine;
  /** The character the admin is connected as: their own lines are marked, and offer no ban. */
  ownCharacterId: string | null;
  onBan: (senderId: string, senderName: string, option: BanOption) => void;
  /** Opens the full sanction dialog for this line (absent: the menu offers the bans only). */
  onSanction?: (line: ChatLine, senderName: string) => void;
  /** Opens the delete dialog for this line (absent, or a line without an id: no such item). */
  onDelete?: (line: ChatLine, senderName: string) => void;
  /** This line is the list's one tab stop (ChatMessageList's roving focus). */
  tabStop: boolean;
}

export function ChatMessageItem({ line, ownCharacterId, onBan, onSanction, onDelete, tabStop }: Props) {
  const sender = useCharacterLabel(line.senderId);
  const system = !line.senderId;
  const own = !system && line.senderId === ownCharacterId;
  // The same cached lookup as the label: whose character it is. Staff do not sanction their own characters either.
  const ownerId = useCharacter(line.senderId).data?.ownerId;
  const callerId = useSession().user?.id;
  const mine = own || (!!ownerId && ownerId === callerId);
  return (
    <li
      data-chat-row
      // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- the roving tab stop of the message list: arrow keys move between rows, each row holds its menu
      tabIndex={tabStop ? 0 : -1}
      className={`group flex items-start gap-2 rounded-lg px-3 py-2 focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-neon-cyan ${own ? 'bg-neon-cyan/5' : 'hover:bg-white/5'}`}
      data-testid="chat-line"
    >
      <div className="min-w-0 flex-1">
        <p className="flex flex-wrap items-baseline gap-x-2 text-sm">
          <span className={`font-semibold ${system ? 'text-amber-200' : own ? 'text-neon-cyan' : 'text-pink-200'} ${sender.pending ? 'opacity-60' : ''}`}>
            {sender.label}
          </span>
          <time dateTime={new Date(line.sentTimeMs).toISOString()} className="text-xs text-slate-400">
            {formatMessageTime(line.sentTimeMs)}
          </time>
        </p>
        <p className={`whitespace-pre-wrap break-words text-sm ${line.held ? 'text-slate-400 italic' : 'text-slate-100'}`}>{line.content}</p>
        {line.held && <HeldMark held={line.held} />}
      </div>
      {/* Nobody bans themselves: no menu on the caller's own characters' lines (whichever they write as), nor on
          system lines, nor before the sender is known. */}
      {!system && !mine && !sender.pending && (
        <MessageMenu
          senderName={sender.label}
          inTabOrder={tabStop}
          onBan={(option) => onBan(line.senderId, sender.label, option)}
          onSanction={onSanction && (() => onSanction(line, sender.label))}
          onDelete={onDelete && line.id ? () => onDelete(line, sender.label) : undefined}
        />
      )}
    </li>
  );
}
