import { Code, ConnectError } from "@connectrpc/connect";
import {
  SanctionKind,
  SanctionScope,
  SanctionState,
  type IssueSanctionRequest,
  type ListSanctionsRequest,
  type ModerationSettings,
  type SuggestSanctionRequest,
} from "../gen/sro/moderation/moderation_pb.js";
import { invalidArgument, requireText, requireUuid } from "../platform/validation.js";
import { describeDuration } from "./sanction-message.js";

/** The sanction rules of docs/moderation.md as plain functions: no database, no transport. */

export type Kind = "mute" | "ban";
/** "game": game sessions only (a ban keeps the character or account out of game servers; chat untouched). */
export type Scope = "channel" | "dimension" | "everywhere" | "game";

export const MAX_REASON = 500;
export const MAX_PLAYER_MESSAGE = 500;
/** Longer temporary sanctions are almost certainly typos: a permanent one is a negative duration. */
export const MAX_DURATION_SECONDS = 100 * 365 * 24 * 3600;
export const DEFAULT_PAGE = 50;
export const MAX_PAGE = 500;
export const MAX_LADDER_STEPS = 10;
export const MAX_TEMPLATES = 50;
export const MAX_TEMPLATE_CHARACTERS = 100;

export interface LadderStep {
  kind: Kind;
  /** As IssueSanctionRequest.duration_seconds: > 0 seconds, negative permanent. */
  durationSeconds: number;
}

export interface Settings {
  reasonTemplates: string[];
  ladder: LadderStep[];
}

const HOUR = 3600;
const DAY = 24 * HOUR;

export const DEFAULT_SETTINGS: Settings = {
  reasonTemplates: ["Spam", "Harassment", "Hate speech", "Cheating talk", "Impersonation", "Other"],
  ladder: [
    { kind: "mute", durationSeconds: HOUR },
    { kind: "mute", durationSeconds: DAY },
    { kind: "ban", durationSeconds: 7 * DAY },
    { kind: "ban", durationSeconds: -1 },
  ],
};

const KINDS: Record<number, Kind | undefined> = { [SanctionKind.MUTE]: "mute", [SanctionKind.BAN]: "ban" };
const SCOPES: Record<number, Scope | undefined> = {
  [SanctionScope.CHANNEL]: "channel",
  [SanctionScope.DIMENSION]: "dimension",
  [SanctionScope.EVERYWHERE]: "everywhere",
  [SanctionScope.GAME]: "game",
};

export function requireKind(value: SanctionKind, field = "kind"): Kind {
  const kind = KINDS[value];
  if (!kind) throw invalidArgument(field, "must be SANCTION_KIND_MUTE or SANCTION_KIND_BAN");
  return kind;
}

function requireScope(value: SanctionScope): Scope {
  const scope = SCOPES[value];
  if (!scope) throw invalidArgument("scope", "must be SANCTION_SCOPE_CHANNEL, SANCTION_SCOPE_DIMENSION, SANCTION_SCOPE_EVERYWHERE or SANCTION_SCOPE_GAME");
  return scope;
}

/** Seconds from now when positive, negative permanent (null), zero refused. */
export function expiresAt(durationSeconds: bigint | number, nowMs: number, field = "duration_seconds"): number | null {
  const seconds = BigInt(durationSeconds);
  if (seconds === 0n) throw invalidArgument(field, "must not be 0: positive seconds, or negative for permanent");
  if (seconds < 0n) return null;
  if (seconds > BigInt(MAX_DURATION_SECONDS)) throw invalidArgument(field, "must be at most 100 years; use a negative value for permanent");
  return nowMs + Number(seconds) * 1000;
}

/** Exactly one of the two ids, as a uuid. */
export function requireSubject(characterId: string, accountId: string): { characterId: string | null; accountId: string | null } {
  if (characterId !== "" && accountId !== "") throw invalidArgument("character_id", "give character_id or account_id, not both");
  if (characterId === "" && accountId === "") throw invalidArgument("character_id", "character_id or account_id is required");
  if (characterId !== "") return { characterId: requireUuid(characterId, "character_id"), accountId: null };
  // Account ids are the identity provider's subjects: any non-empty text without control characters.
  return { characterId: null, accountId: requireText(accountId, "account_id", 1, 255) };
}

export interface SanctionInput {
  kind: Kind;
  scope: Scope;
  scopeId: string | null;
  characterId: string | null;
  accountId: string | null;
  expiresAtMs: number | null;
  reason: string;
  playerMessage: string;
}

/** A valid IssueSanctionRequest, or INVALID_ARGUMENT naming the first bad field. */
export function issueInput(req: IssueSanctionRequest, nowMs: number): SanctionInput {
  const kind = requireKind(req.kind);
  const scope = requireScope(req.scope);
  let scopeId: string | null = null;
  if (scope === "game" && kind !== "ban") throw invalidArgument("kind", "must be SANCTION_KIND_BAN for SANCTION_SCOPE_GAME");
  if (scope === "everywhere" || scope === "game") {
    if (req.scopeId !== "") throw invalidArgument("scope_id", `must be empty for ${scope === "game" ? "SANCTION_SCOPE_GAME" : "SANCTION_SCOPE_EVERYWHERE"}`);
  } else {
    scopeId = requireUuid(req.scopeId, "scope_id");
  }
  const subject = requireSubject(req.characterId, req.accountId);
  const expiresAtMs = expiresAt(req.durationSeconds, nowMs);
  const reason = requireText(req.reason.trim(), "reason", 1, MAX_REASON);
  const playerMessage = requireText(req.playerMessage.trim(), "player_message", 0, MAX_PLAYER_MESSAGE);
  return { kind, scope, scopeId, ...subject, expiresAtMs, reason, playerMessage };
}

