import { Code, ConnectError } from "@connectrpc/connect";
import { requireMessageId } from "../chat/stored-messages.js";
import { invalidArgument } from "../platform/validation.js";
import type { WindowAnchor } from "./message-window.js";
import type { SanctionInput } from "./moderation-rules.js";

/** The chat message a sanction is issued from, as its rules need it. */
export interface SourceMessage extends WindowAnchor {
  /** The sender character's owner; empty when unknown. */
  senderAccountId: string;
}

export const SOURCE_FIELD = "source_message_id";

/** The request's source message id; null when it names none. */
export function sourceMessageIdOf(value: string): number | null {
  return value === "" ? null : Number(requireMessageId(value, SOURCE_FIELD));
}

/**
 * The source message may be the sanction's evidence (docs/moderation.md "Evidence of a sanction"): it exists and is
 * not deleted, a direct message only for a caller who reads others' direct messages, sent by the sanctioned
 * character (or one of the sanctioned account's), and of the sanction's channel when the scope is one channel.
 */
export function requireSourceFits(
  source: SourceMessage | undefined,
  id: number,
  input: SanctionInput,
  accountId: string,
  mayReadDirect: boolean,
): SourceMessage {
  if (!source) throw invalidArgument(SOURCE_FIELD, `chat message ${id} not found`);
  if (source.channelId === null && !mayReadDirect) {
    throw new ConnectError(
      `permission denied: ${SOURCE_FIELD}: chat message ${id} is a direct message, and you may not read direct messages`,
      Code.PermissionDenied,
    );
  }
  const sentBySubject =
    input.characterId !== null ? source.senderCharacterId.toLowerCase() === input.characterId.toLowerCase() : source.senderAccountId === accountId;
  if (!sentBySubject) {
    throw invalidArgument(
      SOURCE_FIELD,
      `chat message ${id} was not sent by the sanctioned ${input.characterId !== null ? "character" : "account's characters"}`,
    );
  }
  if (input.scope === "channel" && source.channelId !== input.scopeId) {
    throw invalidArgument(SOURCE_FIELD, `chat message ${id} is not of the sanction's channel ${input.scopeId}`);
  }
  return source;
}
