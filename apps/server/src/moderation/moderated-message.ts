import { create } from "@bufbuild/protobuf";
import { inArray } from "drizzle-orm";
import { characters } from "../character/schema.js";
import { StoredChatMessageSchema, type StoredChatMessage } from "../gen/sro/moderation/chat_history_pb.js";
import { EvidenceMessageSchema, type EvidenceMessage } from "../gen/sro/moderation/moderation_pb.js";
import type { Db } from "../platform/db/database.js";
import { isUuid } from "../platform/validation.js";

/** A stored channel message as moderation shows it: found by the history browser, or kept as a report's evidence. */
export interface ModeratedMessage {
  id: number;
  channelId: string;
  channelName: string;
  senderCharacterId: string;
  /** Empty when the character no longer exists. */
  senderName: string;
  content: string;
  sentAtMs: number;
  /** The sender character's owner, when known. */
  senderAccountId?: string;
}

/** Its wire fields, the same in the history browser, the reports and a sanction's evidence. */
const wireFields = (m: ModeratedMessage) => ({
  id: String(m.id),
  channelId: m.channelId,
  channelName: m.channelName,
  senderId: m.senderCharacterId,
  senderName: m.senderName,
  content: m.content,
  sentAtMs: BigInt(m.sentAtMs),
  senderAccountId: m.senderAccountId ?? "",
});

/** Its wire form in the history browser and the reports. */
export const storedChatMessage = (m: ModeratedMessage): StoredChatMessage => create(StoredChatMessageSchema, wireFields(m));

/** Its form in a sanction's evidence (the same fields and numbers). */
export const evidenceMessage = (m: ModeratedMessage): EvidenceMessage => create(EvidenceMessageSchema, wireFields(m));

/** Character id → owner id of the given senders (deleted characters included; non-UUID senders skipped). */
export async function senderOwners(db: Db, senderIds: readonly string[]): Promise<Map<string, string>> {
  const ids = [...new Set(senderIds.filter(isUuid).map((id) => id.toLowerCase()))];
  if (ids.length === 0) return new Map();
  const rows = await db.select({ id: characters.id, ownerId: characters.ownerId }).from(characters).where(inArray(characters.id, ids));
  return new Map(rows.map((r) => [r.id, r.ownerId]));
}

/** The messages with their senders' owners filled in. */
export async function withSenderAccounts<T extends ModeratedMessage>(db: Db, messages: readonly T[]): Promise<T[]> {
  const owners = await senderOwners(
    db,
    messages.map((m) => m.senderCharacterId),
  );
  return messages.map((m) => ({ ...m, senderAccountId: owners.get(m.senderCharacterId.toLowerCase()) ?? "" }));
}
