import type { MessageSearch } from '../../../lib/api/chat-moderation';

/** /admin/messages filters as the URL keeps them. Dates are datetime-local values (local time); '' = open end. */
export interface MessageFilters {
  text: string;
  /** A character id or part of a name. */
  sender: string;
  channelId: string;
  from: string;
  to: string;
}

export const MESSAGES_PAGE_SIZE = 50;

const KEYS = ['text', 'sender', 'channel', 'from', 'to'] as const;

export function messageFiltersFromSearch(params: URLSearchParams): MessageFilters {
  return {
    text: params.get('text') ?? '',
    sender: params.get('sender') ?? '',
    channelId: params.get('channel') ?? '',
    from: params.get('from') ?? '',
    to: params.get('to') ?? '',
  };
}

export function messageFiltersToSearch(f: MessageFilters): URLSearchParams {
  const params = new URLSearchParams();
  const values: Record<(typeof KEYS)[number], string> = { text: f.text, sender: f.sender.trim(), channel: f.channelId, from: f.from, to: f.to };
  for (const key of KEYS) if (values[key]) params.set(key, values[key]);
  return params;
}

/** A datetime-local value as inclusive unix milliseconds (0: open); 'To' covers its whole minute. */
export function localInputToMs(value: string, edge: 'start' | 'end'): number {
  if (!value) return 0;
  const ms = new Date(value).getTime();
  if (Number.isNaN(ms)) return 0;
  return edge === 'end' ? ms + 59_999 : ms;
}

/** Unix milliseconds as a datetime-local value (local time, whole minutes), the inverse of `localInputToMs`. */
export function msToLocalInput(ms: number): string {
  const d = new Date(ms);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

/** /admin/messages around one message: its channel, five minutes either side. */
export function contextPath(message: { channelId: string; sentAtMs: number }): string {
  const params = messageFiltersToSearch({
    text: '',
    sender: '',
    channelId: message.channelId,
    from: msToLocalInput(message.sentAtMs - CONTEXT_MS),
    to: msToLocalInput(message.sentAtMs + CONTEXT_MS),
  });
  return `messages?${params.toString()}`;
}
const CONTEXT_MS = 5 * 60_000;

export const MESSAGES_RANGE_ERROR = "'From' must not be after 'To'";

export function messagesRangeError(f: Pick<MessageFilters, 'from' | 'to'>): string | undefined {
  const from = localInputToMs(f.from, 'start');
  const to = localInputToMs(f.to, 'end');
  return from && to && from > to ? MESSAGES_RANGE_ERROR : undefined;
}

/** SearchChatMessages for one page: `pageToken` from the previous page ('' for the first). */
export function messageSearchOf(f: MessageFilters, pageToken: string): MessageSearch {
  return {
    channelId: f.channelId,
    text: f.text,
    sender: f.sender.trim(),
    fromMs: localInputToMs(f.from, 'start'),
    toMs: localInputToMs(f.to, 'end'),
    limit: MESSAGES_PAGE_SIZE,
    pageToken,
  };
}

/**
 * Keyset pages as the table's numbered pages: page i is read with tokens[i] ('' for the first). Going forward
 * stores the page's next token; going back reuses what is stored. The row count makes "Next" live only when the
 * server said there is more.
 */
export function pagedRowCount(pageIndex: number, rowsOnPage: number, hasNext: boolean): number {
  return pageIndex * MESSAGES_PAGE_SIZE + rowsOnPage + (hasNext ? 1 : 0);
}
