import { SanctionKind, SanctionScope, SanctionState, type Sanction } from '../../gen/sro/moderation/moderation_pb';
import { toEvidenceMessage, type EvidenceMessage } from '../chat-evidence';

export type SanctionKindName = 'mute' | 'ban';
/** 'game': a ban from game sessions only (chat untouched). */
export type SanctionScopeName = 'channel' | 'dimension' | 'everywhere' | 'game';
export type SanctionStateName = 'active' | 'ended';

/**
 * A sanction as the screens hold it: plain numbers and names, no bigints or enums (the query cache is persisted as
 * JSON, which has no bigint).
 */
export interface SanctionRecord {
  id: string;
  kind: SanctionKindName;
  scope: SanctionScopeName;
  scopeId: string;
  scopeName: string;
  /** Empty for an account-wide sanction. */
  characterId: string;
  characterName: string;
  accountId: string;
  accountName: string;
  issuedAtMs: number;
  /** 0: permanent. */
  expiresAtMs: number;
  reason: string;
  playerMessage: string;
  issuedById: string;
  issuedByName: string;
  /** 0 while not revoked. */
  revokedAtMs: number;
  revokedById: string;
  revokedByName: string;
  revokeReason: string;
  active: boolean;
  /** The chat message it was issued from (a chat line or a report's message); empty when none is known. */
  sourceMessageId: string;
  /** The messages frozen around it (one sanction's reads; empty in lists). */
  evidence: EvidenceMessage[];
  /** Set when nothing was issued: the ban waits for another admin's approval (IssueSanction's answer only). */
  pendingApprovalId?: string;
}

export const KIND_NAMES: Record<SanctionKindName, SanctionKind> = { mute: SanctionKind.MUTE, ban: SanctionKind.BAN };
export const SCOPE_NAMES: Record<SanctionScopeName, SanctionScope> = {
  channel: SanctionScope.CHANNEL,
  dimension: SanctionScope.DIMENSION,
  everywhere: SanctionScope.EVERYWHERE,
  game: SanctionScope.GAME,
};
export const STATE_NAMES: Record<SanctionStateName, SanctionState> = { active: SanctionState.ACTIVE, ended: SanctionState.ENDED };

const kindName = (kind: SanctionKind): SanctionKindName => (kind === SanctionKind.BAN ? 'ban' : 'mute');
const SCOPE_OF: Partial<Record<SanctionScope, SanctionScopeName>> = {
  [SanctionScope.CHANNEL]: 'channel',
  [SanctionScope.DIMENSION]: 'dimension',
  [SanctionScope.GAME]: 'game',
};
const scopeName = (scope: SanctionScope): SanctionScopeName => SCOPE_OF[scope] ?? 'everywhere';

export function toSanctionRecord(s: Sanction): SanctionRecord {
  return {
    id: s.id,
    kind: kindName(s.kind),
    scope: scopeName(s.scope),
    scopeId: s.scopeId,
    scopeName: s.scopeName,
    characterId: s.characterId,
    characterName: s.characterName,
    accountId: s.accountId,
    accountName: s.accountName,
    issuedAtMs: Number(s.issuedAtMs),
    expiresAtMs: Number(s.expiresAtMs),
    reason: s.reason,
    playerMessage: s.playerMessage,
    issuedById: s.issuedById,
    issuedByName: s.issuedByName,
    revokedAtMs: Number(s.revokedAtMs),
    revokedById: s.revokedById,
    revokedByName: s.revokedByName,
    revokeReason: s.revokeReason,
    active: s.active,
    sourceMessageId: s.sourceMessageId,
    evidence: s.evidence.map(toEvidenceMessage),
    ...(s.pendingApprovalId ? { pendingApprovalId: s.pendingApprovalId } : {}),
  };
}

export const KIND_LABELS: Record<SanctionKindName, string> = { mute: 'Mute', ban: 'Ban' };
export const SCOPE_LABELS: Record<SanctionScopeName, string> = { channel: 'Channel', dimension: 'Dimension', everywhere: 'Everywhere', game: 'Game sessions' };

/** An account-wide ban everywhere: no game API and no sign-in (admins only). */
export const isAccountBan = (s: Pick<SanctionRecord, 'kind' | 'scope' | 'characterId'>) => s.kind === 'ban' && s.scope === 'everywhere' && !s.characterId;

/** 'Account ban', 'Mute' or 'Ban'. */
export const sanctionKindLabel = (s: Pick<SanctionRecord, 'kind' | 'scope' | 'characterId'>) => (isAccountBan(s) ? 'Account ban' : KIND_LABELS[s.kind]);

/** 'Channel: Prime Runners', 'Dimension: Prime', 'Everywhere', 'Game sessions'. */
export function scopeText(s: Pick<SanctionRecord, 'scope' | 'scopeId' | 'scopeName'>): string {
  if (s.scope === 'everywhere' || s.scope === 'game') return SCOPE_LABELS[s.scope];
  return `${SCOPE_LABELS[s.scope]}: ${s.scopeName || s.scopeId}`;
}

/** The character's name, else the account's (with '(account)' so a list tells them apart). */
export function subjectText(s: Pick<SanctionRecord, 'characterId' | 'characterName' | 'accountId' | 'accountName'>): string {
  if (s.characterId) return s.characterName || s.characterId;
  return `${s.accountName || s.accountId} (account)`;
}

const LOCAL_TIME = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

/** A moment in the reader's own time zone and locale. */
export const formatLocalTime = (ms: number, format: Intl.DateTimeFormat = LOCAL_TIME) => format.format(new Date(ms));

/** 'permanent', or the local end time. */
export const endsText = (expiresAtMs: number, format?: Intl.DateTimeFormat) => (expiresAtMs === 0 ? 'permanent' : formatLocalTime(expiresAtMs, format));

/** 'Active', 'Revoked' or 'Expired'. */
export const stateText = (s: Pick<SanctionRecord, 'active' | 'revokedAtMs'>) => (s.active ? 'Active' : s.revokedAtMs ? 'Revoked' : 'Expired');
