import { Code, ConnectError } from "@connectrpc/connect";
import { describeDuration, sanctionError, type SanctionFact } from "../moderation/sanction-message.js";
import { requireUuid } from "../platform/validation.js";
import { senderFilter, textFilter, type SenderFilter } from "./stored-messages.js";

export type { SanctionFact };

/**
 * The chat rules (docs/chat.md) as plain functions: no database, no transport. Handlers gather the facts (chat-access.ts)
 * and these decide.
 */

export const HISTORY_MESSAGES = 50;
/** A resuming channel stream gets at most this many missed messages (the newest); older ones are in GetChatLogs. */
export const RESUME_MESSAGES = 500;
/** GetChatLogs never returns more rows than this in one page; total still counts every match. */
export const MAX_LOG_PAGE = 1000;
/** Longer temporary bans are almost certainly typos: a permanent ban is a negative duration. */
export const MAX_BAN_SECONDS = 100 * 365 * 24 * 3600;

const CHANNEL_NAME = /^[A-Za-z0-9 _-]+$/;

export const invalid = (message: string) => new ConnectError(message, Code.InvalidArgument);

/** Ids are uuids; anything else is the caller's mistake, not a missing row ("channel_id: must be a UUID"). */
export const requireId = requireUuid;

/** Same rules as dimension and character names (docs/product.md#validation): 3..64 letters, digits, space, underscore or dash. */
export function channelName(raw: string): string {
  const name = raw.trim();
  if (name.length < 3) throw invalid("channel name is too short: at least 3 characters");
  if (name.length > 64) throw invalid("channel name is too long: at most 64 characters");
  if (!CHANNEL_NAME.test(name)) throw invalid("channel name can only contain letters, numbers, spaces, underscores and dashes");
  return name;
}

export interface AccessFacts {
  channel: { id: string; public: boolean; dimensionId: string | null };
  character: { dimensionId: string };
  /** An authorization row for this character AND this channel. */
  authorized: boolean;
  /** The character's and its account's sanctions that are not revoked (any scope; expired ones may be among them). */
  sanctions: readonly SanctionFact[];
  /** Admins and moderators: "connect to any channel as any character". Sanctions still apply to the character. */
  staff: boolean;
  nowMs: number;
}

/** Why a chat action is refused; `sanction` when a sanction is the reason (clients show it: ConnectError details). */
export interface Denial {
  message: string;
  sanction?: SanctionFact;
}

export const isActiveSanction = (s: SanctionFact, nowMs: number) => s.expiresAtMs === null || s.expiresAtMs > nowMs;

/** A channel sanction covers its channel; a dimension sanction every channel of that dimension; "everywhere" all; "game" none. */
export function coversChannel(s: SanctionFact, channel: { id: string; dimensionId: string | null }): boolean {
  if (s.scope === "everywhere") return true;
  if (s.scope === "game") return false;
  if (s.scope === "channel") return s.scopeId === channel.id;
  return channel.dimensionId !== null && s.scopeId === channel.dimensionId;
}

/** Of the sanctions that apply, the one that holds longest (permanent first; a ban before a mute on a tie). */
export function decisiveSanction(candidates: readonly SanctionFact[]): SanctionFact | undefined {
  let best: SanctionFact | undefined;
  const end = (s: SanctionFact) => s.expiresAtMs ?? Number.POSITIVE_INFINITY;
  for (const s of candidates) {
    if (!best || end(s) > end(best) || (end(s) === end(best) && s.kind === "ban" && best.kind === "mute")) best = s;
  }
  return best;
}

/** "permission denied: this character is banned from this channel for another 1m (until …). Reason: … Message: …" */
export function sanctionDenial(s: SanctionFact, nowMs: number): Denial {
  const who = s.characterId === null ? "this account" : "this character";
  const what = s.kind === "ban" ? "banned" : "muted";
  const where =
    s.scope === "everywhere"
      ? "everywhere"
      : s.scope === "game"
        ? "from the game"
        : s.scope === "dimension"
          ? "in this dimension"
          : s.kind === "ban"
            ? "from this channel"
            : "in this channel";
  let message =
    s.expiresAtMs === null
      ? `permission denied: ${who} is permanently ${what} ${where}`
      : `permission denied: ${who} is ${what} ${where} for another ${describeDuration(s.expiresAtMs - nowMs)} (until ${new Date(s.expiresAtMs).toISOString()})`;
  message += `. Reason: ${s.reason}`;
  if (s.playerMessage) message += `. Message: ${s.playerMessage}`;
  return { message, sanction: s };
}

