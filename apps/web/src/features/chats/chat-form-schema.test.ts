import { describe, expect, it } from 'vitest';
import { chatChanges, chatFormSchema } from './chat-form-schema';

describe('chat form', () => {
  it('applies the name rules', () => {
    const issues = (name: string) => {
      const r = chatFormSchema.safeParse({ name, dimensionId: '', public: true });
      return r.success ? [] : r.error.issues.map((i) => i.message);
    };
    expect(issues('General')).toEqual([]);
    expect(issues('ab')).toEqual(['Name too short']);
    expect(issues('x'.repeat(65))).toEqual(['Name too long']);
    expect(issues('no#way')).toEqual(['Name can only contain letters, numbers and dashes']);
    expect(issues('     ')).toEqual(['Name too short']);
    expect(chatFormSchema.parse({ name: '  Lead Trail  ', dimensionId: '', public: true }).name).toBe('Lead Trail');
  });

  it('sends name, dimension and public only when they changed', () => {
    const before = { name: 'General', dimensionId: 'd1', public: false };
    expect(chatChanges(before, before)).toEqual({});
    expect(chatChanges(before, { name: 'Trade', dimensionId: '', public: true })).toEqual({ name: 'Trade', dimension: '', public: true });
    expect(chatChanges(before, { ...before, public: true })).toEqual({ public: true });
  });
});
