import { describe, expect, it } from 'vitest';
import { dimensionFormSchema } from './dimension-form-schema';

const valid = { name: 'Neo Tokyo_1', version: '1.0.0', location: 'eu-west', mapIds: [] };
const messages = (value: object) => {
  const result = dimensionFormSchema.safeParse({ ...valid, ...value });
  return result.success ? [] : result.error.issues.map((i) => i.message);
};

describe('dimension form rules (docs/product.md#validation)', () => {
  it('accepts a valid dimension', () => {
    expect(messages({})).toEqual([]);
  });

  it('uses the documented exact messages', () => {
    expect(messages({ name: 'ab' })).toEqual(['Name to short']);
    expect(messages({ name: 'x'.repeat(65) })).toEqual(['Name to long']);
    expect(messages({ name: 'bad!name' })).toEqual(['Name can only contain letters, numbers and dashes']);
    expect(messages({ version: '  ' })).toEqual(['Version cannot be empty.']);
    expect(messages({ location: '' })).toEqual(['Location cannot be empty.']);
  });

  it('allows exactly 3 and 64 characters', () => {
    expect(messages({ name: 'abc' })).toEqual([]);
    expect(messages({ name: 'x'.repeat(64) })).toEqual([]);
  });

  it('drops spaces at the ends before the rules, and saves the trimmed name', () => {
    expect(messages({ name: '     ' })).toEqual(['Name to short']);
    expect(messages({ name: ' ab ' })).toEqual(['Name to short']);
    expect(dimensionFormSchema.parse({ ...valid, name: '  Lead Trail  ' }).name).toBe('Lead Trail');
  });
});
