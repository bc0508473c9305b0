import { DEFAULT_PAGE_SIZE, PAGE_SIZE_OPTIONS } from '../../../components/table/pagination';
import type { ChatLogsRequest } from '../../../lib/api/chat-moderation';

/** The history page's filters as the URL keeps them (so a filtered page can be linked and reloaded). */
export interface HistoryFilters {
  senderId: string;
  /** A case-insensitive part of the content; absent or '' = any. */
  text?: string;
  /** datetime-local values ('2025-01-31T18:30'), local time; empty = open end. */
  from: string;
  to: string;
  pageIndex: number;
  pageSize: number;
}

export const RANGE_ERROR = "'From' must not be after 'To'";

/**
 * A datetime-local value as unix seconds. The inputs pick whole minutes, so 'To' covers its whole minute
 * (GetChatLogs' bounds are inclusive seconds): to 18:30 includes a message sent at 18:30:45.
 */
export function localInputToUnixSeconds(value: string, edge: 'start' | 'end'): number | undefined {
  if (!value) return undefined;
  const ms = new Date(value).getTime();
  if (Number.isNaN(ms)) return undefined;
  const seconds = Math.floor(ms / 1000);
  return edge === 'end' ? seconds + 59 : seconds;
}

export function rangeError(filters: Pick<HistoryFilters, 'from' | 'to'>): string | undefined {
  const after = localInputToUnixSeconds(filters.from, 'start');
  const before = localInputToUnixSeconds(filters.to, 'end');
  return after !== undefined && before !== undefined && after > before ? RANGE_ERROR : undefined;
}

/** The GetChatLogs request for one page of the filtered history (newest first, as the server sends it). */
export function chatLogsRequest(channelId: string, f: HistoryFilters): ChatLogsRequest {
  const after = localInputToUnixSeconds(f.from, 'start');
  const before = localInputToUnixSeconds(f.to, 'end');
  return {
    channelId,
    ...(f.senderId ? { senderId: f.senderId } : {}),
    ...(f.text ? { text: f.text } : {}),
    ...(after !== undefined ? { after: BigInt(after) } : {}),
    ...(before !== undefined ? { before: BigInt(before) } : {}),
    limit: BigInt(f.pageSize),
    offset: BigInt(f.pageIndex * f.pageSize),
  };
}

const positive = (value: string | null, fallback: number) => {
  const n = Number(value);
  return Number.isInteger(n) && n >= 0 ? n : fallback;
};

export function filtersFromSearch(params: URLSearchParams): HistoryFilters {
  const size = positive(params.get('size'), DEFAULT_PAGE_SIZE);
  return {
    senderId: params.get('sender') ?? '',
    ...(params.get('text') ? { text: params.get('text')! } : {}),
    from: params.get('from') ?? '',
    to: params.get('to') ?? '',
    // The URL's page is one-based for people; the table's index is zero-based.
    pageIndex: Math.max(0, positive(params.get('page'), 1) - 1),
    pageSize: (PAGE_SIZE_OPTIONS as readonly number[]).includes(size) ? size : DEFAULT_PAGE_SIZE,
  };
}

export function filtersToSearch(f: HistoryFilters): URLSearchParams {
  const params = new URLSearchParams();
  if (f.senderId) params.set('sender', f.senderId);
  if (f.text) params.set('text', f.text);
  if (f.from) params.set('from', f.from);
  if (f.to) params.set('to', f.to);
  if (f.pageIndex > 0) params.set('page', String(f.pageIndex + 1));
  if (f.pageSize !== DEFAULT_PAGE_SIZE) params.set('size', String(f.pageSize));
  return params;
}
