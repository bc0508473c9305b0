import { Code, ConnectError } from "@connectrpc/connect";
import { textError } from "../platform/text-rules.js";

/**
 * The chat rules of DESIGN.md as plain functions: no database, no transport. Handlers gather the facts (chat-access.ts)
 * and these decide.
 */

export const MAX_MESSAGE_CHARACTERS = 1000;
export const HISTORY_MESSAGES = 50;
/** GetChatLogs never returns more rows than this in one page; total still counts every match. */
export const MAX_LOG_PAGE = 1000;
/** Longer temporary bans are almost certainly typos: a permanent ban is a negative duration. */
export const MAX_BAN_SECONDS = 100 * 365 * 24 * 3600;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const CHANNEL_NAME = /^[A-Za-z0-9 _-]+$/;

export const invalid = (message: string) => new ConnectError(message, Code.InvalidArgument);

/** Ids are uuids; anything else is the caller's mistake, not a missing row. */
export function requireId(value: string, field: string): string {
  if (!value) throw invalid(`${field} is required`);
  if (!UUID.test(value)) throw invalid(`${field} must be a uuid, got ${JSON.stringify(value.slice(0, 64))}`);
  return value.toLowerCase();
}

/** Trimmed content of 1..1000 characters (code points, so an emoji counts once). */
export function messageContent(raw: string): string {
  const content = raw.trim();
  if (content === "") throw invalid("message content is empty");
  // Control characters (NUL breaks PostgreSQL, ESC drives terminals), bidi overrides (reorder what others read) and
  // invisible-only text (looks like an empty line).
  const problem = textError("message content", content);
  if (problem) throw invalid(problem.replace(/\.$/, ""));
  const length = [...content].length;
  if (length > MAX_MESSAGE_CHARACTERS) throw invalid(`message content is ${length} characters; at most ${MAX_MESSAGE_CHARACTERS} are allowed`);
  return content;
}

/** Same rules as dimension and character names (SPEC.md §5): 3..64 letters, digits, space, underscore or dash. */
export function channelName(raw: string): string {
  const name = raw.trim();
  if (name.length < 3) throw invalid("channel name is too short: at least 3 characters");
  if (name.length > 64) throw invalid("channel name is too long: at most 64 characters");
  if (!CHANNEL_NAME.test(name)) throw invalid("channel name can only contain letters, numbers, spaces, underscores and dashes");
  return name;
}

/** A ban as stored: until null means permanent. */
export interface Ban {
  untilMs: number | null;
}

export interface AccessFacts {
  channel: { public: boolean; dimensionId: string | null };
  character: { dimensionId: string };
  /** An authorization row for this character AND this channel. */
  authorized: boolean;
  ban: Ban | undefined;
  /** Admins and moderators: "connect to any channel as any character". Bans still apply to the character. */
  staff: boolean;
  nowMs: number;
}

export function isActive(ban: Ban | undefined, nowMs: number): ban is Ban {
  return ban !== undefined && (ban.untilMs === null || ban.untilMs > nowMs);
}

/** Why the character may not read the channel, or undefined when it may. */
export function readDenial(facts: AccessFacts): string | undefined {
  if (facts.ban && facts.ban.untilMs === null) return "permission denied: this character is permanently banned from this channel";
  if (facts.staff || facts.authorized) return undefined;
  if (facts.channel.public && (facts.channel.dimensionId === null || facts.channel.dimensionId === facts.character.dimensionId)) return undefined;
  return "permission denied: this character may not use this channel";
}

/** Why the character may not send to the channel, or undefined when it may. */
export function sendDenial(facts: AccessFacts): string | undefined {
  const denial = readDenial(facts);
  if (denial) return denial;
  if (isActive(facts.ban, facts.nowMs)) {
    const untilMs = facts.ban.untilMs!;
    return `permission denied: this character is banned from this channel for another ${describeDuration(untilMs - facts.nowMs)} (until ${new Date(untilMs).toISOString()})`;
  }
  return undefined;
}

/** "1h 2m 3s"; rounds up so a ban never reads "0s" while it still holds. */
export function describeDuration(ms: number): string {
  let seconds = Math.max(1, Math.ceil(ms / 1000));
  const parts: string[] = [];
  for (const [unit, size] of [
    ["d", 86_400],
    ["h", 3_600],
    ["m", 60],
  ] as const) {
    if (seconds >= size) {
      parts.push(`${Math.floor(seconds / size)}${unit}`);
      seconds %= size;
    }
  }
  if (seconds > 0 || parts.length === 0) parts.push(`${seconds}s`);
  return parts.join(" ");
}

/** BanRequest.duration: > 0 seconds from now, negative permanent, 0 lifts. */
export function banFromDuration(duration: bigint, nowMs: number): { lift: true } | { lift: false; ban: Ban } {
  if (duration === 0n) return { lift: true };
  if (duration < 0n) return { lift: false, ban: { untilMs: null } };
  if (duration > BigInt(MAX_BAN_SECONDS)) throw invalid(`ban duration is over 100 years; use a negative duration for a permanent ban`);
  return { lift: false, ban: { untilMs: nowMs + Number(duration) * 1000 } };
}

export interface LogQuery {
  senderId?: string;
  /** Inclusive bounds in milliseconds: sent_at in [fromMs, toMs]. */
  fromMs?: number;
  toMs?: number;
  limit: number;
  offset: number;
  /** after > before: nothing can match. */
  empty: boolean;
}

/** ChatLogRequest → a query. before/after are unix seconds, inclusive at second granularity. */
export function logQuery(request: { senderId?: string; before?: bigint; after?: bigint; limit?: bigint; offset?: bigint }): LogQuery {
  const senderId = request.senderId ? requireId(request.senderId, "sender_id") : undefined;
  const clampSeconds = (s: bigint) => Number(s < -10_000_000_000n ? -10_000_000_000n : s > 10_000_000_000n ? 10_000_000_000n : s);
  const fromMs = request.after === undefined ? undefined : clampSeconds(request.after) * 1000;
  const toMs = request.before === undefined ? undefined : clampSeconds(request.before) * 1000 + 999;
  const limit = request.limit === undefined || request.limit > BigInt(MAX_LOG_PAGE) ? MAX_LOG_PAGE : Number(request.limit);
  const offset = request.offset === undefined ? 0 : request.offset > BigInt(Number.MAX_SAFE_INTEGER) ? Number.MAX_SAFE_INTEGER : Number(request.offset);
  const empty = fromMs !== undefined && toMs !== undefined && fromMs > toMs;
  return { senderId, fromMs, toMs, limit, offset, empty };
}
