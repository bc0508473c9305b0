import { create } from "@bufbuild/protobuf";
import { Code, ConnectError } from "@connectrpc/connect";
import { SanctionKind, SanctionSchema, SanctionScope, type Sanction } from "../gen/sro/moderation/moderation_pb.js";

/**
 * A sanction as its enforcers read it (moderation/schema.ts `sanctions`, a row that is not revoked): the chat rules,
 * the account-ban gate. Shared here so that every refusal carries the same Sanction message (docs/moderation.md).
 */
export interface SanctionFact {
  id: string;
  kind: "mute" | "ban";
  scope: "channel" | "dimension" | "everywhere" | "game";
  /** Channel or dimension id; null for "everywhere" and "game". */
  scopeId: string | null;
  /** null: account-wide. */
  characterId: string | null;
  accountId: string;
  issuedAtMs: number;
  /** null: permanent. */
  expiresAtMs: number | null;
  reason: string;
  playerMessage: string;
  issuedById: string;
  issuedByName: string;
}

export const kindToProto = { mute: SanctionKind.MUTE, ban: SanctionKind.BAN } as const;
export const scopeToProto = {
  channel: SanctionScope.CHANNEL,
  dimension: SanctionScope.DIMENSION,
  everywhere: SanctionScope.EVERYWHERE,
  game: SanctionScope.GAME,
} as const;

/** The wire form of an active sanction (not revoked; `active` at nowMs). */
export function sanctionMessage(s: SanctionFact, nowMs: number, names: { characterName?: string; accountName?: string; scopeName?: string } = {}): Sanction {
  return create(SanctionSchema, {
    id: s.id,
    kind: kindToProto[s.kind],
    scope: scopeToProto[s.scope],
    scopeId: s.scopeId ?? "",
    characterId: s.characterId ?? "",
    accountId: s.accountId,
    issuedAtMs: BigInt(s.issuedAtMs),
    expiresAtMs: BigInt(s.expiresAtMs ?? 0),
    reason: s.reason,
    playerMessage: s.playerMessage,
    issuedById: s.issuedById,
    issuedByName: s.issuedByName,
    active: s.expiresAtMs === null || s.expiresAtMs > nowMs,
    characterName: names.characterName ?? "",
    accountName: names.accountName ?? "",
    scopeName: names.scopeName ?? "",
  });
}

/**
 * A sanction as its player sees it: who issued or revoked it stays with the staff (as a report's resolver does), so
 * a sanctioned player has no one to hold a grudge against. Clears the fields in place and returns the message.
 */
export function withoutStaff(message: Sanction): Sanction {
  message.issuedById = "";
  message.issuedByName = "";
  message.revokedById = "";
  message.revokedByName = "";
  message.approvedById = "";
  message.approvedByName = "";
  return message;
}

/**
 * PERMISSION_DENIED with `message` (reason, player message, time left) and the Sanction as a detail clients can show.
 * It goes to the sanctioned player: without staff identities.
 */
export function sanctionError(message: string, s: SanctionFact, nowMs: number): ConnectError {
  return new ConnectError(message, Code.PermissionDenied, undefined, [{ desc: SanctionSchema, value: withoutStaff(sanctionMessage(s, nowMs)) }]);
}

/** "1d 2h 3m 4s"; rounds up so a sanction never reads "0s" while it still holds. */
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
