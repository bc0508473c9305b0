import { inArray, eq, gte, ilike, isNull, lte, sql, type SQL } from "drizzle-orm";
import { characters } from "../character/schema.js";
import type { Db } from "../platform/db/database.js";
import { hasControlCharacters, invalidArgument, isUuid } from "../platform/validation.js";
import { chatMessages } from "./schema.js";

/**
 * How stored chat messages are addressed and filtered, for chat's own logs and for moderation's history browser
 * (part of chat's declared surface; docs/architecture.md). Input rules fail with INVALID_ARGUMENT naming the field.
 */

export const MAX_TEXT_FILTER = 200;
export const MAX_SENDER_FILTER = 64;

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
