import { z } from '../../../lib/zod';
import type { IssueSanctionInput, LadderStepRecord } from '../../../lib/api/sanctions';

export const MAX_REASON_LENGTH = 500;
export const MAX_PLAYER_MESSAGE_LENGTH = 500;

/** The preset durations (the ban durations of docs/product.md#constants-and-limits, labelled truthfully), then permanent and custom. */
export const DURATION_PRESETS = [
  { id: '60', label: '60 seconds', seconds: 60 },
  { id: '3600', label: '1 hour', seconds: 3600 },
  { id: '86400', label: '1 day', seconds: 86400 },
] as const;
export type DurationChoice = '60' | '3600' | '86400' | 'permanent' | 'custom';
export const DURATION_CHOICES: readonly { id: DurationChoice; label: string }[] = [
  ...DURATION_PRESETS.map(({ id, label }) => ({ id, label })),
  { id: 'permanent', label: 'Permanent' },
  { id: 'custom', label: 'Custom' },
];

export const CUSTOM_UNITS = { minutes: 60, hours: 3600, days: 86400 } as const;
export type CustomUnit = keyof typeof CUSTOM_UNITS;
/** Ten years: longer than that is 'permanent'. */
export const MAX_CUSTOM_SECONDS = 10 * 365 * 86400;

/** 'account-ban': BAN on the whole account, everywhere (admins only). */
export type KindChoice = 'mute' | 'ban' | 'account-ban';

export const texts = {
  reasonRequired: 'Reason is required',
  reasonTooLong: `Reason must be at most ${MAX_REASON_LENGTH} characters`,
  playerMessageTooLong: `Player message must be at most ${MAX_PLAYER_MESSAGE_LENGTH} characters`,
  channelRequired: 'Channel is required for a channel sanction',
  dimensionRequired: 'Dimension is required for a dimension sanction',
  customAmountInvalid: 'Custom duration must be a whole number of 1 or more',
  customTooLong: 'Custom duration must be at most 10 years (choose Permanent instead)',
  accountBanAdminsOnly: 'Kind: only admins issue account bans',
  gameScopeBansOnly: 'Scope: keeping a player out of the game is a ban (choose Ban)',
} as const;

export const sanctionFormSchema = z
  .object({
    subject: z.enum(['character', 'account']),
    kind: z.enum(['mute', 'ban', 'account-ban']),
    scope: z.enum(['channel', 'dimension', 'everywhere', 'game']),
    channelId: z.string(),
    dimensionId: z.string(),
    duration: z.enum(['60', '3600', '86400', 'permanent', 'custom']),
    customAmount: z.union([z.number(), z.nan()]),
    customUnit: z.enum(['minutes', 'hours', 'days']),
    reason: z.string().check(z.trim(), z.minLength(1, texts.reasonRequired), z.maxLength(MAX_REASON_LENGTH, texts.reasonTooLong)),
    playerMessage: z.string().check(z.trim(), z.maxLength(MAX_PLAYER_MESSAGE_LENGTH, texts.playerMessageTooLong)),
    /** Not a field: whether the signed-in user may issue account bans. */
    isAdmin: z.boolean(),
  })
  .check(
    z.superRefine((v, ctx) => {
      if (v.kind === 'account-ban') {
        if (!v.isAdmin) ctx.addIssue({ code: 'custom', path: ['kind'], message: texts.accountBanAdminsOnly });
        return; // subject and scope are fixed for an account ban
      }
      // The server takes the game scope for bans only (a mute has nothing to stop in a game session).
      if (v.scope === 'game' && v.kind !== 'ban') ctx.addIssue({ code: 'custom', path: ['scope'], message: texts.gameScopeBansOnly });
      if (v.scope === 'channel' && !v.channelId) ctx.addIssue({ code: 'custom', path: ['channelId'], message: texts.channelRequired });
      if (v.scope === 'dimension' && !v.dimensionId) ctx.addIssue({ code: 'custom', path: ['dimensionId'], message: texts.dimensionRequired });
      if (v.duration === 'custom') {
        if (!Number.isInteger(v.customAmount) || v.customAmount < 1)
          ctx.addIssue({ code: 'custom', path: ['customAmount'], message: texts.customAmountInvalid });
        else if (v.customAmount * CUSTOM_UNITS[v.customUnit] > MAX_CUSTOM_SECONDS)
          ctx.addIssue({ code: 'custom', path: ['customAmount'], message: texts.customTooLong });
      }
    }),
  );

export type SanctionFormValues = z.infer<typeof sanctionFormSchema>;

