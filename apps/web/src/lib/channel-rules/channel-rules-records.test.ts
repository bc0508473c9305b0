import { describe, expect, it } from 'vitest';
import { rulesFormErrors, serverErrorField, type ChannelRulesForm } from './channel-rules-records';

const form = (over: Partial<ChannelRulesForm> = {}): ChannelRulesForm => ({ slowModeSeconds: 0, membersOnly: false, rules: [], ...over });

describe('rulesFormErrors', () => {
  it('accepts what the server accepts', () => {
    expect(rulesFormErrors(form({ slowModeSeconds: 86_400, rules: [{ kind: 'word', pattern: 'gold', action: 'hold', message: '' }] }))).toEqual({});
  });

  it('names each bad field like the server does', () => {
    const errors = rulesFormErrors(
      form({
        slowModeSeconds: 86_401,
        rules: [
          { kind: 'word', pattern: 'ok', action: 'hold', message: '' },
          { kind: 'word', pattern: '  ', action: 'block', message: '' },
          { kind: 'pattern', pattern: 'x'.repeat(201), action: 'block', message: '' },
        ],
      }),
    );
    expect(Object.keys(errors).sort()).toEqual(['rules[1].pattern', 'rules[2].pattern', 'slowModeSeconds']);
    expect(errors['rules[2].pattern']).toContain('201');
    expect(rulesFormErrors(form({ slowModeSeconds: Number.NaN })).slowModeSeconds).toBeDefined();
  });
});

describe('serverErrorField', () => {
  it('finds the field a server error names', () => {
    expect(serverErrorField('rules[3].pattern: is not a valid regular expression (RE2 syntax): missing )')).toEqual({
      field: 'rules[3].pattern',
      text: 'is not a valid regular expression (RE2 syntax): missing )',
    });
    expect(serverErrorField('slow_mode_seconds: must be 0..86400')).toEqual({ field: 'slowModeSeconds', text: 'must be 0..86400' });
    expect(serverErrorField('chat channel x not found')).toBeUndefined();
  });
});
