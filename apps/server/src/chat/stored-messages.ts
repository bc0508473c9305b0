import { Code, ConnectError } from "@connectrpc/connect";
import { inArray, eq, gte, ilike, isNull, lte, sql, type SQL } from "drizzle-orm";
import { characters } from "../character/schema.js";
import type { Db } from "../platform/db/database.js";
import { longestMarkRun, MAX_STACKED_MARKS, textError } from "../platform/text-rules.js";
import { hasControlCharacters, invalidArgument, isUuid } from "../platform/validation.js";
import { chatMessages } from "./schema.js";

/**
 * Chat's stored messages as the parts that read or write them see them: their shape, their size limit, their id and
 * the filters of chat's own logs and moderation's history browser (part of chat's declared surface;
 * docs/architecture.md). Input rules fail with INVALID_ARGUMENT naming the field.
 */

/** A message's content: at most this many characters (code points). */
export const MAX_MESSAGE_CHARACTERS = 1000;

/** Trimmed content of 1..1000 characters (code points, so an emoji counts once). */
export function messageContent(raw: string): string {
  const content = raw.trim();
  if (content === "") throw new ConnectError("message content is empty", Code.InvalidArgument);
  // Control characters (NUL breaks PostgreSQL, ESC drives terminals), bidi overrides (reorder what others read) and
  // invisible-only text (looks like an empty line).
  const problem = textError("message content", content);
  if (problem) throw new ConnectError(problem.replace(/\.$/, ""), Code.InvalidArgument);
  const length = [...content].length;
  if (length > MAX_MESSAGE_CHARACTERS)
    throw new ConnectError(`message content is ${length} characters; at most ${MAX_MESSAGE_CHARACTERS} are allowed`, Code.InvalidArgument);
  // Stacked marks ("Zalgo") draw over the lines above and below; real scripts need a few on one letter at most.
  const stacked = longestMarkRun(content);
  if (stacked > MAX_STACKED_MARKS) {
    throw new ConnectError(
      `message content stacks ${stacked} combining marks on one character; at most ${MAX_STACKED_MARKS} are allowed`,
      Code.InvalidArgument,
    );
  }
  return content;
}

export const MAX_TEXT_FILTER = 200;
export const MAX_SENDER_FILTER = 64;

export interface StoredMessage {
  id: number;
  channelId: string | null;
  senderCharacterId: string;
  content: string;
  sentAtMs: number;
  /** The sender's name, where the read joined it (a stream's history); '' when not known or deleted. */
  senderName?: string;
}

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

/** A free-text filter: "" is no filter; otherwise at most `max` characters and no control characters. */
export function filterText(value: string, field: string, max: number): string | undefined {
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

/** A chat message id as on the wire (ChatMessage.id, StoredChatMessage.id): a positive integer. */
export function requireMessageId(value: string, field = "id"): string {
  if (value === "") throw invalidArgument(field, "is required");
  if (!/^[1-9][0-9]{0,17}$/.test(value) || !Number.isSafeInteger(Number(value))) throw invalidArgument(field, "must be a chat message id (a positive integer)");
  return value;
}

/** `%`, `_` and `\` match themselves: the filter is a plain substring. */
const likePattern = (part: string) => `%${part.replace(/[\\%_]/g, "\\$&")}%`;

/**
 * The WHERE terms of the filters, on chat_messages. Text: ILIKE through the trigram index (pg_trgm's gin_trgm_ops
 * answers ILIKE). Sender by name: the characters whose lower(name) holds the part (characters_name_trgm_idx), deleted
 * characters too (their messages are still stored).
 */
export function filterConditions(filters: MessageFilters): (SQL | undefined)[] {
  const sender = filters.sender;
  return [
    isNull(chatMessages.deletedAt),
    filters.text === undefined ? undefined : ilike(chatMessages.content, likePattern(filters.text)),
    sender === undefined
      ? undefined
      : "id" in sender
        ? eq(chatMessages.senderCharacterId, sender.id)
        : sql`${chatMessages.senderCharacterId} IN (SELECT ${characters.id}::text FROM ${characters}
            WHERE lower(${characters.name}) LIKE ${likePattern(sender.namePart.toLowerCase())})`,
    filters.fromMs === undefined ? undefined : gte(chatMessages.sentAt, new Date(filters.fromMs)),
    filters.toMs === undefined ? undefined : lte(chatMessages.sentAt, new Date(filters.toMs)),
  ];
}

/** Character names by id, for the ids that are (or were) characters. */
export async function senderNames(db: Db, senderIds: readonly string[]): Promise<Map<string, string>> {
  const ids = [...new Set(senderIds.filter(isUuid).map((id) => id.toLowerCase()))];
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: characters.id, name: characters.name, deletedAt: characters.deletedAt })
    .from(characters)
    .where(inArray(characters.id, ids));
  return new Map(rows.filter((r) => r.deletedAt === null).map((r) => [r.id, r.name]));
}
