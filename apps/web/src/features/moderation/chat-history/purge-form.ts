import type { PurgeRequest } from '../../../lib/api/chat-moderation';
import { reasonError } from '../../../components/modal/reason-dialog';

/** The purge dialog's answers (datetime-local values in local time; '' = open end). */
export interface PurgeForm {
  characterId: string | null;
  /** The character's account, once loaded (needed for a whole-account purge). */
  accountId: string | null;
  scope: 'character' | 'account';
  from: string;
  to: string;
  reason: string;
}

/** A purge form kept across a step-up, or undefined when the stored value is not one. */
export function keptPurgeForm(value: unknown): PurgeForm | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  const v = value as Record<string, unknown>;
  const text = (key: string) => typeof v[key] === 'string';
  const id = (key: string) => v[key] === null || text(key);
  if (!id('characterId') || !id('accountId') || !text('from') || !text('to') || !text('reason')) return undefined;
  if (v.scope !== 'character' && v.scope !== 'account') return undefined;
  return v as unknown as PurgeForm;
}

export const PURGE_CHARACTER_REQUIRED = 'Choose the character whose messages to purge';
export const PURGE_RANGE_ERROR = "'From' must not be after 'To'";

const ms = (value: string, edge: 'start' | 'end') => {
  if (!value) return 0;
  const at = new Date(value).getTime();
  if (Number.isNaN(at)) return 0;
  // The inputs pick whole minutes: 'To' covers its whole minute.
  return edge === 'end' ? at + 59_999 : at;
};

/** What is wrong with the answers, by field, or the PurgeChatMessages request. */
export function purgeRequestOf(form: PurgeForm): { errors: Partial<Record<'character' | 'range' | 'reason', string>>; request?: PurgeRequest } {
  const errors: Partial<Record<'character' | 'range' | 'reason', string>> = {};
  if (!form.characterId || (form.scope === 'account' && !form.accountId)) errors.character = PURGE_CHARACTER_REQUIRED;
  const fromMs = ms(form.from, 'start');
  const toMs = ms(form.to, 'end');
  if (fromMs && toMs && fromMs > toMs) errors.range = PURGE_RANGE_ERROR;
  const reason = reasonError(form.reason);
  if (reason) errors.reason = reason;
  if (Object.keys(errors).length > 0) return { errors };
  return {
    errors,
    request: {
      characterId: form.scope === 'character' ? form.characterId! : '',
      accountId: form.scope === 'account' ? form.accountId! : '',
      fromMs,
      toMs,
      reason: form.reason.trim(),
    },
  };
}

const number = new Intl.NumberFormat('en-US');

/** What the purge did so far: `count` deleted over every call; `moreRemain`: the last call stopped at the server's bound. */
/** A purge over the server's threshold deletes nothing yet (docs/moderation.md "Approvals"). */
export const SENT_FOR_APPROVAL = 'Sent for approval: this purge matches many messages. Another moderator approves or rejects it under Approvals.';

export function purgedText(count: number, moreRemain = false): string {
  const deleted = `${number.format(count)} ${count === 1 ? 'message' : 'messages'} deleted`;
  if (moreRemain) return `${deleted}; more remain. Continue to delete the next ones.`;
  return count === 0 ? 'No messages matched: nothing was deleted' : deleted;
}
