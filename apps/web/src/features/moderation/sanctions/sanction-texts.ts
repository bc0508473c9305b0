import { KIND_LABELS, SCOPE_LABELS, type SanctionRecord } from '../../../lib/sanctions/sanction-records';
import type { SanctionTarget } from './sanction-form-schema';

export const SANCTION_ID_REQUIRED = 'Sanction ID is required';
export const REVOKE_REASON_REQUIRED = 'Reason is required';

/** The toast after IssueSanction: 'Pia Nightshade: mute issued (channel).' */
export function issuedText(
  s: Pick<SanctionRecord, 'kind' | 'scope' | 'characterId' | 'characterName' | 'accountName' | 'pendingApprovalId'>,
  target: SanctionTarget,
): string {
  const who = s.characterId ? s.characterName || target.characterName : `The account of ${s.accountName || target.accountName || target.characterName}`;
  if (s.pendingApprovalId) return `${who}: permanent account ban sent for approval. Another admin approves or rejects it under Approvals.`;
  const kind = s.kind === 'ban' && s.scope === 'everywhere' && !s.characterId ? 'account ban' : KIND_LABELS[s.kind].toLowerCase();
  return `${who}: ${kind} issued (${SCOPE_LABELS[s.scope].toLowerCase()}).`;
}

export const revokedText = (s: Pick<SanctionRecord, 'characterId' | 'characterName' | 'accountName'>) =>
  `Sanction revoked for ${s.characterId ? s.characterName : `the account of ${s.accountName}`}.`;
