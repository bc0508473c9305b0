import { DEFAULT_PAGE_SIZE, PAGE_SIZE_OPTIONS } from '../../../components/table/pagination';
import type { AuditRequest } from '../../../lib/api/audit';
export { auditHistoryHref } from '../../../lib/audit-history';

/** The audit log's filters as the URL keeps them (a filtered view can be linked, reloaded and gone back to). */
export interface AuditFilters {
  /** Exact actor id, or part of the actor's name. */
  actor: string;
  /** Exact action, or a prefix ending in '.'. */
  action: string;
  targetType: string;
  targetId: string;
  /** datetime-local values ('2026-01-31T18:30'), local time; empty = open end. */
  from: string;
  to: string;
  pageIndex: number;
  pageSize: number;
}

/** The action prefixes the server writes (actions are '<target type>.<verb>'), offered in the action filter. */
export const ACTION_SUGGESTIONS = [
  'character.',
  'chat-channel.',
  'dimension.',
  'map.',
  'game-server.',
  'sanction.',
  'moderation-settings.',
  'user.',
  'console.sign-in',
  'console.step-up',
  'role.',
  'role-mapping.',
  // Reads of personal data (docs/moderation.md "Audit log"): the users API, sessions, someone else's direct messages,
  // exports.
  'user.read',
  'user.sessions.read',
  'direct-messages.read',
  'audit.export',
] as const;

export const TARGET_TYPES = [
  'character',
  'chat-channel',
  'dimension',
  'map',
  'game-server',
  'user',
  'sanction',
  'moderation-settings',
  'role',
  'role-mapping',
  'audit',
] as const;

export const RANGE_ERROR = "'From' must not be after 'To'";

/** A datetime-local value as unix milliseconds; 'To' covers its whole minute (the inputs pick whole minutes). */
export function localInputToMs(value: string, edge: 'start' | 'end'): number | undefined {
  if (!value) return undefined;
  const ms = new Date(value).getTime();
  if (Number.isNaN(ms)) return undefined;
  return edge === 'end' ? ms + 59_999 : ms;
}

export function rangeError(filters: Pick<AuditFilters, 'from' | 'to'>): string | undefined {
  const from = localInputToMs(filters.from, 'start');
  const to = localInputToMs(filters.to, 'end');
  return from !== undefined && to !== undefined && from > to ? RANGE_ERROR : undefined;
}

/** The ListAuditRecords request for the filters, without paging (the table and the export page it each their way). */
export function auditFilterRequest(f: Omit<AuditFilters, 'pageIndex' | 'pageSize'>): AuditRequest {
  const from = localInputToMs(f.from, 'start');
  const to = localInputToMs(f.to, 'end');
  return {
    ...(f.actor.trim() ? { actor: f.actor.trim() } : {}),
    ...(f.action.trim() ? { action: f.action.trim() } : {}),
    ...(f.targetType ? { targetType: f.targetType } : {}),
    ...(f.targetId.trim() ? { targetId: f.targetId.trim() } : {}),
    ...(from !== undefined ? { fromMs: BigInt(from) } : {}),
    ...(to !== undefined ? { toMs: BigInt(to) } : {}),
  };
}

/** One page of the filtered log, newest first. */
export function auditPageRequest(f: AuditFilters): AuditRequest {
  return { ...auditFilterRequest(f), limit: f.pageSize, offset: f.pageIndex * f.pageSize };
}

const nonNegative = (value: string | null, fallback: number) => {
  const n = Number(value);
  return value !== null && Number.isInteger(n) && n >= 0 ? n : fallback;
};

// The URL names the target filters as the entity pages' 'Audit history' links do.
const KEYS = { actor: 'actor', action: 'action', targetType: 'target_type', targetId: 'target_id', from: 'from', to: 'to' } as const;

export function filtersFromSearch(params: URLSearchParams): AuditFilters {
  const size = nonNegative(params.get('size'), DEFAULT_PAGE_SIZE);
  return {
    actor: params.get(KEYS.actor) ?? '',
    action: params.get(KEYS.action) ?? '',
    targetType: params.get(KEYS.targetType) ?? '',
    targetId: params.get(KEYS.targetId) ?? '',
    from: params.get(KEYS.from) ?? '',
    to: params.get(KEYS.to) ?? '',
    // The URL's page is one-based for people; the table's index is zero-based.
    pageIndex: Math.max(0, nonNegative(params.get('page'), 1) - 1),
    pageSize: (PAGE_SIZE_OPTIONS as readonly number[]).includes(size) ? size : DEFAULT_PAGE_SIZE,
  };
}

export function filtersToSearch(f: AuditFilters): URLSearchParams {
  const params = new URLSearchParams();
  for (const key of Object.keys(KEYS) as (keyof typeof KEYS)[]) if (f[key]) params.set(KEYS[key], f[key]);
  if (f.pageIndex > 0) params.set('page', String(f.pageIndex + 1));
  if (f.pageSize !== DEFAULT_PAGE_SIZE) params.set('size', String(f.pageSize));
  return params;
}

const ENTITY_PAGES: Record<string, string> = {
  character: '/admin/characters',
  'chat-channel': '/admin/chats',
  dimension: '/admin/dimensions',
  map: '/admin/maps',
  // The sanctions pages come with the sanctions UI .
  sanction: '/admin/sanctions',
  // An account: its player page.
  user: '/admin/accounts',
  account: '/admin/accounts',
};

/** The console page of a record's target, when the console has one and the record did not delete it. */
export function targetHref(record: { targetType: string; targetId: string; action: string }): string | undefined {
  const base = ENTITY_PAGES[record.targetType];
  if (!base || !record.targetId || record.action.endsWith('.delete')) return undefined;
  return `${base}/${encodeURIComponent(record.targetId)}`;
}
