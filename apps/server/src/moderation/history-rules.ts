import { invalidArgument, requireText, requireUuid } from "../platform/validation.js";
import { filterText, senderFilter, textFilter, type MessageFilters } from "../chat/stored-messages.js";
import { MAX_TIME_MS, timeBound } from "../platform/time-bound.js";
import type { PurgeTarget } from "./message-deletion.js";

/**
 * The history browser's and deletion's input rules (docs/moderation.md "History, deletion and purge") as plain
 * functions: every failure is INVALID_ARGUMENT naming the field and the rule.
 */

export const DEFAULT_SEARCH_PAGE = 50;
export const MAX_SEARCH_PAGE = 200;
export const MAX_REASON = 500;

export interface SearchQuery extends MessageFilters {
  channelId?: string;
  /** Messages of the account's characters only. */
  senderAccountId?: string;
  limit: number;
  /** Keyset: only messages older than this one (newest first: sent_at DESC, id DESC). */
  after?: PageKey;
}

export interface PageKey {
  sentAtMs: number;
  id: number;
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
  senderAccountId: string;
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
    senderAccountId: req.senderAccountId === "" ? undefined : requireText(req.senderAccountId, "sender_account_id", 1, 255),
    ...window(req.fromMs, req.toMs),
    limit: req.limit === 0 ? DEFAULT_SEARCH_PAGE : req.limit,
    after: pageKeyOf(req.pageToken),
  };
}

/** A moderator's reason for a deletion: 1..500 visible characters, no control characters. */
export const deletionReason = (value: string): string => requireText(value.trim(), "reason", 1, MAX_REASON);

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
