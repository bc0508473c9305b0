import { describe, expect, it } from 'vitest';
import {
  moderationSettingsSchema,
  settingsTexts,
  settingsValues,
  stepValues,
  toModerationSettings,
  type ModerationSettingsValues,
} from './moderation-settings-schema';

const errors = (values: unknown) => {
  const result = moderationSettingsSchema.safeParse(values);
  return result.success ? [] : result.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
};

const valid: ModerationSettingsValues = {
  templates: [{ text: 'Spam' }, { text: 'Harassment' }],
  ladder: [
    { kind: 'mute', permanent: false, amount: 1, unit: 'hours' },
    { kind: 'ban', permanent: true, amount: 1, unit: 'days' },
  ],
};

describe('moderation settings form', () => {
  it('round-trips the server settings through the form values', () => {
    const settings = {
      reasonTemplates: ['Spam', 'Other'],
      ladder: [
        { kind: 'mute' as const, durationSeconds: 3600 },
        { kind: 'mute' as const, durationSeconds: 86400 },
        { kind: 'ban' as const, durationSeconds: 7 * 86400 },
        { kind: 'ban' as const, durationSeconds: 90 },
        { kind: 'ban' as const, durationSeconds: -1 },
      ],
    };
    const values = settingsValues(settings);
    expect(values.ladder.map((s) => [s.permanent, s.amount, s.unit])).toEqual([
      [false, 1, 'hours'],
      [false, 1, 'days'],
      [false, 7, 'days'],
      // 90 s is no whole minute: the form rounds to minutes, the smallest unit it offers.
      [false, 2, 'minutes'],
      [true, 1, 'days'],
    ]);
    expect(toModerationSettings(settingsValues({ ...settings, ladder: settings.ladder.filter((s) => s.durationSeconds !== 90) }))).toEqual({
      ...settings,
      ladder: settings.ladder.filter((s) => s.durationSeconds !== 90),
    });
  });

  it('trims templates and writes permanent as -1', () => {
    expect(toModerationSettings({ ...valid, templates: [{ text: '  Spam  ' }] })).toEqual({
      reasonTemplates: ['Spam'],
      ladder: [
        { kind: 'mute', durationSeconds: 3600 },
        { kind: 'ban', durationSeconds: -1 },
      ],
    });
    expect(stepValues({ kind: 'mute', durationSeconds: 120 })).toEqual({ kind: 'mute', permanent: false, amount: 2, unit: 'minutes' });
  });

  it('accepts valid settings and names each bad field with its rule', () => {
    expect(errors(valid)).toEqual([]);
    expect(errors({ ...valid, templates: [] })).toEqual([`templates: ${settingsTexts.templatesCount}`]);
    expect(errors({ ...valid, templates: [{ text: '   ' }] })).toEqual([`templates.0.text: ${settingsTexts.templateRequired}`]);
    expect(errors({ ...valid, templates: [{ text: 'x'.repeat(101) }] })).toEqual([`templates.0.text: ${settingsTexts.templateTooLong}`]);
    expect(errors({ ...valid, templates: [{ text: 'Spam' }, { text: ' Spam' }] })).toEqual([`templates.1.text: ${settingsTexts.templateRepeated}`]);
    expect(errors({ ...valid, ladder: [] })).toEqual([`ladder: ${settingsTexts.stepsCount}`]);
    expect(errors({ ...valid, ladder: Array.from({ length: 11 }, () => valid.ladder[0]) })).toEqual([`ladder: ${settingsTexts.stepsCount}`]);
    expect(errors({ ...valid, ladder: [{ kind: 'mute', permanent: false, amount: 0, unit: 'hours' }] })).toEqual([
      `ladder.0.amount: ${settingsTexts.amountInvalid}`,
    ]);
    expect(errors({ ...valid, ladder: [{ kind: 'mute', permanent: false, amount: Number.NaN, unit: 'hours' }] })).toEqual([
      `ladder.0.amount: ${settingsTexts.amountInvalid}`,
    ]);
    expect(errors({ ...valid, ladder: [{ kind: 'ban', permanent: false, amount: 36501, unit: 'days' }] })).toEqual([
      `ladder.0.amount: ${settingsTexts.amountTooLong}`,
    ]);
    // A permanent step ignores the amount it no longer shows.
    expect(errors({ ...valid, ladder: [{ kind: 'ban', permanent: true, amount: Number.NaN, unit: 'days' }] })).toEqual([]);
  });
});