function channelSanction(facts: AccessFacts, kinds: readonly SanctionFact["kind"][]): Denial | undefined {
  const decisive = decisiveSanction(
    facts.sanctions.filter((s) => kinds.includes(s.kind) && isActiveSanction(s, facts.nowMs) && coversChannel(s, facts.channel)),
  );
  return decisive && sanctionDenial(decisive, facts.nowMs);
}

function accessDenial(facts: AccessFacts): Denial | undefined {
  if (facts.staff || facts.authorized) return undefined;
  if (facts.channel.public && (facts.channel.dimensionId === null || facts.channel.dimensionId === facts.character.dimensionId)) return undefined;
  return { message: "permission denied: this character may not use this channel" };
}

/** Why the character may not read the channel (an active ban covering it, or no access), or undefined when it may. */
export const readBlock = (facts: AccessFacts): Denial | undefined => channelSanction(facts, ["ban"]) ?? accessDenial(facts);

/** Why the character may not send to the channel (an active mute or ban covering it, or no access). */
export const sendBlock = (facts: AccessFacts): Denial | undefined => channelSanction(facts, ["mute", "ban"]) ?? accessDenial(facts);

/** PERMISSION_DENIED; a sanction travels along as a detail (moderation/sanction-message.ts). */
export const denialError = (denial: Denial, nowMs: number): ConnectError =>
  denial.sanction ? sanctionError(denial.message, denial.sanction, nowMs) : new ConnectError(denial.message, Code.PermissionDenied);

export const readDenial = (facts: AccessFacts): string | undefined => readBlock(facts)?.message;
export const sendDenial = (facts: AccessFacts): string | undefined => sendBlock(facts)?.message;

/** Direct messages: only "everywhere" sanctions reach them; a ban stops reading, a mute or a ban sending. */
export function directBlock(sanctions: readonly SanctionFact[], nowMs: number, mode: "read" | "send"): Denial | undefined {
  const kinds = mode === "read" ? ["ban"] : ["mute", "ban"];
  const decisive = decisiveSanction(sanctions.filter((s) => s.scope === "everywhere" && kinds.includes(s.kind) && isActiveSanction(s, nowMs)));
  return decisive && sanctionDenial(decisive, nowMs);
}

/** BanRequest.duration: > 0 seconds from now, negative permanent (expiresAtMs null), 0 lifts. */
export function banFromDuration(duration: bigint, nowMs: number): { lift: true } | { lift: false; expiresAtMs: number | null } {
  if (duration === 0n) return { lift: true };
  if (duration < 0n) return { lift: false, expiresAtMs: null };
  if (duration > BigInt(MAX_BAN_SECONDS)) throw invalid(`ban duration is over 100 years; use a negative duration for a permanent ban`);
  return { lift: false, expiresAtMs: nowMs + Number(duration) * 1000 };
}

export interface LogQuery {
  senderId?: string;
  /** History search (stored-messages.ts): a case-insensitive substring of the content; a sender's id or part of its name. */
  text?: string;
  sender?: SenderFilter;
  /** Inclusive bounds in milliseconds: sent_at in [fromMs, toMs]. */
  fromMs?: number;
  toMs?: number;
  limit: number;
  offset: number;
  /** after > before: nothing can match. */
  empty: boolean;
}

/** ChatLogRequest → a query. before/after are unix seconds, inclusive at second granularity. */
export function logQuery(request: {
  senderId?: string;
  before?: bigint;
  after?: bigint;
  limit?: bigint;
  offset?: bigint;
  text?: string;
  sender?: string;
}): LogQuery {
  const senderId = request.senderId ? requireId(request.senderId, "sender_id") : undefined;
  const text = textFilter(request.text);
  const sender = senderFilter(request.sender);
  const clampSeconds = (s: bigint) => Number(s < -10_000_000_000n ? -10_000_000_000n : s > 10_000_000_000n ? 10_000_000_000n : s);
  const fromMs = request.after === undefined ? undefined : clampSeconds(request.after) * 1000;
  const toMs = request.before === undefined ? undefined : clampSeconds(request.before) * 1000 + 999;
  const limit = request.limit === undefined || request.limit > BigInt(MAX_LOG_PAGE) ? MAX_LOG_PAGE : Number(request.limit);
  const offset = request.offset === undefined ? 0 : request.offset > BigInt(Number.MAX_SAFE_INTEGER) ? Number.MAX_SAFE_INTEGER : Number(request.offset);
  const empty = fromMs !== undefined && toMs !== undefined && fromMs > toMs;
  return { senderId, text, sender, fromMs, toMs, limit, offset, empty };
}
