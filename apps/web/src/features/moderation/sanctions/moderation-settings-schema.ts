import { z } from '../../../lib/zod';
import type { LadderStepRecord, ModerationSettingsRecord } from '../../../lib/api/sanctions';
import { CUSTOM_UNITS, type CustomUnit } from './sanction-form-schema';

// The server's limits (moderation-rules.ts): the form says the same before the request goes out.
export const MAX_TEMPLATES = 50;
export const MAX_TEMPLATE_LENGTH = 100;
export const MAX_LADDER_STEPS = 10;
/** 100 years: the server's longest duration. */
const MAX_STEP_SECONDS = 100 * 365 * 86400;

export const settingsTexts = {
  templateRequired: 'Template must not be empty',
  templateTooLong: `Template must be at most ${MAX_TEMPLATE_LENGTH} characters`,
  templateRepeated: 'Template repeats an earlier one',
  templatesCount: `Keep 1 to ${MAX_TEMPLATES} reason templates`,
  stepsCount: `Keep 1 to ${MAX_LADDER_STEPS} ladder steps`,
  amountInvalid: 'Duration must be a whole number of 1 or more',
  amountTooLong: 'Duration must be at most 100 years (choose Permanent instead)',
} as const;

const step = z.object({
  kind: z.enum(['mute', 'ban']),
  permanent: z.boolean(),
  amount: z.union([z.number(), z.nan()]),
  unit: z.enum(['minutes', 'hours', 'days']),
});

export const moderationSettingsSchema = z
  .object({
    templates: z
      .array(
        z.object({
          text: z.string().check(z.trim(), z.minLength(1, settingsTexts.templateRequired), z.maxLength(MAX_TEMPLATE_LENGTH, settingsTexts.templateTooLong)),
        }),
      )
      .check(z.minLength(1, settingsTexts.templatesCount), z.maxLength(MAX_TEMPLATES, settingsTexts.templatesCount)),
    ladder: z.array(step).check(z.minLength(1, settingsTexts.stepsCount), z.maxLength(MAX_LADDER_STEPS, settingsTexts.stepsCount)),
  })
  .check(
    z.superRefine((v, ctx) => {
      const seen = new Set<string>();
      v.templates.forEach((t, i) => {
        const text = t.text.trim();
        if (text && seen.has(text)) ctx.addIssue({ code: 'custom', path: ['templates', i, 'text'], message: settingsTexts.templateRepeated });
        seen.add(text);
      });
      v.ladder.forEach((s, i) => {
        if (s.permanent) return;
        if (!Number.isInteger(s.amount) || s.amount < 1) ctx.addIssue({ code: 'custom', path: ['ladder', i, 'amount'], message: settingsTexts.amountInvalid });
        else if (s.amount * CUSTOM_UNITS[s.unit] > MAX_STEP_SECONDS)
          ctx.addIssue({ code: 'custom', path: ['ladder', i, 'amount'], message: settingsTexts.amountTooLong });
      });
    }),
  );

export type ModerationSettingsValues = z.infer<typeof moderationSettingsSchema>;
export type LadderStepValues = ModerationSettingsValues['ladder'][number];

/** A step's duration in the largest whole unit, or permanent. */
export function stepValues(s: LadderStepRecord): LadderStepValues {
  if (s.durationSeconds < 0) return { kind: s.kind, permanent: true, amount: 1, unit: 'days' };
  const unit: CustomUnit = (['days', 'hours', 'minutes'] as const).find((u) => s.durationSeconds % CUSTOM_UNITS[u] === 0) ?? 'minutes';
  return { kind: s.kind, permanent: false, amount: Math.max(1, Math.round(s.durationSeconds / CUSTOM_UNITS[unit])), unit };
}

export const NEW_STEP: LadderStepValues = { kind: 'mute', permanent: false, amount: 1, unit: 'hours' };

export function settingsValues(settings: ModerationSettingsRecord): ModerationSettingsValues {
  return { templates: settings.reasonTemplates.map((text) => ({ text })), ladder: settings.ladder.map(stepValues) };
}

/** The form's values as a SetModerationSettings request (texts trimmed, durations in seconds, -1 permanent). */
export function toModerationSettings(v: ModerationSettingsValues): ModerationSettingsRecord {
  return {
    reasonTemplates: v.templates.map((t) => t.text.trim()),
    ladder: v.ladder.map((s) => ({ kind: s.kind, durationSeconds: s.permanent ? -1 : s.amount * CUSTOM_UNITS[s.unit] })),
  };
}
