import { AreaLink } from '../../../components/area-link';
import { ListLoadError } from '../../../components/load-error';
import { useMessageSearch } from '../../../lib/api/chat-moderation';
import { formatLocalTime } from '../../../lib/sanctions/sanction-records';
import { contextPath } from './messages-query';

/** How many of the account's latest channel messages the player page shows. */
const RECENT_MESSAGES = 10;

/**
 * The player page's recent messages: the latest channel messages of the account's characters (direct messages are
 * not stored searchable), each with a link to its channel around it, where the message history is the area's.
 */
export function AccountMessages({ accountId, username }: { accountId: string; username: string }) {
  const search = useMessageSearch(
    { channelId: '', text: '', sender: '', fromMs: 0, toMs: 0, limit: RECENT_MESSAGES, pageToken: '', senderAccountId: accountId },
    true,
  );
  const data = search.data;
  if (search.isError && !data) return <ListLoadError what="messages" error={search.error} onRetry={() => void search.refetch()} />;
  if (!data) return <span className="skeleton block h-24 w-full" />;
  if (data.messages.length === 0) return <p className="text-sm text-slate-300">{`No channel message of ${username}'s characters is stored.`}</p>;
  return (
    <ul className="divide-y divide-white/5 rounded-xl border border-white/10 bg-night-900/70 text-sm" aria-label={`Recent messages of ${username}`}>
      {data.messages.map((m) => (
        <li key={m.id} data-testid="account-message" className="space-y-1 px-3 py-2">
          <p className="flex flex-wrap items-center justify-between gap-2 text-slate-300">
            <span>
              <span className="font-semibold text-white">{m.senderName || m.senderId}</span> in {m.channelName || 'a deleted channel'} ·{' '}
              <time dateTime={new Date(m.sentAtMs).toISOString()}>{formatLocalTime(m.sentAtMs)}</time>
            </span>
            <AreaLink path={contextPath(m)} className="font-medium text-neon-cyan underline-offset-4 hover:underline">
              In context<span className="sr-only">{`: ${m.senderName || m.senderId}, ${formatLocalTime(m.sentAtMs)}`}</span>
            </AreaLink>
          </p>
          <p className="whitespace-pre-wrap break-words text-slate-100">{m.content}</p>
        </li>
      ))}
    </ul>
  );
}
