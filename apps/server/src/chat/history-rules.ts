import { invalidArgument, isUuid, requireText, requireUuid } from "../platform/validation.js";
import { hasControlCharacters } from "../platform/validation.js";
import { MAX_TIME_MS, timeBound } from "../platform/time-bound.js";
import type { PurgeTarget } from "./message-deletion.js";

/**
 * The history browser's and deletion's input rules (docs/moderation.md "History, deletion and purge") as plain
 * functions: every failure is INVALID_ARGUMENT naming the field and the rule.
 */

export const DEFAULT_SEARCH_PAGE = 50;
export const MAX_SEARCH_PAGE = 200;
export const MAX_TEXT_FILTER = 200;
export const MAX_SENDER_FILTER = 64;
export const MAX_REASON = 500;

/** Who sent it: a character id, or a case-insensitive part of a character's name. */
export type SenderFilter = { id: string } | { namePart: string };

export interface MessageFilters {
  /** A case-insensitive substring of the content. */
  text?: string;
  sender?: SenderFilter;
  /** Inclusive unix milliseconds. */
  fromMs?: number;
  toMs?: number;
}

export interface SearchQuery extends MessageFilters {
  channelId?: string;
  limit: number;
  /** Keyset: only messages older than this one (newest first: sent_at DESC, id DESC). */
  after?: PageKey;
}

export interface PageKey {
  sentAtMs: number;
  id: number;
}

/** A free-text filter: "" is no filter; otherwise at most `max` characters and no control characters. */
function filterText(value: string, field: string, max: number): string | undefined {
  if (value === "") return undefined;
  if ([...value].length > max) throw invalidArgument(field, `must be at most ${max} characters`);
  if (hasControlCharacters(value)) throw invalidArgument(field, "must not contain control characters");
  return value;
}

export const textFilter = (value: string | undefined, field = "text"): string | undefined => filterText(value ?? "", field, MAX_TEXT_FILTER);

export function senderFilter(value: string | undefined, field = "sender"): SenderFilter | undefined {
  const sender = filterText((value ?? "").trim(), field, MAX_SENDER_FILTER);
  if (sender === undefined) return undefined;
  return isUuid(sender) ? { id: sender.toLowerCase() } : { namePart: sender };
}

function window(fromMsRaw: bigint, toMsRaw: bigint): { fromMs?: number; toMs?: number } {
  const fromMs = timeBound(fromMsRaw, "from_ms");
  const toMs = timeBound(toMsRaw, "to_ms");
  if (fromMs !== undefined && toMs !== undefined && fromMs > toMs) throw invalidArgument("from_ms", "must not be after to_ms");
  return { fromMs, toMs };
}

/** page_token: "<sent_at ms>.<id>" in base64url, as nextPageToken wrote it. */
export const pageToken = (key: PageKey): string => Buffer.from(`${key.sentAtMs}.${key.id}`).toString("base64url");

function pageKeyOf(token: string): PageKey | undefined {
  if (token === "") return undefined;
  const match = token.length <= 64 ? /^(\d{1,16})\.([1-9]\d{0,17})$/.exec(Buffer.from(token, "base64url").toString("latin1")) : null;
  // A forged token's time past year 9999 would reach the database as a date it cannot read.
  if (!match || Number(match[1]) > MAX_TIME_MS)
    throw invalidArgument("page_token", "is not a token from a previous page; start again with an empty page_token");
  return { sentAtMs: Number(match[1]), id: Number(match[2]) };
}

export function searchQuery(req: {
  channelId: string;
  text: string;
  sender: string;
  fromMs: bigint;
  toMs: bigint;
  limit: number;
  pageToken: string;
}): SearchQuery {
  if (req.limit < 0 || req.limit > MAX_SEARCH_PAGE) throw invalidArgument("limit", `must be 0 (the default, ${DEFAULT_SEARCH_PAGE}) or 1..${MAX_SEARCH_PAGE}`);
  return {
    channelId: req.channelId === "" ? undefined : requireUuid(req.channelId, "channel_id"),
    text: textFilter(req.text),
    sender: senderFilter(req.sender),
    ...window(req.fromMs, req.toMs),
    limit: req.limit === 0 ? DEFAULT_SEARCH_PAGE : req.limit,
    after: pageKeyOf(req.pageToken),
  };
}

/** A moderator's reason for a deletion: 1..500 visible characters, no control characters. */
export const deletionReason = (value: string): string => requireText(value.trim(), "reason", 1, MAX_REASON);

/** A chat message id as on the wire (ChatMessage.id, StoredChatMessage.id): a positive integer. */
export function requireMessageId(value: string, field = "id"): string {
  if (value === "") throw invalidArgument(field, "is required");
  if (!/^[1-9][0-9]{0,17}$/.test(value) || !Number.isSafeInteger(Number(value))) throw invalidArgument(field, "must be a chat message id (a positive integer)");
  return value;
}

/** Exactly one of character_id and account_id, and the window. */
export function purgeTarget(req: { characterId: string; accountId: string; fromMs: bigint; toMs: bigint }): PurgeTarget {
  if (req.characterId !== "" && req.accountId !== "") throw invalidArgument("character_id", "give a character_id or an account_id, not both");
  if (req.characterId === "" && req.accountId === "") throw invalidArgument("character_id", "a character_id or an account_id is required");
  const accountId = req.accountId === "" ? null : filterText(req.accountId, "account_id", 200)!;
  const { fromMs, toMs } = window(req.fromMs, req.toMs);
  return {
    characterId: req.characterId === "" ? null : requireUuid(req.characterId, "character_id"),
    accountId,
    fromMs: fromMs ?? null,
    toMs: toMs ?? null,
  };
}