export interface SanctionTarget {
  characterId: string;
  characterName: string;
  /** The character's owner. */
  accountId: string;
  accountName?: string;
}

export interface SanctionPrefill {
  channelId?: string;
  channelName?: string;
  dimensionId?: string;
  /** The message that led here (chat view), shown as context. */
  quote?: string;
  /** Its id: the sanction is issued from it (its evidence). Not for a report's resolution: that has the report's. */
  sourceMessageId?: string;
}

export function initialValues(prefill: SanctionPrefill, isAdmin: boolean): SanctionFormValues {
  return {
    subject: 'character',
    kind: 'mute',
    // The narrowest scope the opener knows: the chat line's channel, else the character's dimension (a character
    // page); everywhere is a choice, never the default of a one-click mute.
    scope: prefill.channelId ? 'channel' : prefill.dimensionId ? 'dimension' : 'everywhere',
    channelId: prefill.channelId ?? '',
    dimensionId: prefill.dimensionId ?? '',
    duration: '3600',
    customAmount: 1,
    customUnit: 'hours',
    reason: '',
    playerMessage: '',
    isAdmin,
  };
}

/** Seconds for the request: a preset, a custom amount, or -1 for permanent. */
export function durationSeconds(v: Pick<SanctionFormValues, 'duration' | 'customAmount' | 'customUnit'>): number {
  if (v.duration === 'permanent') return -1;
  if (v.duration === 'custom') return v.customAmount * CUSTOM_UNITS[v.customUnit];
  return Number(v.duration);
}

/** The form's values as an IssueSanction request for the target. */
export function toIssueInput(v: SanctionFormValues, target: SanctionTarget): IssueSanctionInput {
  const accountWide = v.kind === 'account-ban' || v.subject === 'account';
  const scope = v.kind === 'account-ban' ? 'everywhere' : v.scope;
  return {
    kind: v.kind === 'mute' ? 'mute' : 'ban',
    scope,
    scopeId: scope === 'channel' ? v.channelId : scope === 'dimension' ? v.dimensionId : '',
    characterId: accountWide ? '' : target.characterId,
    accountId: accountWide ? target.accountId : '',
    durationSeconds: durationSeconds(v),
    reason: v.reason.trim(),
    playerMessage: v.playerMessage.trim(),
  };
}

/** A ladder step's duration as the form's choice: a preset, permanent, or custom in the largest whole unit. */
export function durationFields(seconds: number): Pick<SanctionFormValues, 'duration' | 'customAmount' | 'customUnit'> {
  if (seconds < 0) return { duration: 'permanent', customAmount: 1, customUnit: 'hours' };
  const preset = DURATION_PRESETS.find((p) => p.seconds === seconds);
  if (preset) return { duration: preset.id, customAmount: 1, customUnit: 'hours' };
  const unit = (['days', 'hours', 'minutes'] as const).find((u) => seconds % CUSTOM_UNITS[u] === 0) ?? 'minutes';
  return { duration: 'custom', customAmount: Math.max(1, Math.round(seconds / CUSTOM_UNITS[unit])), customUnit: unit };
}

/** '60 seconds', '1 hour', '7 days', 'permanently'. */
export function durationText(seconds: number): string {
  if (seconds < 0) return 'permanently';
  const unit = (['days', 'hours', 'minutes'] as const).find((u) => seconds >= CUSTOM_UNITS[u] && seconds % CUSTOM_UNITS[u] === 0);
  if (!unit) return seconds === 1 ? '1 second' : `${seconds} seconds`;
  const n = seconds / CUSTOM_UNITS[unit];
  return `${n} ${n === 1 ? unit.slice(0, -1) : unit}`;
}

/** 'Suggested from history: Mute for 1 day (2 earlier sanctions).' */
export function suggestionText(step: LadderStepRecord, prior: number): string {
  const what = step.kind === 'ban' ? 'Ban' : 'Mute';
  const how = step.durationSeconds < 0 ? 'permanently' : `for ${durationText(step.durationSeconds)}`;
  const history = prior === 0 ? 'no earlier sanctions' : prior === 1 ? '1 earlier sanction' : `${prior} earlier sanctions`;
  return `Suggested from history: ${what} ${how} (${history}).`;
}

/** The kinds a user may choose: 'Account ban' only for admins. */
export function kindChoices(isAdmin: boolean): { id: KindChoice; label: string }[] {
  const kinds: { id: KindChoice; label: string }[] = [
    { id: 'mute', label: 'Mute' },
    { id: 'ban', label: 'Ban' },
  ];
  if (isAdmin) kinds.push({ id: 'account-ban', label: 'Account ban' });
  return kinds;
}
