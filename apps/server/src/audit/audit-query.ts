import { invalidArgument } from "../platform/validation.js";
import { hasControlCharacters } from "../platform/validation.js";
import { timeBound } from "../platform/time-bound.js";
import type { AuditQuery } from "./audit-store.js";

export const DEFAULT_LIMIT = 50;
export const MAX_LIMIT = 500;
const MAX_FILTER_LENGTH = 200;

export interface ListAuditRecordsInput {
  actor: string;
  action: string;
  targetType: string;
  targetId: string;
  accountId: string;
  fromMs: bigint;
  toMs: bigint;
  limit: number;
  offset: number;
}

function filterText(value: string, field: string): string | undefined {
  if (value === "") return undefined;
  if ([...value].length > MAX_FILTER_LENGTH) throw invalidArgument(field, `must be at most ${MAX_FILTER_LENGTH} characters`);
  if (hasControlCharacters(value)) throw invalidArgument(field, "must not contain control characters");
  return value;
}

/** ListAuditRecords' request as a store query; bad filters are INVALID_ARGUMENT naming the field. */
export function auditQueryOf(input: ListAuditRecordsInput): AuditQuery {
  if (input.limit < 0) throw invalidArgument("limit", `must be 0 (the default, ${DEFAULT_LIMIT}) or 1..${MAX_LIMIT}`);
  if (input.limit > MAX_LIMIT) throw invalidArgument("limit", `must be at most ${MAX_LIMIT}`);
  if (input.offset < 0) throw invalidArgument("offset", "must be 0 or more");
  const fromMs = timeBound(input.fromMs, "from_ms");
  const toMs = timeBound(input.toMs, "to_ms");
  if (fromMs !== undefined && toMs !== undefined && fromMs > toMs) throw invalidArgument("from_ms", "must not be after to_ms");
  const action = filterText(input.action, "action");
  return {
    actor: filterText(input.actor, "actor"),
    ...(action === undefined ? {} : action.endsWith(".") ? { actionPrefix: action } : { action }),
    targetType: filterText(input.targetType, "target_type"),
    targetId: filterText(input.targetId, "target_id"),
    accountId: filterText(input.accountId, "account_id"),
    fromMs,
    toMs,
    limit: input.limit === 0 ? DEFAULT_LIMIT : input.limit,
    offset: input.offset,
  };
}

/** Record ids are positive integers; anything else is INVALID_ARGUMENT, never a database error. */
export function requireRecordId(value: string): number {
  if (value === "") throw invalidArgument("id", "is required");
  if (!/^[1-9][0-9]{0,15}$/.test(value) || !Number.isSafeInteger(Number(value))) throw invalidArgument("id", "must be an audit record id (a positive integer)");
  return Number(value);
}