/** An account ban: account-wide, BAN, everywhere — no game API and no sign-in. Admins only. */
export const isAccountBan = (s: { kind: Kind; scope: Scope; characterId: string | null }) =>
  s.kind === "ban" && s.scope === "everywhere" && s.characterId === null;

export const accountBanDenied = () => new ConnectError("permission denied: only admins issue or revoke account bans", Code.PermissionDenied);

export const revokeReason = (raw: string) => requireText(raw.trim(), "reason", 1, MAX_REASON);

export interface ListQuery {
  kind?: Kind;
  scope?: Scope;
  state?: "active" | "ended";
  characterId?: string;
  accountId?: string;
  issuedById?: string;
  limit: number;
  offset: number;
}

export function listQuery(req: ListSanctionsRequest): ListQuery {
  const query: ListQuery = { limit: DEFAULT_PAGE, offset: 0 };
  if (req.kind !== SanctionKind.UNSPECIFIED) query.kind = requireKind(req.kind);
  if (req.scope !== SanctionScope.UNSPECIFIED) query.scope = requireScope(req.scope);
  if (req.state === SanctionState.ACTIVE) query.state = "active";
  else if (req.state === SanctionState.ENDED) query.state = "ended";
  else if (req.state !== SanctionState.UNSPECIFIED) throw invalidArgument("state", "must be a SanctionState");
  if (req.characterId !== "") query.characterId = requireUuid(req.characterId, "character_id");
  if (req.accountId !== "") query.accountId = requireText(req.accountId, "account_id", 1, 255);
  if (req.issuedById !== "") query.issuedById = requireText(req.issuedById, "issued_by_id", 1, 255);
  if (req.limit < 0 || req.limit > MAX_PAGE) throw invalidArgument("limit", `must be 0..${MAX_PAGE} (0: ${DEFAULT_PAGE})`);
  if (req.limit > 0) query.limit = req.limit;
  if (req.offset < 0) throw invalidArgument("offset", "must not be negative");
  query.offset = req.offset;
  return query;
}

export const suggestSubject = (req: SuggestSanctionRequest) => requireSubject(req.characterId, req.accountId);

/** ladder[min(n, len - 1)]: n earlier sanctions (revoked ones not counted) lead to step n; the last step repeats. */
export function suggestedStep(ladder: readonly LadderStep[], priorSanctions: number): LadderStep {
  return ladder[Math.min(priorSanctions, ladder.length - 1)]!;
}

/** A valid ModerationSettings, or INVALID_ARGUMENT naming the first bad field. */
export function settingsInput(req: ModerationSettings): Settings {
  if (req.reasonTemplates.length < 1 || req.reasonTemplates.length > MAX_TEMPLATES)
    throw invalidArgument("reason_templates", `must hold 1..${MAX_TEMPLATES} templates`);
  const reasonTemplates = req.reasonTemplates.map((t, i) => requireText(t.trim(), `reason_templates[${i}]`, 1, MAX_TEMPLATE_CHARACTERS));
  if (new Set(reasonTemplates).size !== reasonTemplates.length) throw invalidArgument("reason_templates", "must not repeat a template");
  if (req.ladder.length < 1 || req.ladder.length > MAX_LADDER_STEPS) throw invalidArgument("ladder", `must hold 1..${MAX_LADDER_STEPS} steps`);
  const ladder = req.ladder.map((step, i) => {
    const kind = requireKind(step.kind, `ladder[${i}].kind`);
    expiresAt(step.durationSeconds, 0, `ladder[${i}].duration_seconds`);
    return { kind, durationSeconds: Number(step.durationSeconds < 0n ? -1n : step.durationSeconds) };
  });
  return { reasonTemplates, ladder };
}

interface Explained {
  expiresAtMs: number | null;
  reason: string;
  playerMessage: string;
}

/** What an account ban refuses a game-API call with: reason, player message and time left. */
export function accountBanMessage(s: Explained, nowMs: number): string {
  const when =
    s.expiresAtMs === null ? "permanently" : `for another ${describeDuration(s.expiresAtMs - nowMs)} (until ${new Date(s.expiresAtMs).toISOString()})`;
  return `permission denied: this account is banned ${when}. Reason: ${s.reason}${s.playerMessage ? `. Message: ${s.playerMessage}` : ""}`;
}

/** The sign-in page's sentence for a banned account. */
export function signInBanMessage(s: Explained): string {
  const when = s.expiresAtMs === null ? "permanently" : `until ${new Date(s.expiresAtMs).toISOString().replace("T", " ").slice(0, 16)} UTC`;
  return `Your account is banned ${when}. Reason: ${s.reason}.${s.playerMessage ? ` ${s.playerMessage}` : ""}`;
}
