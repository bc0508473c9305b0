import { describe, expect, it } from 'vitest';
import { characterFormSchema } from './character-form-schema';

const valid = { ownerId: 'u1', name: 'Nova-7', gender: 'female', realm: 'cyborg', dimensionId: 'd1' };
const issues = (value: object) => {
  const r = characterFormSchema.safeParse({ ...valid, ...value });
  return r.success ? [] : r.error.issues.map((i) => i.message);
};

describe('character form rules (docs/product.md#validation)', () => {
  it('accepts a complete character', () => expect(issues({})).toEqual([]));

  it("uses 'too short'/'too long' and the pattern message", () => {
    expect(issues({ name: 'No' })).toEqual(['Name too short']);
    expect(issues({ name: 'n'.repeat(65) })).toEqual(['Name too long']);
    expect(issues({ name: 'Nova@7' })).toEqual(['Name can only contain letters, numbers and dashes']);
  });

  it('drops spaces at the ends before the rules, and saves the trimmed name', () => {
    expect(issues({ name: '     ' })).toEqual(['Name too short']);
    expect(characterFormSchema.parse({ ...valid, name: '  Pia Nightshade2  ' }).name).toBe('Pia Nightshade2');
  });

  it('requires owner, gender, realm and dimension', () => {
    expect(issues({ ownerId: '', gender: '', realm: '', dimensionId: '' })).toEqual([
      'Owner is required',
      'Gender is required',
      'Realm is required',
      'Dimension is required',
    ]);
    expect(issues({ realm: 'elf' })).toEqual(['Realm is required']);
  });
});
